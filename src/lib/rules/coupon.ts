/** Coupon rules the browser needs without the contract (and so without zod). */

/** Where a coupon applies: everything, one kind of order, or one shop's goods. */
export const COUPON_SCOPES = ['all', 'course', 'class', 'goods', 'shop'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
