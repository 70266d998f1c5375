/** Live broadcasts (issue 15): states, limits and the Chinese texts both sides show. Zod-free. */

export const LIVE_STATUS = ['idle', 'live', 'banned'] as const;
export type LiveStatus = (typeof LIVE_STATUS)[number];

export const LIVE_LIMITS = {
  titleMax: 40,
  /** How long a push URL handed out by /live/start stays valid (seconds). */
  pushTtlS: 24 * 3600,
} as const;

export const LIVE_TEXTS = {
  statusLabel: { idle: '未开播', live: '直播中', banned: '已封禁' } satisfies Record<LiveStatus, string>,
  roomMissing: '直播间不存在',
  banned: (reason: string) => (reason ? `直播间已被封禁：${reason}` : '直播间已被封禁'),
  notAnchor: '只有教练和店主可以开播',
  started: '推流地址已生成，请在 OBS 中开始推流',
  stopped: '直播已结束',
  defaultTitle: (name: string) => `${name}的直播间`.slice(0, 40),
} as const;
