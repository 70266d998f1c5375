import { textPieces } from '~/lib/rules/circle-text';

/** A post's or comment's plain text: links, @mentions and search matches as elements, all escaped. */
export function PostText(props: {
  text: string;
  mentions?: readonly { nick: string; home: string }[];
  q?: string | undefined;
  className?: string;
}) {
  const pieces = textPieces(props.text, props.mentions, props.q);
  return (
    <p className={props.className ?? 'whitespace-pre-wrap break-words text-[15px] leading-7 text-ink'}>
      {pieces.map((p, i) => {
        switch (p.kind) {
          case 'link':
            return (
              <a key={i} href={p.href} target="_blank" rel="nofollow noopener noreferrer ugc" className="text-info-link hover:underline">
                {p.text}
              </a>
            );
          case 'mention':
            return (
              <a key={i} href={p.href} className="text-brand hover:underline">
                {p.text}
              </a>
            );
          case 'mark':
            return (
              <mark key={i} className="bg-transparent text-brand">
                {p.text}
              </mark>
            );
          default:
            return <span key={i}>{p.text}</span>;
        }
      })}
    </p>
  );
}
