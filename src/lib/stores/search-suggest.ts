import { map } from 'nanostores';
import { api } from '../api/client';
import type { Suggestion } from '../api/contract/search';
import { SEARCH_LIMITS, type SearchKind } from '../rules/search';

/*
 * The search box's dropdown (SPEC §2 search box, extended): suggestions while typing, and with an
 * empty box the console's hot words and this browser's recent searches (kept in localStorage, never
 * sent anywhere, cleared by 清空).
 */

export const RECENT_KEY = 'gf-search-recent';

/** One row of the dropdown: a suggestion (with the kind whose tab it opens), a hot or a recent word. */
export type SuggestRow = { text: string; kind?: SearchKind; from: 'suggest' | 'hot' | 'recent' };

export interface SuggestState {
  open: boolean;
  /** What the rows answer ('' = the empty box's hot and recent words). */
  q: string;
  rows: SuggestRow[];
  /** The highlighted row (arrow keys), -1 for none. */
  active: number;
}

interface Storage {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

const browserStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (private mode in some browsers)
  }
};

/** This browser's recent searches, newest first. */
export function recentSearches(storage: Storage | null = browserStorage()): string[] {
  try {
    const v: unknown = JSON.parse(storage?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, SEARCH_LIMITS.recentMax) : [];
  } catch {
    return [];
  }
}

/** Keeps a search as the newest recent one (once). */
export function rememberSearch(q: string, storage: Storage | null = browserStorage()): void {
  const key = q.trim();
  if (!key) return;
  const list = [key, ...recentSearches(storage).filter((x) => x !== key)].slice(0, SEARCH_LIMITS.recentMax);
  try {
    storage?.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: nothing to keep
  }
}

export function clearRecent(storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(RECENT_KEY);
  } catch {
    // blocked storage holds nothing anyway
  }
}

type Fetch = (q: string, type: SearchKind | undefined) => Promise<{ list: Suggestion[]; hot: string[] }>;
const fetchSuggestions: Fetch = (q, type) => api('/index/searchSuggest', { q, ...(type ? { type } : {}) });

/**
 * The dropdown of one box. `input(q)` asks the server (the latest answer wins: a slow answer to an
 * earlier key never replaces a later one); `move` walks the rows; `picked()` is the highlighted row.
 */
export function createSuggest(opts: { type?: SearchKind; fetch?: Fetch; storage?: Storage | null } = {}) {
  const fetch = opts.fetch ?? fetchSuggestions;
  const storage = opts.storage === undefined ? browserStorage() : opts.storage;
  const $state = map<SuggestState>({ open: false, q: '', rows: [], active: -1 });
  let hot: string[] | null = null;
  let asked = 0;

  const emptyRows = (): SuggestRow[] => [
    ...recentSearches(storage).map((text) => ({ text, from: 'recent' as const })),
    ...(hot ?? []).map((text) => ({ text, from: 'hot' as const })),
  ];

  async function input(raw: string): Promise<void> {
    const q = raw.trim().slice(0, SEARCH_LIMITS.keyMax);
    const mine = ++asked;
    if (!q && hot) return void $state.set({ open: true, q: '', rows: emptyRows(), active: -1 });
    try {
      const r = await fetch(q, opts.type);
      hot = r.hot;
      if (mine !== asked) return;
      const rows: SuggestRow[] = q
        ? r.list.slice(0, SEARCH_LIMITS.suggestMax).map((s) => ({ text: s.text, kind: s.kind, from: 'suggest' as const }))
        : emptyRows();
      $state.set({ open: true, q, rows, active: -1 });
    } catch {
      // Suggestions are a help: a failed request leaves the box as it is.
      if (mine === asked) $state.set({ ...$state.get(), open: false });
    }
  }

  function move(step: 1 | -1): void {
    const s = $state.get();
    if (!s.open || !s.rows.length) return;
    const n = s.rows.length;
    $state.setKey('active', s.active === -1 ? (step === 1 ? 0 : n - 1) : (s.active + step + n) % n);
  }

  return {
    $state,
    input,
    move,
    close: () => $state.setKey('open', false),
    picked: (): SuggestRow | null => {
      const s = $state.get();
      return s.open ? (s.rows[s.active] ?? null) : null;
    },
    clearRecent: () => {
      clearRecent(storage);
      $state.set({ ...$state.get(), rows: $state.get().rows.filter((r) => r.from !== 'recent'), active: -1 });
    },
  };
}

export type SuggestBox = ReturnType<typeof createSuggest>;
