import { atom } from 'nanostores';
import { api } from '../api/client';
import type { CancelStatus } from '../api/contract/shop-cancel';
import { Identity } from '../rules/roles';
import { cancelReasonError } from '../rules/shop-cancel';
import { check } from './action';

export type { CancelStatus };

export const fetchCancelInfo = () => api('/shop/applyCancelInfo');

export async function applyShopCancel(reason: string): Promise<CancelStatus> {
  check(cancelReasonError(reason));
  return api('/shop/applyCancel', { reason: reason.trim() });
}

export const withdrawShopCancel = (): Promise<CancelStatus> => api('/shop/applyCancelWithdraw');

/**
 * The header's shop-management link (SPEC §4/§6) needs the cancel status of a shop owner: null
 * until it has answered (the link follows identity alone meanwhile), then 1, 2 or 3.
 */
export const $shopCancelStatus = atom<number | null>(null);
let askedFor: number | null = null;

/** Asks once per signed-in shop owner; other users never need it. A failure leaves it unknown. */
export async function loadShopCancelStatus(user: { user_id: number; identity: number } | null): Promise<void> {
  if (!user || user.identity !== Identity.MECHANT) {
    askedFor = null;
    $shopCancelStatus.set(null);
    return;
  }
  if (askedFor === user.user_id) return;
  askedFor = user.user_id;
  try {
    $shopCancelStatus.set((await api('/shop/applyCancelStatus')).status);
  } catch {
    askedFor = null;
  }
}

/** After an application or a withdrawal on this page, the header follows at once. */
export const setShopCancelStatus = (status: number) => $shopCancelStatus.set(status);
