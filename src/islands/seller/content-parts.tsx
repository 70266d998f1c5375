/* Pieces of the coach's content pages (courses, lessons, classes). */

export function SaleBadge(props: { on: boolean }) {
  return (
    <span
      className={
        props.on ? 'rounded bg-success-light px-2 py-0.5 text-xs text-success' : 'rounded bg-page px-2 py-0.5 text-xs text-ink-mute'
      }
    >
      {props.on ? '已上架' : '未上架'}
    </span>
  );
}
