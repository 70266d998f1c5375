import { useState, type ReactNode } from 'react';
import type { Queue } from '~/lib/stores/admin-queues';
import { DecisionDialog } from '../ui/DecisionDialog';
import { PagerButtons } from '../ui/PagerButtons';
import { StatusTabs } from '../ui/Tabs';
import { bodyCell, headCell } from '../ui/Table';
import { inlineLinkBtn, dangerLinkBtn } from '../ui/buttons';
import { LoadedList } from '../ui/states';
import { useListQuery } from '../ui/useListQuery';

/** What a decision's dialog asks (DecisionDialog's words) and what it does with the text. */
export interface Decision {
  title: string;
  label: string;
  placeholder?: string;
  confirm: string;
  danger?: boolean;
  multiline?: boolean;
  intro?: ReactNode;
  done: string;
  run: (text: string) => Promise<unknown>;
}

/** A row's action: a button that opens its decision's dialog. */
export interface QueueAction<T> {
  label: string;
  /** link: a text button; danger: a red text button; primary / plain: a filled / outlined button. */
  look: 'link' | 'danger' | 'primary' | 'plain';
  /** Hidden for rows it does not apply to (all rows when absent). */
  shown?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
  decision: (row: T) => Decision;
}

export interface QueueColumn<T> {
  head: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of the body cell (`whitespace-nowrap text-ink-soft`). */
  className?: string;
}

/** A queue: its store, status tabs, what an empty tab says, rows shown as a table or as cards, and the decisions. */
export interface QueueConfig<T extends { id: number }, S extends string> {
  queue: Queue<T, S>;
  tabs: readonly (readonly [S, string])[];
  empty: (status: S) => string;
  /** Rows still waiting for a decision; the others show no actions. */
  pending: (row: T) => boolean;
  actions: readonly QueueAction<T>[];
  view:
    | { table: readonly QueueColumn<T>[]; label?: string; testId?: string; rowTestId?: (row: T) => string }
    | { card: (row: T, actions: ReactNode) => ReactNode };
}

const LOOK = {
  link: inlineLinkBtn,
  danger: dangerLinkBtn,
  primary: 'gf-btn h-8 bg-brand px-4 text-white',
  plain: 'gf-btn h-8 border border-line px-4 text-ink-soft',
} as const;

/**
 * The console's decision queues (content reports, shop cancellations, refund disputes, withdrawals,
 * the oversight of sellers' 秒杀 and 拼团):
 * status tabs, the page of rows, the pager, and a DecisionDialog for the chosen action; the queue
 * loads again once a decision is made.
 */
export function StatusQueue<T extends { id: number }, S extends string>(props: { config: QueueConfig<T, S> }) {
  const { queue, tabs, view } = props.config;
  const state = useListQuery(() => queue);
  const [open, setOpen] = useState<Decision | null>(null);
  const actions = (row: T, table: boolean) =>
    props.config.pending(row) ? (
      <>
        {props.config.actions.map(
          (a, i) =>
            (a.shown?.(row) ?? true) && (
              <button
                key={a.label}
                type="button"
                className={`${LOOK[a.look]}${table && i > 0 ? ' ml-3' : ''}`}
                disabled={a.disabled?.(row)}
                onClick={() => setOpen(a.decision(row))}
              >
                {a.label}
              </button>
            ),
        )}
      </>
    ) : table ? (
      <span className="text-ink-mute">—</span>
    ) : null;
  return (
    <div>
      <StatusTabs value={state.filter} tabs={tabs} onChange={(s) => void queue.setFilter(s)} />
      <LoadedList q={state} empty={props.config.empty(state.filter)}>
        {(data) =>
          'table' in view ? (
            <table className="w-full text-left text-sm" aria-label={view.label} data-testid={view.testId}>
              <thead className="bg-surface-head text-ink-soft">
                <tr>
                  {view.table.map((c) => (
                    <th key={c.head} className={headCell}>
                      {c.head}
                    </th>
                  ))}
                  <th className={headCell}>操作</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((row) => (
                  <tr key={row.id} className="border-b border-line" data-testid={view.rowTestId?.(row)}>
                    {view.table.map((c) => (
                      <td key={c.head} className={c.className ? `${bodyCell} ${c.className}` : bodyCell}>
                        {c.cell(row)}
                      </td>
                    ))}
                    <td className={`${bodyCell} whitespace-nowrap`}>{actions(row, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <ul className="flex flex-col gap-4">{data.list.map((row) => view.card(row, actions(row, false)))}</ul>
          )
        }
      </LoadedList>
      {state.data && <PagerButtons page={state.page} total={state.data.total} limit={queue.limit} onPage={(p) => void queue.setPage(p)} />}
      {open && <DecisionFor decision={open} onClose={() => setOpen(null)} onDone={() => void queue.reload()} />}
    </div>
  );
}

function DecisionFor(props: { decision: Decision; onClose: () => void; onDone: () => void }) {
  const { run, ...words } = props.decision;
  return (
    <DecisionDialog
      {...words}
      onClose={props.onClose}
      onConfirm={async (text) => {
        await run(text);
        props.onDone();
      }}
    />
  );
}
