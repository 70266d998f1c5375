/* 拼团 (modules/groupbuy): limits and texts both sides use. */

export const GROUP_BUY_LIMITS = {
  sizeMin: 2,
  sizeMax: 10,
  /** A group's time limit in hours: at most three days, well inside an order's 7-day settlement window. */
  hoursMin: 1,
  hoursMax: 72,
  /** A campaign runs at most a year. */
  campaignDaysMax: 366,
  /** Open groups shown on a detail page. */
  openShown: 10,
} as const;

export const GROUP_BUY_KINDS = ['course', 'class'] as const;
export type GroupBuyKind = (typeof GROUP_BUY_KINDS)[number];

export const GROUP_STATUSES = ['open', 'formed', 'failed'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export const CAMPAIGN_STATES = ['upcoming', 'running', 'ended', 'stopped'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const GROUP_STATUS_TEXT: Record<GroupStatus, string> = { open: '拼团中', formed: '拼团成功', failed: '拼团失败' };
export const CAMPAIGN_STATE_TEXT: Record<CampaignState, string> = {
  upcoming: '未开始',
  running: '进行中',
  ended: '已结束',
  stopped: '已停止',
};

export const GROUP_BUY_TEXTS = {
  notFound: '拼团活动不存在',
  groupNotFound: '该团不存在',
  notRunning: '拼团活动未开始或已结束',
  groupClosed: '该团已结束，请开新团或加入其他团',
  groupFull: '该团已满员，请开新团或加入其他团',
  ownItem: '不能参加自己的拼团',
  /** The panel on the seller's own course or class, in place of 开团 and 参团. */
  ownPanel: (kind: GroupBuyKind) => `这是你自己的${kind === 'course' ? '课程' : '班级'}：学员可在这里开团、参团，你本人不能参加自己的拼团`,
  priceTooHigh: '拼团价须低于原价',
  itemMissing: '请选择在售的课程或班级',
  activeExists: '该课程或班级已有进行中的拼团活动',
  locked: '已有人开团，活动不能再修改，可停止后另建',
  stopped: '拼团活动已停止',
  window: '结束时间须晚于开始时间，且活动最长一年',
  saved: '拼团活动已保存',
  stoppedOk: '拼团活动已停止，进行中的团将继续到截止时间',
  failedPay: '该团已结束（未成团），支付未完成',
  formedNotice: '拼团成功',
  failedNotice: '拼团未成功，已自动退款',
  /** The notice's first words; commerce adds where the money went (功夫币 or 原路退回). */
  failedRefund: (orderNo: string) => `你参加的拼团在截止时间前未凑满人数，订单 ${orderNo} 已自动退款`,
} as const;

/** "还差 N 人" for a group of `size` with `paid` members paid. */
export const missingText = (size: number, paid: number) => `还差 ${Math.max(0, size - paid)} 人`;

/** Remaining time as 时:分:秒 (hours may exceed 24). */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The path of a group's share link: the item's detail page, opened at that group. */
export const groupLink = (kind: GroupBuyKind, itemId: number, groupId: number) =>
  `${kind === 'course' ? '/train/courseDetail' : '/train/classDetail'}?id=${itemId}&group=${groupId}`;
