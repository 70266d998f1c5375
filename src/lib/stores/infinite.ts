import { map, type MapStore } from 'nanostores';
import { errorText } from '../api/client';
import type { Page } from './paged';

export interface InfiniteState<T, Q> {
  query: Q;
  items: T[];
  /** The last page loaded (0 before the first). */
  page: number;
  total: number;
  loading: boolean;
  /** A pull-to-refresh in progress (the items stay shown until the fresh first page arrives). */
  refreshing: boolean;
  error: string;
}

export interface InfiniteList<T, Q> {
  $list: MapStore<InfiniteState<T, Q>>;
  /** The next page, unless one is loading or all are here. */
  more: () => Promise<void>;
  /** The first page again (pull to refresh); the list is replaced when it arrives. */
  refresh: () => Promise<void>;
  /** Another filter (a tab, a sort) starts from its first page. */
  setQuery: (query: Q) => Promise<void>;
  done: () => boolean;
}

/**
 * A list that grows as the reader scrolls (the mobile site's lists). `initial` is the first page the
 * server rendered, so the first screen needs no request. Only the newest request's answer is kept:
 * a tab switched mid-load never shows the old tab's page.
 */
export function createInfiniteList<T, Q>(
  fetch: (query: Q, page: number) => Promise<Page<T>>,
  query: Q,
  initial?: Page<T>,
): InfiniteList<T, Q> {
  const $list = map<InfiniteState<T, Q>>({
    query,
    items: initial?.list ?? [],
    page: initial ? initial.page : 0,
    total: initial?.total ?? 0,
    loading: false,
    refreshing: false,
    error: '',
  });
  let latest = 0;

  const done = () => {
    const s = $list.get();
    return s.page > 0 && s.items.length >= s.total;
  };

  async function load(page: number, replace: boolean): Promise<void> {
    const mine = ++latest;
    const q = $list.get().query;
    $list.set({ ...$list.get(), loading: true, refreshing: replace && $list.get().items.length > 0, error: '' });
    try {
      const data = await fetch(q, page);
      if (mine !== latest) return;
      const items = replace ? data.list : [...$list.get().items, ...data.list];
      $list.set({ ...$list.get(), items, page: data.page, total: data.total, loading: false, refreshing: false });
    } catch (err) {
      if (mine === latest) $list.set({ ...$list.get(), loading: false, refreshing: false, error: errorText(err) });
    }
  }

  return {
    $list,
    done,
    more: () => ($list.get().loading || done() ? Promise.resolve() : load($list.get().page + 1, false)),
    refresh: () => load(1, true),
    setQuery: (q: Q) => {
      $list.set({ query: q, items: [], page: 0, total: 0, loading: false, refreshing: false, error: '' });
      return load(1, true);
    },
  };
}
