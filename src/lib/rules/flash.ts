/**
 * 秒杀 (flash sales): limits, phases and texts both sides use. A seller sets a price below the item's
 * own, its own stock, a window and a per-member limit; buyers pay within FLASH_PAY_MIN minutes or the
 * order closes and the unit goes back on the flash stock.
 */

/** Minutes a 秒杀 order waits for payment (shorter than ordinary orders: stock is scarce). */
export const FLASH_PAY_MIN = 5;

export const FLASH_LIMITS = {
  stockMax: 100_000,
  perMemberMax: 10,
  /** The longest sale window, in days. */
  spanMaxDays: 90,
  /** How far ahead a sale may be scheduled, in days. */
  aheadMaxDays: 180,
} as const;

export const FLASH_KINDS = ['course', 'goods'] as const;
export type FlashKind = (typeof FLASH_KINDS)[number];

export const FLASH_PHASES = ['upcoming', 'running', 'ended', 'cancelled'] as const;
export type FlashPhase = (typeof FLASH_PHASES)[number];

/** Where a sale stands at `now`: cancelled wins, then its window. */
export function flashPhase(status: string, startsAt: Date, endsAt: Date, now = new Date()): FlashPhase {
  if (status === 'cancelled') return 'cancelled';
  if (now < startsAt) return 'upcoming';
  return now < endsAt ? 'running' : 'ended';
}

export const FLASH_PHASE_TEXT: Record<FlashPhase, string> = {
  upcoming: '未开始',
  running: '抢购中',
  ended: '已结束',
  cancelled: '已取消',
};

/** "2天 03:04:05" / "03:04:05" left until a moment (never negative). */
export function flashCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${d}天 ${hms}` : hms;
}

/** How much cheaper than the list price, as "3.5折" (one decimal; never shown for a free item). */
export function flashDiscount(price: number, listPrice: number): string {
  if (listPrice <= 0) return '';
  const tenths = Math.max(1, Math.floor((price * 100) / listPrice));
  return `${(tenths / 10).toFixed(1).replace(/\.0$/, '')}折`;
}

export const FLASH_TEXTS = {
  notFound: '秒杀活动不存在',
  notStarted: '秒杀尚未开始',
  ended: '秒杀已结束',
  cancelled: '秒杀活动已取消',
  soldOut: '手慢了，秒杀商品已抢光',
  limit: (n: number) => `每人限购 ${n} 件，你已达到限购数量`,
  priceAbove: '秒杀价须低于原价',
  stockTooBig: (n: number) => `秒杀库存不能超过商品现有库存（${n} 件）`,
  overlap: '该商品在这段时间已有秒杀活动',
  span: '结束时间须晚于开始时间',
  spanTooLong: `秒杀活动最长 ${FLASH_LIMITS.spanMaxDays} 天`,
  tooFar: `开始时间最多在 ${FLASH_LIMITS.aheadMaxDays} 天之后`,
  past: '结束时间须晚于现在',
  started: '秒杀已开始，不能再修改',
  notYours: '请选择你自己的课程或商品',
  freeCourse: '免费课程无需秒杀',
  offShelf: '该商品已下架',
  cancelState: '该秒杀已结束或已取消',
  address: '请选择收货地址',
  courseOne: '课程每人限购 1 份',
} as const;
