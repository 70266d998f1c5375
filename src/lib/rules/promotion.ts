/**
 * 分销 (share-to-earn): the rules and texts both sides need. A member shares a course, class or goods
 * with `?share=<code>`; a purchase within the attribution window (last click wins) earns the
 * commission the seller set, credited when the order settles and taken back on a refund.
 */

export const SHARE_KINDS = ['course', 'class', 'goods'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
/** What a seller's rate covers: one item, or `all` of its items (item id 0). */
export const RATE_KINDS = ['all', ...SHARE_KINDS] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** The query parameter a share link carries. */
export const SHARE_PARAM = 'share';
/** The browser's attribution cookie (a random visitor token; httpOnly, set by the click endpoint). */
export const SHARE_COOKIE = 'gf_share';
/** Share codes: 10 characters of an alphabet without look-alikes (no 0/O, 1/l/I). */
export const SHARE_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SHARE_CODE_LENGTH = 10;
export const SHARE_CODE_RE = /^[A-Za-z0-9]{6,16}$/;

/** Operator limits when the console has set none (config keys below). */
export const PROMOTION_DEFAULTS = { minBp: 100, maxBp: 3000, windowDays: 7 } as const;
export const PROMOTION_CONFIG = {
  minBp: 'promotion_min_bp',
  maxBp: 'promotion_max_bp',
  windowDays: 'promotion_window_days',
} as const;
export const WINDOW_DAYS_MAX = 90;

/** The detail page of a shared item, desktop paths (phones are sent to /m by the middleware). */
export const itemPath = (kind: ShareKind, id: number): string =>
  kind === 'goods' ? `/shop/goodsDetail?id=${id}` : kind === 'class' ? `/train/classDetail?id=${id}` : `/train/courseDetail?id=${id}`;
export const shareLink = (kind: ShareKind, id: number, code: string): string => `${itemPath(kind, id)}&${SHARE_PARAM}=${code}`;

/** Basis points as a percentage: 1250 → 12.5%. */
export const bpText = (bp: number): string => `${Number((bp / 100).toFixed(2))}%`;
/** A percentage typed by a seller (`12.5`) as basis points, or null when it is not a number with at most 2 decimals. */
export function percentToBp(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** The commission of an amount at a rate, rounded down to the fen (never more than the rate says). */
export const commissionOf = (amount: number, bp: number): number => Math.floor((amount * bp) / 10_000);

export const PROMOTION_STATUS_TEXT = {
  unpaid: '待付款',
  pending: '待结算',
  settled: '已结算',
  reversed: '已退回',
  cancelled: '已失效',
} as const;
export type PromotionStatus = keyof typeof PROMOTION_STATUS_TEXT;
export const PROMOTION_STATUSES = Object.keys(PROMOTION_STATUS_TEXT) as [PromotionStatus, ...PromotionStatus[]];

export const PROMOTION_TEXTS = {
  rateRange: (min: number, max: number) => `佣金比例需在 ${bpText(min)} ~ ${bpText(max)} 之间`,
  rateInvalid: '请填写佣金比例（百分比，最多两位小数）',
  limitsOrder: '最低比例不能高于最高比例',
  itemNotFound: '商品或课程不存在',
  notYours: '只能为自己的课程、班级或商品设置佣金',
  noRate: '该商品暂未开启分销佣金，分享后好友购买不产生佣金',
  selfNote: '通过自己的链接购买不产生佣金',
  rule: (days: number) =>
    `好友通过你的链接在 ${days} 天内下单，订单完成后佣金计入你的推广余额；多次点击以最后一次为准，订单退款时佣金相应退回。`,
  ledgerShare: '推广佣金',
  ledgerPaid: '推广佣金支出',
  ledgerBack: '推广佣金退回',
  /** The sharer's site notice when a commission settles (once, in the settling transaction). */
  settledTitle: '推广佣金已到账',
  settledNotice: (item: string, fen: number, orderNo: string) =>
    `你分享的「${item}」有好友下单（订单 ${orderNo}），订单已完成，推广佣金 ¥${(fen / 100).toFixed(2)} 已计入你的推广余额，可在推广中心提现。`,
  /** A 分销 link opened too often from one address (the click is not recorded). */
  clickTooFast: '分享链接访问过于频繁，请稍后再试',
} as const;

/** Landings one address may report per window (/public/promotion/click; more are refused with clickTooFast). */
export const CLICK_LIMIT = { points: 30, windowS: 600 } as const;
