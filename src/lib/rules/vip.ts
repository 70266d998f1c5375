/** VIP membership (SPEC-free; the growth tools): plans, texts and limits both sides use. */

export const VIP_PLAN_CODES = ['month', 'year'] as const;
export type VipPlanCode = (typeof VIP_PLAN_CODES)[number];

/** The renewal reminder goes out this long before the membership ends (once per period). */
export const VIP_REMIND_BEFORE_MS = 3 * 86_400_000;

/** An operator's price: at least ¥0.01, at most ¥100,000. */
export const VIP_PRICE_MAX = 10_000_000;

export const VIP_TEXTS = {
  planGone: '会员套餐不存在',
  planOff: '该会员套餐已停售，请选择其他套餐',
  unpaid: '你有一笔待支付的会员订单，请先完成支付或取消后再下单',
  noRefund: '会员服务开通后即时生效，不支持退款',
  saved: '会员套餐已保存',
  vipPriceHigh: '会员价须低于售价',
  remindTitle: '你的VIP会员即将到期',
  remind: (end: string) =>
    `<p>你的VIP会员将于 ${end} 到期，到期后VIP免费课程与会员价将不再享有。现在续费，会员期从当前到期时间起顺延。</p>`,
  badge: 'VIP免费',
  memberPrice: '会员价',
} as const;

/** Fen as yuan with two decimals (plans and 会员价 are shown in yuan). */
export const vipYuan = (fen: number) => (fen / 100).toFixed(2);

/** Days left in a membership ending at `endsAt` (rounded up; 0 once it ended). */
export function vipDaysLeft(endsAt: string | null, now = Date.now()): number {
  if (!endsAt) return 0;
  const ms = Date.parse(endsAt) - now;
  return ms > 0 ? Math.ceil(ms / 86_400_000) : 0;
}
