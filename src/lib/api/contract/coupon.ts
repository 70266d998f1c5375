import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';
import { bit, fen, idField, isoTime, pageInput, pageSchema } from '../fields';
import { COUPON_SCOPES } from '../../rules/coupon';

const tags = ['交易'];

export { COUPON_SCOPES, type CouponScope } from '../../rules/coupon';

/** The tabs of 我的优惠券. Expired = unused past its validity. */
export const COUPON_TABS = ['unused', 'used', 'expired'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

/** A coupon template: its value, rules and validity. */
export const couponTemplateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  amount: fen().describe('减免金额（分）'),
  threshold: fen().describe('满多少可用（分）'),
  scope: z.enum(COUPON_SCOPES),
  scope_text: z.string().describe('适用范围说明（限定课程时含课程名）'),
  course_id: z.number().int().nullable().describe('限定的课程；null 为不限课程'),
  valid_days: z.number().int().describe('领取后有效天数，0 为至领取截止时间'),
  ends_at: isoTime(),
  left: z.number().int().describe('剩余张数'),
});
export type CouponTemplate = z.output<typeof couponTemplateSchema>;

/** A template in the 领券中心, with whether the caller has claimed as many as allowed. */
export const claimableCouponSchema = couponTemplateSchema.extend({
  claimed: bit().describe('1 为已领满（游客为 0）'),
});
export type ClaimableCoupon = z.output<typeof claimableCouponSchema>;

/** A coupon the member holds (`id` is the member's coupon, `template_id` its template). */
export const myCouponSchema = couponTemplateSchema.extend({
  template_id: z.number().int(),
  status: z.enum(COUPON_TABS),
  order_id: z.number().int().nullable().describe('占用或使用它的订单'),
  valid_from: isoTime(),
  valid_to: isoTime(),
});
export type MyCoupon = z.output<typeof myCouponSchema>;

/** What a coupon ticket shows: a template, or a held coupon with its own end date. */
export type CouponView = Pick<
  CouponTemplate,
  'id' | 'title' | 'amount' | 'threshold' | 'scope' | 'scope_text' | 'course_id' | 'valid_days' | 'ends_at'
> & {
  valid_to?: string;
};

/** 领券中心 and the member's coupons. */
export const couponApi = {
  center: defineEndpoint({
    path: '/public/couponCenter',
    summary: '领券中心：可领取的优惠券',
    tags,
    access: 'public',
    input: noInput,
    output: z.array(claimableCouponSchema),
  }),
  claim: defineEndpoint({
    path: '/member/couponClaim',
    summary: '领取优惠券',
    tags,
    access: 'member',
    input: z.object({ id: idField('优惠券 id') }),
    output: z.object({ id: z.number().int().describe('领到的优惠券 id'), valid_to: isoTime() }),
    okMsg: '领取成功',
  }),
  mine: defineEndpoint({
    path: '/member/couponList',
    summary: '我的优惠券（未使用/已使用/已过期）',
    tags,
    access: 'member',
    input: z.object({ ...pageInput, status: z.enum(COUPON_TABS, { error: '优惠券状态不正确' }).default('unused') }),
    output: pageSchema(myCouponSchema),
  }),
};
