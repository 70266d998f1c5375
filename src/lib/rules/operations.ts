/**
 * Rules and texts of the operator console's money and member operations: report
 * targets and reasons, queue statuses, the stats date range and the CSV the stats page exports.
 */

/** What a member can report. Posts, comments and chat messages register their lookups when they land. */
export const REPORT_TARGETS = ['goods', 'course', 'class', 'coach', 'shop', 'post', 'comment', 'message', 'homework'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_TARGET_TEXT: Record<ReportTarget, string> = {
  goods: '商品',
  course: '课程',
  class: '班级',
  coach: '教练主页',
  shop: '店铺主页',
  post: '功夫圈动态',
  comment: '评论',
  message: '聊天消息',
  homework: '作业视频',
};
/** Targets the console can take down (off sale, the owner told). */
export const TAKEDOWN_TARGETS: readonly ReportTarget[] = ['goods', 'course', 'class', 'post', 'comment', 'message'];

export const REPORT_REASONS = ['fraud', 'illegal', 'porn', 'infringe', 'false', 'abuse', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_TEXT: Record<ReportReason, string> = {
  fraud: '欺诈或虚假交易',
  illegal: '违法违规',
  porn: '色情低俗',
  infringe: '侵犯权益',
  false: '内容与实际不符',
  abuse: '辱骂或人身攻击',
  other: '其他',
};

export const REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_TEXT: Record<ReportStatus, string> = { open: '待处理', dismissed: '已驳回', removed: '已下架' };

export const DISPUTE_STATUSES = ['open', 'granted', 'upheld'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_TEXT: Record<DisputeStatus, string> = { open: '待仲裁', granted: '已退款', upheld: '维持拒绝' };

export const SHOP_CANCEL_QUEUE_STATUSES = ['pending', 'approved', 'refused', 'withdrawn'] as const;

export const OPS_TEXTS = {
  withdrawalGone: '提现申请不存在',
  withdrawalDecided: '该提现申请已被处理，请刷新列表',
  cardGone: '该银行卡已被删除，无法查看完整卡号',
  applicationGone: '注销申请不存在',
  applicationDecided: '该注销申请已被处理，请刷新列表',
  disputeGone: '仲裁申请不存在',
  disputeDecided: '该仲裁申请已被处理，请刷新列表',
  reportGone: '举报不存在',
  reportDecided: '该举报已被处理，请刷新列表',
  cannotTakeDown: '这类内容不能在此下架，请到会员管理中处理账号',
  memberGone: '会员不存在',
  alreadyDisabled: '该账号已是禁用状态',
  alreadyEnabled: '该账号未被禁用',
  balanceChanged: '会员的功夫币余额已有变动，请刷新后再调整',
  disputeNotAllowed: '只有卖家拒绝过的退款才能申请平台仲裁',
  disputeTwice: '该订单已申请过平台仲裁，每次拒绝只能申请一次',
  disputeWhileRefunding: '退款申请正在处理中，请等待卖家处理结果',
  reportTwice: '你已举报过该内容，平台处理后会通知你',
  reportSelf: '不能举报自己的内容',
  reportTargetGone: '举报的内容不存在或已删除',
  reportUnsupported: '暂不支持举报这类内容',
  rangeTooLong: '统计区间最长 366 天',
  rangeBackwards: '开始日期不能晚于结束日期',
} as const;

/** Why login refuses a disabled account (the operator's reason when there is one). */
export const disabledText = (reason: string): string =>
  reason ? `账号已被禁用，原因：${reason}。如有疑问请联系客服` : '账号已被禁用，请联系客服';

/** The stats page: at most a year (and a day) at once, the last 30 days by default. */
export const STATS_MAX_DAYS = 366;
export const STATS_DEFAULT_DAYS = 30;

/** The China-time calendar day of a moment, `YYYY-MM-DD`. */
export const chinaDay = (d: Date): string => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Every day from `from` to `to` inclusive (`YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** A problem with a stats range, or null. */
export function statsRangeError(from: string, to: string): string | null {
  if (from > to) return OPS_TEXTS.rangeBackwards;
  if (daysBetween(from, to).length > STATS_MAX_DAYS) return OPS_TEXTS.rangeTooLong;
  return null;
}

export interface StatsDay {
  date: string;
  gmv: number;
  orders: number;
  new_members: number;
  active_sellers: number;
}

/** One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
function csvField(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The stats table as CSV with a UTF-8 BOM (so Excel reads the Chinese headers), amounts in yuan. */
export function statsCsv(days: readonly StatsDay[]): string {
  const head = ['日期', '成交额（元）', '支付订单数', '新增会员', '动销卖家'];
  const rows = days.map((d) => [d.date, (d.gmv / 100).toFixed(2), d.orders, d.new_members, d.active_sellers]);
  return `\uFEFF${[head, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
