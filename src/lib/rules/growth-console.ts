/**
 * 秒杀监管 and 拼团监管 (/admin/marketing, content operators): the notices a seller receives when
 * the platform cancels a sale or stops a campaign, and the console's status words.
 */

export const SELLER_NOTICE = {
  flashTitle: '秒杀活动已被平台取消',
  flashBody: (title: string, reason: string) => `您的秒杀活动「${title}」已被平台取消：${reason}。已下的订单照常付款或到期关闭。`,
  groupTitle: '拼团活动已被平台停止',
  groupBody: (title: string, reason: string) => `您的拼团活动「${title}」已被平台停止：${reason}。进行中的团将继续到截止时间。`,
} as const;

/** The console's words for a sale's phase (the buyer-facing list says 抢购中 for running). */
export const ADMIN_FLASH_PHASE_TEXT = {
  upcoming: '未开始',
  running: '进行中',
  ended: '已结束',
  cancelled: '已取消',
} as const;

export const REASON_LIMITS = { min: 2, max: 100 } as const;
