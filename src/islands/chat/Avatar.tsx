import { img } from '~/lib/media';

/** A round avatar; a group without a picture shows its first character. */
export function Avatar(props: { src: string; name: string; size?: number; group?: boolean }) {
  const size = props.size ?? 40;
  if (props.group && !props.src) {
    return (
      <span
        aria-hidden="true"
        className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand/90 font-600 text-white"
        style={{ width: size, height: size, fontSize: size * 0.42 }}
      >
        {props.name.slice(0, 1) || '群'}
      </span>
    );
  }
  return (
    <img
      src={img(props.src)}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full bg-line object-cover"
      style={{ width: size, height: size }}
    />
  );
}
