import { map } from 'nanostores';
import { api, errorText } from '../api/client';
import type { ClaimableCoupon, CouponScope, CouponTab, CouponView, MyCoupon } from '../api/contract/coupon';
import { T } from '../texts';
import { InputError } from './action';
import { createPagedList } from './paged';
import { $session } from './session';
import { openLogin } from './ui';

export type { ClaimableCoupon, CouponTab, CouponView, MyCoupon };

/** The tabs of 我的优惠券, in order. */
export const COUPON_TAB_LABELS: readonly (readonly [CouponTab, string])[] = [
  ['unused', '未使用'],
  ['used', '已使用'],
  ['expired', '已过期'],
];

export const couponTabLabel = (tab: CouponTab): string => COUPON_TAB_LABELS.find(([k]) => k === tab)?.[1] ?? '';

/** Where 去使用 leads for a coupon: the course it names, else the list of what its scope covers. */
export function couponUseHref(c: { scope: CouponScope; course_id: number | null }): string {
  if (c.course_id !== null) return `/train/courseDetail?id=${c.course_id}`;
  const { scope } = c;
  if (scope === 'class') return '/train/class';
  if (scope === 'goods' || scope === 'shop') return '/shop';
  return '/train/course';
}

/** /coupon: the templates open for claiming (null until loaded). */
export const $couponCenter = map<{ list: ClaimableCoupon[] | null; error: string }>({ list: null, error: '' });

/** Loads the 领券中心 (as the session sees it: 已领取 needs the member). */
export async function loadCouponCenter(): Promise<void> {
  try {
    $couponCenter.set({ list: await api('/public/couponCenter'), error: '' });
  } catch (err) {
    $couponCenter.setKey('error', errorText(err));
  }
}

/** 立即领取: a guest is asked to log in; a member claims it and the centre reloads. */
export async function claimCoupon(c: Pick<ClaimableCoupon, 'id'>): Promise<void> {
  if (!$session.get()) {
    openLogin();
    throw new InputError(T.loginFirst, 'warning');
  }
  await api('/member/couponClaim', { id: c.id });
  await loadCouponCenter();
}

export const MY_COUPON_LIMIT = 10;

/** /my/wallet/coupon: the member's coupons of one tab, paged. */
export const createMyCoupons = () =>
  createPagedList<MyCoupon, CouponTab>((status, page) => api('/member/couponList', { status, page, limit: MY_COUPON_LIMIT }), 'unused');
