import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, fen, idField, intField, isoTime, pageInput, pageSchema, switchField, textField } from '../fields';
import { LIVE_CATEGORIES, LIVE_LIMITS, LIVE_STATUS, LIVE_TEXTS } from '../../rules/live';

const tags = ['直播'];

const pushSchema = z.object({
  url: z.string().describe('完整推流地址（含签名），有效期见 expiresAt'),
  server: z.string().describe('OBS「服务器」'),
  key: z.string().describe('OBS「串流密钥」'),
  expiresAt: z.string(),
});
const playSchema = z.object({ flv: z.string().nullable(), hls: z.string().nullable() });

/** An item on the room's shelf, with where its buy button leads. */
export const shelfItemSchema = z.object({
  type: z.enum(['goods', 'course']),
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  /** The detail page the 去购买 button opens (the commerce flow starts there). */
  link: z.string(),
});
export type ShelfItem = z.output<typeof shelfItemSchema>;

/** The next waiting 预告 of a room. */
export const noticeBriefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start_at: isoTime(),
  bookings: z.number().int(),
  /** The viewer booked it (0 for guests). */
  booked: bit(),
});

export const liveRoomSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  category: z.string(),
  status: z.enum(LIVE_STATUS),
  ban_reason: z.string(),
  anchor: z.object({ kind: z.enum(['coach', 'shop']), id: z.number().int(), uid: z.number().int(), nick: z.string(), avatar: z.string() }),
  /** Only while live. */
  play: playSchema.nullable(),
  started_at: z.string().nullable(),
  /** The room's chat group (AVChatRoom) to join for chat, barrage, gifts and likes. */
  group_id: z.string().nullable(),
  /** Watchers in the room's chat now, and likes of the current broadcast. */
  viewers: z.number().int(),
  likes: z.number().int(),
  shelf: z.array(shelfItemSchema),
  next_notice: noticeBriefSchema.nullable(),
  /** The viewer follows the anchor (0 for guests). */
  is_follow: bit(),
});
export type LiveRoom = z.output<typeof liveRoomSchema>;

const anchorRoomSchema = liveRoomSchema.extend({
  /** A broadcast has been prepared (/live/start) and waits for the push, or is on air. */
  session_id: z.number().int().nullable(),
  /** The shelf as stored (the anchor's picks, including ones no longer on sale). */
  shelf_refs: z.array(z.object({ type: z.enum(['goods', 'course']), id: z.number().int() })),
  /** Coins received in gifts during the current broadcast. */
  gift_coins: z.number().int(),
});
export type AnchorRoom = z.output<typeof anchorRoomSchema>;

export const liveRoomCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  status: z.enum(LIVE_STATUS),
  anchor: z.object({ kind: z.enum(['coach', 'shop']), id: z.number().int(), nick: z.string(), avatar: z.string() }),
  started_at: z.string().nullable(),
  category: z.string(),
  viewers: z.number().int(),
});
export type LiveRoomCard = z.output<typeof liveRoomCardSchema>;

const shelfRef = z.object({
  type: z.enum(['goods', 'course'], { error: '展示类型只能是商品或课程' }),
  id: idField('商品或课程 id'),
});

export const viewerSchema = z.object({
  user_id: z.number().int(),
  nick: z.string(),
  avatar: z.string(),
  /** Muted in this room until (null = may speak). */
  muted_until: isoTime().nullable(),
});

const liveStatsSchema = z.object({
  sessions: z.number().int().describe('直播场次'),
  duration_s: z.number().int().describe('累计直播时长（秒）'),
  gift_coins: z.number().int().describe('累计收到礼物（功夫币）'),
  income_fen: fen().describe('累计打赏收入（平台分成后）'),
  playbacks: z.number().int(),
  bookings: z.number().int().describe('等待中预告的预约人数'),
});

/**
 * Live rooms: the anchor's room, going live over a signed RTMP push, and the
 * public room. A coach or shop owner has one room, made on first use.
 */
