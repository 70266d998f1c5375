import { z } from 'zod';
import { defineEndpoint } from '../define';
import { idField, pageInput, pageSchema, textField } from '../fields';
import { LIVE_LIMITS, LIVE_STATUS, LIVE_TEXTS } from '../../rules/live';

const tags = ['直播'];

const pushSchema = z.object({
  url: z.string().describe('完整推流地址（含签名），有效期见 expiresAt'),
  server: z.string().describe('OBS「服务器」'),
  key: z.string().describe('OBS「串流密钥」'),
  expiresAt: z.string(),
});
const playSchema = z.object({ flv: z.string().nullable(), hls: z.string().nullable() });

export const liveRoomSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  status: z.enum(LIVE_STATUS),
  ban_reason: z.string(),
  anchor: z.object({ kind: z.enum(['coach', 'shop']), id: z.number().int(), uid: z.number().int(), nick: z.string(), avatar: z.string() }),
  /** Only while live. */
  play: playSchema.nullable(),
  started_at: z.string().nullable(),
});
export type LiveRoom = z.output<typeof liveRoomSchema>;

const anchorRoomSchema = liveRoomSchema.extend({
  /** A broadcast has been prepared (/live/start) and waits for the push, or is on air. */
  session_id: z.number().int().nullable(),
});
export type AnchorRoom = z.output<typeof anchorRoomSchema>;

export const liveRoomCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  status: z.enum(LIVE_STATUS),
  anchor: z.object({ kind: z.enum(['coach', 'shop']), id: z.number().int(), nick: z.string(), avatar: z.string() }),
  started_at: z.string().nullable(),
});
export type LiveRoomCard = z.output<typeof liveRoomCardSchema>;

/**
 * Live rooms (issue 15), first part: the anchor's room, going live over a signed RTMP push, and the
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
      type: z.coerce
        .number<number | string>()
        .pipe(z.union([z.literal(0), z.literal(1)], { error: 'type 只能是 0 或 1' }))
        .optional(),
      living: z.coerce
        .number<number | string>()
        .pipe(z.union([z.literal(0), z.literal(1)], { error: 'living 只能是 0 或 1' }))
        .default(0),
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
};
