import type { ReactNode } from 'react';

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

/** A page's title row with its main action. */
export function PageHead(props: { title: string; back?: [string, string]; children?: ReactNode }) {
  return (
    <div className="mb-5 flex items-center justify-between border-b border-line pb-4">
      <div className="flex items-center gap-3">
        {props.back && (
          <a href={props.back[1]} className="text-sm text-ink-soft hover:text-brand">
            <span className="i-ri-arrow-left-s-line align-[-2px]" />
            {props.back[0]}
          </a>
        )}
        <h1 className="text-lg font-600 text-ink">{props.title}</h1>
      </div>
      <div className="flex gap-2">{props.children}</div>
    </div>
  );
}
