import { api, call } from '../api/client';
import {
  PROMOTION_TEXTS,
  SHARE_CODE_RE,
  SHARE_PARAM,
  WINDOW_DAYS_MAX,
  percentToBp,
  type RateKind,
  type ShareKind,
} from '../rules/promotion';
import { InputError } from './action';
import { requireLogin } from './guard';

/**
 * 分销 in the browser: recording a landing through a share link, the member's link and poster, the
 * 推广中心 lists, the seller's rates and the console's limits.
 */

/**
 * On a detail page: a `?share=` landing is reported once (the server records the click and sets the
 * attribution cookie); a failure is silent — the page works the same without it.
 */
export async function reportLanding(kind: ShareKind, id: number, search = globalThis.location?.search ?? ''): Promise<boolean> {
  const code = new URLSearchParams(search).get(SHARE_PARAM) ?? '';
  if (!SHARE_CODE_RE.test(code)) return false;
  try {
    const r = await call('/public/promotion/click', { code, kind, id });
    return r.code === 200 && r.data.recorded;
  } catch {
    return false;
  }
}

/** The member's share link for an item (asks to sign in first). */
export async function fetchShareLink(kind: ShareKind, id: number) {
  requireLogin();
  return api('/member/promotion/link', { kind, id });
}

/** A site path as the absolute address a friend opens. */
export const absolute = (path: string): string => new URL(path, globalThis.location?.origin ?? 'http://localhost').href;

export const fetchPromotionSummary = () => api('/member/promotion/summary');
export const fetchPromotionLinks = (page: number, limit = 10) => api('/member/promotion/links', { page, limit });
export const fetchPromotionOrders = (page: number, limit = 10) => api('/member/promotion/orders', { page, limit });

export const fetchSellerPromotion = () => api('/seller/promotion/settings');
export const fetchSellerRateItems = (kind: ShareKind, page: number, limit = 10) => api('/seller/promotion/items', { kind, page, limit });

/** Saves a rate typed as a percentage ('' or 0 clears it), checked against the limits shown. */
export async function saveSellerRate(kind: RateKind, itemId: number, text: string, limits: { min_bp: number; max_bp: number }) {
  const t = text.trim();
  const bp = t === '' ? 0 : percentToBp(t);
  if (bp === null) throw new InputError(PROMOTION_TEXTS.rateInvalid);
  if (bp !== 0 && (bp < limits.min_bp || bp > limits.max_bp)) throw new InputError(PROMOTION_TEXTS.rateRange(limits.min_bp, limits.max_bp));
  await api('/seller/promotion/rateSave', { kind, item_id: itemId, rate_bp: bp });
  return bp;
}

export const fetchAdminPromotion = () => api('/admin/promotion/settings');

/** Saves the console's limits typed as percentages and days. */
export async function saveAdminPromotion(form: { min: string; max: string; days: string }) {
  const min = percentToBp(form.min);
  const max = percentToBp(form.max);
  if (min === null || max === null || min < 1 || max > 10_000) throw new InputError(PROMOTION_TEXTS.rateInvalid);
  if (min > max) throw new InputError(PROMOTION_TEXTS.limitsOrder);
  const days = Number(form.days.trim());
  if (!Number.isInteger(days) || days < 1 || days > WINDOW_DAYS_MAX) throw new InputError(`归因窗口需在 1 ~ ${WINDOW_DAYS_MAX} 天之间`);
  await api('/admin/promotion/settingsSave', { min_bp: min, max_bp: max, window_days: days });
}
