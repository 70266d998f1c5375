import type { ReactNode } from 'react';

/* The console's tables: a head row on a light band, rows divided by lines. */

export function Table(props: { label?: string; head: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <table className="w-full text-left text-sm" aria-label={props.label} data-testid={props.testId}>
      <thead className="bg-surface-head text-ink-soft">
        <tr>{props.head}</tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}

/** A head cell that keeps its label on one line. */
export function Th(props: { children?: ReactNode }) {
  return <th className="whitespace-nowrap px-3 py-2 font-500">{props.children}</th>;
}

/** A body cell with its own bottom line, content centred vertically. */
export const td = 'border-b border-line px-3 py-2 align-middle';

/** Cells of a table whose rows draw the line (`<tr className="border-b border-line">`): head, and body at the top. */
export const headCell = 'px-3 py-2 font-500';
export const bodyCell = 'px-3 py-2 align-top';
