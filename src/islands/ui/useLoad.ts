import { useEffect, useEffectEvent, useState } from 'react';
import { errorText, mayRetry } from '~/lib/api/client';

export interface Loaded<T> {
  /** null until the first answer. */
  data: T | null;
  /** The last failure's text ('' once loaded). */
  error: string;
  /** Whether asking again may help (network, server fault); false for a missing or refused record. */
  retryable: boolean;
  /** Loads again (a retry button, after a change elsewhere). */
  reload: () => void;
  /** Replaces the data with what an action answered. */
  set: (data: T) => void;
}

/**
 * Data an island shows, loaded after mount: `useLoad(fetchMemberInfo)`. Loads again when `key`
 * changes; an answer that arrives after a newer request (or after unmount) is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, key: string | number = ''): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string; retryable: boolean }>({ data: null, error: '', retryable: false });
  const [round, setRound] = useState(0);
  const run = useEffectEvent(load);
  useEffect(() => {
    let live = true;
    run().then(
      (data) => {
        if (live) setState({ data, error: '', retryable: false });
      },
      (err: unknown) => {
        if (live) setState((s) => ({ data: s.data, error: errorText(err), retryable: mayRetry(err) }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  return {
    ...state,
    reload: () => setRound((r) => r + 1),
    set: (data: T) => setState({ data, error: '', retryable: false }),
  };
}
