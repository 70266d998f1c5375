/** Live broadcasts: states, limits and the Chinese texts both sides show. Zod-free. */

export const LIVE_STATUS = ['idle', 'live', 'banned'] as const;
export type LiveStatus = (typeof LIVE_STATUS)[number];

/** 分类 an anchor files a broadcast under. */
export const LIVE_CATEGORIES = ['武术教学', '功法养生', '赛事表演', '器械讲解', '好物推荐', '其他'] as const;

export const LIVE_LIMITS = {
  titleMax: 40,
  /** How long a push URL handed out by /live/start stays valid (seconds). */
  pushTtlS: 24 * 3600,
  shelfMax: 20,
  noticeIntroMax: 200,
  /** A notice may be set from 10 minutes to 30 days ahead. */
  noticeMinAheadS: 10 * 60,
  noticeMaxAheadS: 30 * 24 * 3600,
  /** A room going live this long before/after a notice's time counts as that notice starting. */
  noticeWindowS: 2 * 3600,
  /** At most this many waiting notices per room. */
  noticesMax: 10,
  giftNumMax: 999,
  giftNameMax: 10,
  /** A gift costing more coins than this needs the pay password (as coin payments do). */
  giftPayPasswordAbove: 100,
  /** The platform's share of gift income, basis points (config key live_gift_platform_bp overrides). */
  giftPlatformBp: 3000,
  muteMaxMinutes: 7 * 24 * 60,
  /** A kicked viewer stays out of the room's chat this long. */
  kickHours: 24,
  /** Pinned playbacks per room. */
  pinnedMax: 10,
  /** Likes one viewer may send per request (a burst of taps is sent as one). */
  likeBurstMax: 50,
} as const;

export const LIVE_TEXTS = {
  statusLabel: { idle: '未开播', live: '直播中', banned: '已封禁' } satisfies Record<LiveStatus, string>,
  roomMissing: '直播间不存在',
  banned: (reason: string) => (reason ? `直播间已被封禁：${reason}` : '直播间已被封禁'),
  notAnchor: '只有教练和店主可以开播',
  started: '推流地址已生成，请在 OBS 中开始推流',
  pushUnavailable: '直播推流服务不可用，请联系平台客服',
  stopped: '直播已结束',
  saved: '保存成功',
  defaultTitle: (name: string) => `${name}的直播间`.slice(0, 40),
  shelfItemMissing: (title: string) => `「${title}」不能上架：只能展示自己或代理的、已上架的商品和课程`,
  shelfNotYours: '只能展示自己或代理的、已上架的商品和课程',
  // Gifts
  giftMissing: '礼物不存在或已下架',
  giftNotLive: '主播未开播，暂不能送礼',
  likeNotLive: '主播未开播，暂不能点赞',
  giftSelf: '不能给自己送礼物',
  giftSent: '赠送成功',
  giftPayPassword: (above: number) => `单次送礼超过 ${above} 功夫币需要输入支付密码`,
  giftNeedLogin: '请先登录后再送礼物',
  // Notices
  noticeSaved: '预告已保存',
  noticeDeleted: '预告已删除',
  noticeMissing: '预告不存在',
  noticeTime: '开播时间需在 10 分钟后、30 天内',
  noticeFull: '最多同时发布 10 个预告',
  noticeDone: '预告已开播或已取消，不能修改',
  booked: '预约成功，开播时会通知你',
  unbooked: '已取消预约',
  bookDone: '该预告已开播或已取消',
  reminderTitle: '你预约的直播开始了',
  reminder: (anchor: string, title: string) => `${anchor} 的直播「${title}」已经开始，快去观看吧`,
  // Playbacks
  playbackMissing: '回放不存在',
  playbackDeleted: '回放已删除',
  pinned: '置顶成功',
  unpinned: '已取消置顶',
  pinnedFull: '最多置顶 10 个回放',
  // Moderation
  muted: '已禁言',
  unmuted: '已解除禁言',
  kicked: '已移出直播间',
  kickedSelf: '你已被移出该直播间，24 小时内不能再进入聊天',
  notInRoom: '该用户不在直播间',
  cannotModerateAnchor: '不能对主播本人操作',
  takenDown: '直播间已封禁，推流已断开',
  restored: '直播间已解封',
  liked: '点赞成功',
} as const;

/** Custom message kinds the room chat carries besides plain text (barrage): JSON in TIMCustomElem.data. */
export const LIVE_EVENT = {
  gift: 'live_gift',
  like: 'live_like',
  enter: 'live_enter',
  status: 'live_status',
  kick: 'live_kick',
} as const;
