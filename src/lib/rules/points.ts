/**
 * 签到 and 积分: the rules and texts both sides use (zod-free). Days are Asia/Shanghai calendar days
 * as 'YYYY-MM-DD'; points are whole numbers, never money.
 */

export const POINTS_REASONS = ['signin', 'first_order', 'review', 'homework', 'redeem', 'expire', 'refund'] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];

export const POINTS_REASON_TEXT: Record<PointsReason, string> = {
  signin: '每日签到',
  first_order: '首单奖励',
  review: '发表评价',
  homework: '作业获点评',
  redeem: '积分兑换',
  expire: '积分过期',
  refund: '退款扣回',
};

export const POINTS_ITEM_KINDS = ['coupon', 'course', 'goods'] as const;
export type PointsItemKind = (typeof POINTS_ITEM_KINDS)[number];
export const POINTS_ITEM_KIND_TEXT: Record<PointsItemKind, string> = { coupon: '优惠券', course: '课程优惠券', goods: '实物好礼' };

export const REDEMPTION_STATUS_TEXT = { done: '已发放', pending: '待发货', shipped: '已发货' } as const;
export type RedemptionStatus = keyof typeof REDEMPTION_STATUS_TEXT;

/** The console's points settings (config keys `points_*`). */
export interface PointsConfig {
  /** Points for one day's sign-in. */
  signin: number;
  /** Extra points per consecutive day after the first … */
  streak_step: number;
  /** … up to this many extra points a day. */
  streak_cap: number;
  first_order: number;
  review: number;
  homework: number;
  /** Points earned in year N expire at the end of year N + this; 0 = they never expire. */
  expire_years: number;
}

export const POINTS_CONFIG_DEFAULTS: PointsConfig = {
  signin: 5,
  streak_step: 1,
  streak_cap: 10,
  first_order: 100,
  review: 10,
  homework: 20,
  expire_years: 1,
};

/** Each setting's label and largest value (the form and the contract share them). */
export const POINTS_CONFIG_FIELDS: readonly { key: keyof PointsConfig; label: string; max: number; hint?: string }[] = [
  { key: 'signin', label: '每日签到积分', max: 1000 },
  { key: 'streak_step', label: '连续签到每天多得', max: 1000, hint: '连续第 2 天起每天多得的积分' },
  { key: 'streak_cap', label: '连续签到加成上限', max: 10_000, hint: '每天额外积分最多为此数' },
  { key: 'first_order', label: '首单奖励积分', max: 100_000, hint: '会员第一笔订单完成时发放一次' },
  { key: 'review', label: '发表评价积分', max: 1000, hint: '每条评价一次' },
  { key: 'homework', label: '作业获点评积分', max: 1000, hint: '每份作业首次获教练点评时' },
  { key: 'expire_years', label: '积分有效期（年）', max: 5, hint: '第 N 年获得的积分于第 N+此数 年 12 月 31 日过期；0 为永不过期' },
];

export const POINTS_TEXTS = {
  signedToday: '今天已签到',
  signedOk: (points: number) => `签到成功，获得 ${points} 积分`,
  notEnough: '积分不足',
  soldOut: '已兑完',
  offShelf: '该商品已下架',
  limit: (n: number) => `每人限兑 ${n} 件`,
  needAddress: '请选择收货地址',
  addressMissing: '收货地址不存在',
  couponEnded: '该优惠券已停止发放',
  itemMissing: '积分商品不存在',
  templateMissing: '优惠券模板不存在或已停发',
  templateNotCourse: '课程优惠券须选择「课程可用」的优惠券模板',
  skuMissing: '商品规格不存在',
  notPending: '该兑换已发货',
  expiryNote: (year: number) => `${year} 年获得的积分到期`,
  /** A refund takes back what the order earned; what the member already spent is forgiven. */
  takenBack: (orderNo: string, earned: 'first_order' | 'review', owed: number, taken: number) => {
    const what = earned === 'first_order' ? '首单奖励' : '评价积分';
    const text =
      taken === owed ? `订单 ${orderNo} 退款，扣回${what}` : `订单 ${orderNo} 退款，应扣${what} ${owed}，余额仅 ${taken}，其余免扣`;
    return text.slice(0, 64);
  },
  courseNeeded: '课程优惠券须填写课程编号',
  courseMissing: '课程不存在或未上架',
  courseBelowThreshold: '该课程售价低于优惠券的使用门槛，券将无法使用',
  templateOtherCourse: '该优惠券模板已限定其他课程，请另选模板',
  templateHeld: '该优惠券模板已有会员领取，不能再限定课程；请新建一个「课程可用」模板',
} as const;

const DAY_MS = 86_400_000;
const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Asia/Shanghai calendar day of an instant, as 'YYYY-MM-DD'. */
export const shanghaiDay = (t: Date): string => dayFmt.format(t);

/** The Asia/Shanghai year of an instant. */
export const shanghaiYear = (t: Date): number => Number(shanghaiDay(t).slice(0, 4));

/** A day moved by n days (calendar arithmetic in UTC, where days have no DST). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The streak a sign-in today makes, given the member's last sign-in before today. */
export function streakAfter(last: { day: string; streak: number } | null, today: string): number {
  return last && last.day === addDays(today, -1) ? last.streak + 1 : 1;
}

/** The streak shown today: kept while the last sign-in was today or yesterday, else broken (0). */
export function currentStreak(last: { day: string; streak: number } | null, today: string): number {
  return last && (last.day === today || last.day === addDays(today, -1)) ? last.streak : 0;
}

/** Points for a sign-in on day `streak` of a streak: the base plus the streak bonus, capped. */
export function signinPoints(streak: number, cfg: Pick<PointsConfig, 'signin' | 'streak_step' | 'streak_cap'>): number {
  return cfg.signin + Math.min(Math.max(0, streak - 1) * cfg.streak_step, cfg.streak_cap);
}

export interface CalendarCell {
  /** 'YYYY-MM-DD', or null for the blanks before the 1st and after the last day. */
  day: string | null;
  date: number;
  signed: boolean;
  today: boolean;
}

/** A month ('YYYY-MM') as weeks starting on Monday, with the signed days marked. */
export function calendarWeeks(month: string, signed: ReadonlySet<string>, today: string): CalendarCell[][] {
  const first = `${month}-01`;
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const cells: CalendarCell[] = Array.from({ length: lead }, () => ({ day: null, date: 0, signed: false, today: false }));
  for (let d = 1; d <= days; d++) {
    const day = addDays(first, d - 1);
    cells.push({ day, date: d, signed: signed.has(day), today: day === today });
  }
  while (cells.length % 7) cells.push({ day: null, date: 0, signed: false, today: false });
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** A month moved by n months ('YYYY-MM'). */
export function addMonths(month: string, n: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * How many of a balance are still points earned in year `year` or before, spending the oldest
 * first: what the balance holds beyond everything earned after that year.
 */
export function heldFromYear(balance: number, earnedAfter: number): number {
  return Math.max(0, balance - earnedAfter);
}

/** The last day points earned in `year` may be used ('YYYY-12-31'), or null when they never expire. */
export function expiryDayOf(year: number, expireYears: number): string | null {
  return expireYears > 0 ? `${year + expireYears}-12-31` : null;
}
