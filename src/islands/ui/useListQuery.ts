import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ListQuery, ListQueryState } from '~/lib/stores/list-query';

/**
 * A console list's store (`createListQuery`) for a component: made once per mount (`make` may build
 * one for this record, or hand back a page-wide one), loaded on mount, its state for the view and
 * `reload` shaped for `LoadedList`.
 */
export function useListQuery<T, F extends string>(
  make: () => ListQuery<T, F>,
): ListQueryState<T, F> & { query: ListQuery<T, F>; reload: () => void } {
  const [query] = useState(make);
  const state = useStore(query.$state);
  useEffect(() => {
    void query.reload();
  }, [query]);
  return { ...state, query, reload: () => void query.reload() };
}
