import { map, type MapStore } from 'nanostores';
import { errorText } from '../api/client';

/** A page of a list answer (`pageSchema` in the contracts). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

export interface PagedState<T, Q> {
  /** What the list is filtered by (a tab, a kind); `null` for lists without a filter. */
  query: Q;
  page: number;
  /** null while the first page of a query loads. */
  data: Page<T> | null;
  error: string;
}

export interface PagedList<T, Q> {
  $list: MapStore<PagedState<T, Q>>;
  load: () => Promise<void>;
  setPage: (page: number) => Promise<void>;
  /** Another filter starts at its first page, with nothing shown until it loads. */
  setQuery: (query: Q) => Promise<void>;
}

/**
 * A paged list of the member's records (coupons, ledger lines, courses). Only the newest
 * request's answer is shown, so quick tab or page changes never show a stale page; a failure
 * keeps its Chinese text in `error` for the list to show.
 */
export function createPagedList<T, Q>(fetch: (query: Q, page: number) => Promise<Page<T>>, query: Q): PagedList<T, Q> {
  const $list = map<PagedState<T, Q>>({ query, page: 1, data: null, error: '' });
  let latest = 0;

  async function load(): Promise<void> {
    const { query: q, page } = $list.get();
    const mine = ++latest;
    try {
      const data = await fetch(q, page);
      if (mine === latest) $list.set({ ...$list.get(), data, error: '' });
    } catch (err) {
      if (mine === latest) $list.setKey('error', errorText(err));
    }
  }

  function setPage(page: number): Promise<void> {
    $list.setKey('page', page);
    return load();
  }

  function setQuery(q: Q): Promise<void> {
    $list.set({ query: q, page: 1, data: null, error: '' });
    return load();
  }

  return { $list, load, setPage, setQuery };
}
