import { map } from 'nanostores';
import { api, errorText } from '../api/client';
import type { LedgerEntry } from '../api/contract/wallet';
import { createPagedList } from './paged';

export type { LedgerEntry };

/** /my/wallet/kungfucoin shows every line; /my/finance (打赏流水) the gift lines. */
export type LedgerView = 'coins' | 'finance';

export const LEDGER_LIMIT = 15;

/** The ledger of one view, paged. */
export const createLedger = (view: LedgerView) =>
  createPagedList<LedgerEntry, LedgerView>(
    (v, page) => api('/member/coinLedger', { page, limit: LEDGER_LIMIT, type: v === 'finance' ? 'gift' : 'all' }),
    view,
  );

/** The member's coin balance (null until loaded). */
export const $balance = map<{ coins: number | null; error: string }>({ coins: null, error: '' });

/** Loads the balance; `quiet` keeps a failure off the page (a background refresh). */
export async function loadBalance(quiet = false): Promise<void> {
  try {
    $balance.set({ coins: (await api('/member/wallet')).coins, error: '' });
  } catch (err) {
    if (!quiet) $balance.setKey('error', errorText(err));
  }
}

/** Back from a top-up (`?topup=1`): the gateway's notice may land a moment after the redirect. */
export const backFromTopUp = (search: string): boolean => new URLSearchParams(search).get('topup') === '1';

/** How long after a top-up the balance is asked again. */
export const TOPUP_SETTLE_MS = 1500;

/** Asks for the balance again once the top-up has had time to settle; answers a cancel function. */
export function refreshBalanceSoon(ms = TOPUP_SETTLE_MS): () => void {
  const timer = setTimeout(() => void loadBalance(true), ms);
  return () => clearTimeout(timer);
}
