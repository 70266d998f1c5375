import { map, type MapStore } from 'nanostores';
import { errorText, mayRetry } from '../api/client';
import type { Page } from './paged';

/** A paged list behind a filter (a status tab, a search key): the filter, the page, and the rows of that page. */
export interface ListQueryState<T, F extends string> {
  filter: F;
  page: number;
  /** null until the first answer; the last page stays shown while another loads. */
  data: Page<T> | null;
  /** The last failure's text ('' once loaded). */
  error: string;
  /** Whether asking again may help (network, server fault). */
  retryable: boolean;
}

export interface ListQuery<T, F extends string> {
  $state: MapStore<ListQueryState<T, F>>;
  /** Loads the current tab and page again (after a decision, a retry). */
  reload: () => Promise<void>;
  /** Another filter starts at its first page. */
  setFilter: (filter: F) => Promise<void>;
  setPage: (page: number) => Promise<void>;
  limit: number;
}

/**
 * The store of a console list (a decision queue, the member search, a member's ledgers). Only the newest request's answer is shown, so quick tab or page changes never
 * show a stale page; a failure keeps the rows already shown and says whether a retry may help.
 */
export function createListQuery<T, F extends string>(
  fetch: (q: { filter: F; page: number; limit: number }) => Promise<Page<T>>,
  filter: NoInfer<F>,
  limit: number,
): ListQuery<T, F> {
  const $state = map<ListQueryState<T, F>>({ filter, page: 1, data: null, error: '', retryable: false });
  let latest = 0;
  async function reload(): Promise<void> {
    const { filter: f, page } = $state.get();
    const mine = ++latest;
    try {
      const data = await fetch({ filter: f, page, limit });
      if (mine === latest) $state.set({ ...$state.get(), data, error: '', retryable: false });
    } catch (err) {
      if (mine === latest) $state.set({ ...$state.get(), error: errorText(err), retryable: mayRetry(err) });
    }
  }
  return {
    $state,
    reload,
    limit,
    setFilter(f) {
      $state.set({ ...$state.get(), filter: f, page: 1 });
      return reload();
    },
    setPage(page) {
      $state.setKey('page', page);
      return reload();
    },
  };
}
