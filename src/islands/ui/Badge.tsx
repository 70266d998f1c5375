/** An on/off state as a small badge (上架/下架, 启用/停用). */
export function Badge(props: { on: boolean; onText: string; offText: string }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${props.on ? 'bg-success-pale text-success-strong' : 'bg-surface-off text-ink-soft'}`}>
      {props.on ? props.onText : props.offText}
    </span>
  );
}
