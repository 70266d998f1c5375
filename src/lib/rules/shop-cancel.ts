/**
 * Shop cancellation (SPEC §2 "including shop cancellation"). `/api/shop/applyCancelStatus`
 * answers one of these numbers; SPEC §4/§6 show the header's shop-management link when identity is 1
 * and the status is 1, so 1 means "the shop trades normally".
 */
export const ShopCancelStatus = {
  /** Trading normally: no application in progress (none yet, or the last one was refused or withdrawn). */
  NORMAL: 1,
  /** An application waits for the operator; the shop's goods and courses are off sale meanwhile. */
  PENDING: 2,
  /** The operator approved it: the shop is closed. */
  CANCELLED: 3,
} as const;
export type ShopCancelStatusValue = (typeof ShopCancelStatus)[keyof typeof ShopCancelStatus];

export const SHOP_CANCEL_STATUS_TEXT: Record<ShopCancelStatusValue, string> = {
  1: '正常营业',
  2: '注销审核中',
  3: '已注销',
};

/** What happened to one application. */
export const CANCEL_APPLICATION_STATES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export type CancelApplicationState = (typeof CANCEL_APPLICATION_STATES)[number];
export const CANCEL_APPLICATION_TEXT: Record<CancelApplicationState, string> = {
  pending: '审核中',
  approved: '已通过，店铺已注销',
  refused: '未通过',
  withdrawn: '已撤回',
};

/** Order states that still need the shop (SPEC: no unfinished orders before cancelling). */
export const UNFINISHED_ORDER_STATES = ['unpaid', 'paid', 'shipped', 'received', 'refunding'] as const;

export const CANCEL_REASON_MAX = 200;

export const SHOP_CANCEL_TEXTS = {
  reasonRequired: '请填写注销原因',
  reasonTooLong: `注销原因最多 ${CANCEL_REASON_MAX} 个字`,
  unfinishedOrders: (n: number) => `店铺还有 ${n} 笔未完成的订单，全部完成后才能申请注销`,
  moneyLeft: '店铺账户还有余额、待结算或提现中的金额，全部提现到账后才能申请注销',
  alreadyPending: '已有注销申请正在审核中',
  alreadyCancelled: '店铺已注销',
  nothingPending: '没有审核中的注销申请',
  applied: '注销申请已提交，审核期间店铺商品和课程已下架',
  withdrawn: '注销申请已撤回，商品和课程已恢复上架',
} as const;

/** What the shop's owner must meet before applying, as the page lists them. */
export interface CancelConditions {
  unfinished_orders: number;
  balance: number;
  pending: number;
  frozen: number;
}

/** The first unmet condition's message, or null when the shop may apply. */
export function cancelConditionError(c: CancelConditions): string | null {
  if (c.unfinished_orders > 0) return SHOP_CANCEL_TEXTS.unfinishedOrders(c.unfinished_orders);
  if (c.balance > 0 || c.pending > 0 || c.frozen > 0) return SHOP_CANCEL_TEXTS.moneyLeft;
  return null;
}

export function cancelReasonError(reason: string): string | null {
  const v = reason.trim();
  if (!v) return SHOP_CANCEL_TEXTS.reasonRequired;
  if (v.length > CANCEL_REASON_MAX) return SHOP_CANCEL_TEXTS.reasonTooLong;
  return null;
}
