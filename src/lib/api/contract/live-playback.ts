import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, fen, idField, isoTime, pageInput, pageSchema, switchField, textField } from '../fields';
import { LIVE_LIMITS, LIVE_TEXTS } from '../../rules/live';
import { liveRoomCardSchema } from './live';

const tags = ['直播'];

export const playbackCardSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  title: z.string(),
  /** The recording's poster, else the broadcast's cover. */
  cover: z.string(),
  duration_s: z.number().int(),
  started_at: isoTime(),
  pinned: bit(),
  anchor: liveRoomCardSchema.shape.anchor,
});
export type PlaybackCard = z.output<typeof playbackCardSchema>;

export const playbackSchema = playbackCardSchema.extend({
  /** The recording: '/uploads/live/….mp4' (or .flv without ffmpeg, or an HLS/VOD URL). */
  url: z.string(),
  format: z.enum(['mp4', 'flv', 'hls']),
});
export type Playback = z.output<typeof playbackSchema>;

export const liveLogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  started_at: isoTime(),
  ended_at: isoTime().nullable(),
  duration_s: z.number().int(),
  peak_viewers: z.number().int(),
  likes: z.number().int(),
  gift_coins: z.number().int(),
  income_fen: fen(),
  /** none | recording | ready | failed; deleted playbacks say 'deleted'. */
  playback: z.enum(['none', 'recording', 'ready', 'failed', 'deleted']),
  pinned: bit(),
});
export type LiveLog = z.output<typeof liveLogSchema>;

const idsInput = z.object({
  ids: z.array(idField('回放')).min(1, '请选择回放').max(50, '一次最多 50 个'),
});

/** Playbacks (recorded broadcasts) and the anchor's broadcast history (SPEC §7 live calls). */
export const livePlaybackApi = {
  list: defineEndpoint({
    path: '/public/playbackList',
    summary: '回放列表：置顶在前，再按开播时间；可按直播间、类型（0 教练 1 店铺）、关键字筛选',
    tags,
    access: 'public',
    input: z.object({
      room_id: idField('直播间ID').optional(),
      type: switchField('type').optional(),
      q: textField('关键字', 40).optional(),
      ...pageInput,
    }),
    output: pageSchema(playbackCardSchema),
  }),
  one: defineEndpoint({
    path: '/public/playback',
    summary: '一个回放（播放地址）',
    tags,
    access: 'public',
    input: z.object({ id: idField('回放') }),
    output: playbackSchema,
  }),
  remove: defineEndpoint({
    path: '/member/PlayBackDelete',
    summary: '主播删除自己的回放 {ids}',
    tags,
    access: 'seller',
    input: idsInput,
    output: z.object({ deleted: z.number().int() }),
    okMsg: LIVE_TEXTS.playbackDeleted,
  }),
  top: defineEndpoint({
    path: '/member/liveBatchTop',
    summary: `主播置顶/取消置顶回放 {ids, status}（最多 ${LIVE_LIMITS.pinnedMax} 个）`,
    tags,
    access: 'seller',
    input: idsInput.extend({
      status: switchField('status'),
    }),
    output: z.object({ changed: z.number().int() }),
  }),
  logs: defineEndpoint({
    path: '/member/liveLogs',
    summary: '主播的直播记录：时长、最高在线、点赞、礼物收入、回放状态',
    tags,
    access: 'seller',
    input: z.object({ ...pageInput }),
    output: pageSchema(liveLogSchema),
  }),
};
