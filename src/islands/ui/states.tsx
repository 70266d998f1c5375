import type { ReactNode } from 'react';
import type { Loaded } from './useLoad';

/* The states around data an island shows: loading, failed (with retry), empty, and the list itself. */

/** The plain loading line of a page or panel. */
export const Loading = () => <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;

/**
 * What a page shows when its data could not be loaded: the message, 重试 only when asking again can
 * help (a network or server fault — `load.retryable`, or an explicit `retry`), and a way back
 * (`back`; the home page when there is nothing to retry) — a missing record or a refusal answers
 * the same however often it is asked.
 */
export function LoadFailed(
  props: ({ load: Pick<Loaded<unknown>, 'error' | 'retryable' | 'reload'> } | { error: string; retry?: (() => void) | undefined }) & {
    back?: readonly [label: string, href: string];
  },
) {
  const error = 'load' in props ? props.load.error : props.error;
  const retry = 'load' in props ? (props.load.retryable ? props.load.reload : undefined) : props.retry;
  const [label, href] = props.back ?? ['返回首页', '/'];
  return (
    <div className="py-16 text-center" data-testid="load-failed">
      <p role="alert" className="text-danger">
        {error}
      </p>
      <div className="mt-4 flex justify-center gap-3">
        {retry && (
          <button type="button" className="gf-btn-ghost" onClick={retry}>
            重试
          </button>
        )}
        {(props.back || !retry) && (
          <a className={retry ? 'gf-btn-ghost' : 'gf-btn-primary'} href={href}>
            {label}
          </a>
        )}
      </div>
    </div>
  );
}

/** Empty state of a list: an icon, a line of text and an optional action. */
export function Empty(props: { icon: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-ink-mute">
      <span className={`${props.icon} text-5xl text-placeholder`} />
      <p className="text-sm">{props.text}</p>
      {props.children}
    </div>
  );
}

/** Loading / error / empty states of a member-facing list held in a store (flags from its state). */
export function ListState(props: {
  error: string;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  emptyAction?: [string, string];
  children: ReactNode;
}) {
  if (props.error)
    return (
      <p role="alert" className="py-16 text-center text-danger">
        {props.error}
      </p>
    );
  if (props.loading) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  if (props.empty)
    return (
      <div className="flex flex-col items-center gap-3 py-20 text-ink-mute" data-testid="empty-state">
        <span className="i-ri-inbox-line text-5xl" />
        <p>{props.emptyText}</p>
        {props.emptyAction && (
          <a href={props.emptyAction[1]} className="gf-btn-ghost">
            {props.emptyAction[0]}
          </a>
        )}
      </div>
    );
  return <>{props.children}</>;
}

/** The part of a loaded list `LoadedList` reads: `useLoad`'s answer, or a store's state shaped alike. */
export type ListQuery<T> = Pick<Loaded<T>, 'data' | 'error' | 'retryable' | 'reload'>;

/**
 * Loading, error (with 重试 when asking again may help) and empty states around a loaded list (the
 * console's tables); renders `children` once there are rows.
 */
export function LoadedList<T extends { list: unknown[] }>(props: { q: ListQuery<T>; empty: string; children: (data: T) => ReactNode }) {
  const { q } = props;
  if (q.error && !q.data)
    return (
      <p role="alert" className="py-10 text-center text-ink-soft">
        {q.error}
        {q.retryable && (
          <button type="button" className="ml-3 text-brand" onClick={q.reload}>
            重试
          </button>
        )}
      </p>
    );
  if (!q.data) return <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  if (!q.data.list.length) return <p className="py-10 text-center text-ink-soft">{props.empty}</p>;
  return <>{props.children(q.data)}</>;
}