export const liveApi = {
  anchorRoom: defineEndpoint({
    path: '/live/anchorRoom',
    summary: '主播的直播间（首次访问时创建）',
    tags,
    access: 'seller',
    input: z.object({}),
    output: anchorRoomSchema,
  }),
  start: defineEndpoint({
    path: '/live/start',
    summary: '准备开播：返回签名推流地址；推流开始后直播间才变为直播中',
    tags,
    access: 'seller',
    input: z.object({ title: textField('直播标题', LIVE_LIMITS.titleMax).min(1, '请输入直播标题').optional() }),
    output: z.object({ room_id: z.number().int(), session_id: z.number().int(), push: pushSchema }),
    okMsg: LIVE_TEXTS.started,
  }),
  stop: defineEndpoint({
    path: '/live/stop',
    summary: '结束直播（断开推流）；重复调用无副作用',
    tags,
    access: 'seller',
    input: z.object({}),
    output: z.object({ status: z.enum(LIVE_STATUS) }),
    okMsg: LIVE_TEXTS.stopped,
  }),
  list: defineEndpoint({
    path: '/public/liveList',
    summary: '直播间列表（直播中在前；type 0 教练 1 店铺；living 1 只列直播中）',
    tags,
    access: 'public',
    input: z.object({
      type: switchField('type').optional(),
      living: switchField('living').default(0),
      ...pageInput,
    }),
    output: pageSchema(liveRoomCardSchema),
  }),
  room: defineEndpoint({
    path: '/public/liveRoom',
    summary: '直播间（播放地址仅在直播中返回）',
    tags,
    access: 'public',
    input: z.object({ id: idField('直播间ID') }),
    output: liveRoomSchema,
  }),
  settings: defineEndpoint({
    path: '/live/settings',
    summary: '直播间设置：标题、封面、分类、货架（商品/课程，按顺序）',
    tags,
    access: 'seller',
    input: z.object({
      title: textField('直播标题', LIVE_LIMITS.titleMax).min(1, '请输入直播标题'),
      cover: z.string({ error: '封面图片地址不正确' }).trim().max(500, '封面图片地址太长').default(''),
      category: z.enum(['', ...LIVE_CATEGORIES], { error: '请选择直播分类' }).default(''),
      shelf: z.array(shelfRef).max(LIVE_LIMITS.shelfMax, `货架最多展示 ${LIVE_LIMITS.shelfMax} 件`).default([]),
    }),
    output: anchorRoomSchema,
    okMsg: LIVE_TEXTS.saved,
  }),
  shelfOptions: defineEndpoint({
    path: '/live/shelfOptions',
    summary: '可上货架的商品和课程（自己的和代理的，已上架）',
    tags,
    access: 'seller',
    input: z.object({}),
    output: z.object({ list: z.array(shelfItemSchema) }),
  }),
  viewers: defineEndpoint({
    path: '/live/viewers',
    summary: '直播间当前观众（主播管理用）',
    tags,
    access: 'seller',
    input: z.object({}),
    output: z.object({ list: z.array(viewerSchema) }),
  }),
  mute: defineEndpoint({
    path: '/live/mute',
    summary: '在自己的直播间禁言观众 {user_id, minutes}（0 = 解除）',
    tags,
    access: 'seller',
    input: z.object({
      user_id: idField('用户 id'),
      minutes: intField('禁言时长', { max: LIVE_LIMITS.muteMaxMinutes, tooBig: '禁言最长 7 天' }),
    }),
    output: z.object({ muted_until: isoTime().nullable() }),
  }),
  kick: defineEndpoint({
    path: '/live/kick',
    summary: '把观众移出自己的直播间（24 小时内不能再进入聊天）',
    tags,
    access: 'seller',
    input: z.object({ user_id: idField('用户 id') }),
    output: z.object({ until: isoTime() }),
    okMsg: LIVE_TEXTS.kicked,
  }),
  like: defineEndpoint({
    path: '/member/liveLike',
    summary: '给直播间点赞（连续点击合并为一次请求）',
    tags,
    access: 'member',
    input: z.object({
      id: idField('直播间ID'),
      count: intField('点赞数', { min: 1, max: LIVE_LIMITS.likeBurstMax }).default(1),
    }),
    output: z.object({ likes: z.number().int() }),
  }),
  search: defineEndpoint({
    path: '/public/liveSearch',
    summary: '搜索直播间（标题、主播名）',
    tags,
    access: 'public',
    input: z.object({ q: textField('关键字', 40).min(1, '请输入搜索关键字'), ...pageInput }),
    output: pageSchema(liveRoomCardSchema),
  }),
  pushCaps: defineEndpoint({
    path: '/live/pushCaps',
    summary: '能否在浏览器中直接开播（需要内置推流服务和 ffmpeg）',
    tags,
    access: 'seller',
    input: z.object({}),
    output: z.object({ browser_push: bit(), reason: z.string(), ws_path: z.string() }),
  }),
  coachIndex: defineEndpoint({
    path: '/coach/liveIndexInfo',
    summary: '教练直播概览：直播间、累计数据、预告、最近场次',
    tags,
    access: 'coach',
    input: z.object({}),
    output: z.object({ room: anchorRoomSchema, stats: liveStatsSchema }),
  }),
  shopIndex: defineEndpoint({
    path: '/shop/liveIndexInfo',
    summary: '店铺直播概览：直播间、累计数据、预告、最近场次',
    tags,
    access: 'shop',
    input: z.object({}),
    output: z.object({ room: anchorRoomSchema, stats: liveStatsSchema }),
  }),
};
