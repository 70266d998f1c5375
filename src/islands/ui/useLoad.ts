import { useEffect, useEffectEvent, useState } from 'react';
import { errorText } from '~/lib/api/client';

export interface Loaded<T> {
  /** null until the first answer. */
  data: T | null;
  /** The last failure's text ('' once loaded). */
  error: string;
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
  const [state, setState] = useState<{ data: T | null; error: string }>({ data: null, error: '' });
  const [round, setRound] = useState(0);
  const run = useEffectEvent(load);
  useEffect(() => {
    let live = true;
    run().then(
      (data) => {
        if (live) setState({ data, error: '' });
      },
      (err: unknown) => {
        if (live) setState((s) => ({ data: s.data, error: errorText(err) }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  return {
    ...state,
    reload: () => setRound((r) => r + 1),
    set: (data: T) => setState({ data, error: '' }),
  };
}
