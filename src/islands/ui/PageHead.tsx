import type { ReactNode } from 'react';

/** A management page's title row (seller, provider areas): an optional way back, the title, actions on the right. */
export function PageHead(props: { title: string; children?: ReactNode; sub?: string; back?: [label: string, href: string] }) {
  return (
    <div className="mb-6 flex items-center justify-between border-b border-line pb-4">
      <div className="flex items-center gap-3">
        {props.back && (
          <a href={props.back[1]} className="text-sm text-ink-soft hover:text-brand">
            <span className="i-ri-arrow-left-s-line align-[-2px]" />
            {props.back[0]}
          </a>
        )}
        <div>
          <h1 className="text-lg font-600 text-ink">{props.title}</h1>
          {props.sub && <p className="mt-1 text-xs text-ink-mute">{props.sub}</p>}
        </div>
      </div>
      <div className="flex items-center gap-3">{props.children}</div>
    </div>
  );
}

/** Page heading inside the member's account card. */
export function Heading(props: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-8 flex items-center justify-between border-b border-line pb-4">
      <h1 className="text-lg font-600 text-ink">{props.title}</h1>
      {props.children}
    </div>
  );
}
