import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, idField, idInput, isoTime, pageInput, pageSchema, switchField, textField } from '../fields';
import { LIVE_LIMITS, LIVE_TEXTS } from '../../rules/live';
import { liveRoomCardSchema } from './live';

const tags = ['直播'];

export const NOTICE_STATUS = ['waiting', 'started', 'cancelled'] as const;

export const liveNoticeSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  intro: z.string(),
  start_at: isoTime(),
  status: z.enum(NOTICE_STATUS),
  bookings: z.number().int(),
  booked: bit(),
  anchor: liveRoomCardSchema.shape.anchor,
});
export type LiveNotice = z.output<typeof liveNoticeSchema>;

const noticeFields = {
  title: textField('预告标题', LIVE_LIMITS.titleMax).min(1, '请输入预告标题'),
  cover: z.string({ error: '封面图片地址不正确' }).trim().max(500, '封面图片地址太长').default(''),
  intro: textField('预告简介', LIVE_LIMITS.noticeIntroMax).default(''),
  start_at: z
    .string({ error: '请选择开播时间' })
    .trim()
    .min(1, '请选择开播时间')
    .refine((s) => !Number.isNaN(Date.parse(s)), '开播时间不正确'),
};
const addInput = z.object(noticeFields);
const editInput = z.object({ id: idField('预告'), ...noticeFields });

/** One set per anchor kind, at the SPEC's paths (/api/coach/liveNotice*, /api/shop/liveNotice*). */
function noticeEndpoints<const K extends 'coach' | 'shop'>(kind: K) {
  const who = kind === 'coach' ? '教练' : '店铺';
  return {
    add: defineEndpoint({
      path: `/${kind}/liveNoticeAdd`,
      summary: `${who}发布直播预告（10 分钟后至 30 天内）`,
      tags,
      access: kind,
      input: addInput,
      output: liveNoticeSchema,
      okMsg: LIVE_TEXTS.noticeSaved,
    }),
    edit: defineEndpoint({
      path: `/${kind}/liveNoticeEdit`,
      summary: `${who}修改直播预告（仅等待中的）`,
      tags,
      access: kind,
      input: editInput,
      output: liveNoticeSchema,
      okMsg: LIVE_TEXTS.noticeSaved,
    }),
    remove: defineEndpoint({
      path: `/${kind}/liveNoticeDelete`,
      summary: `${who}删除（取消）直播预告，已预约的用户会收到通知`,
      tags,
      access: kind,
      input: idInput('预告'),
      output: z.null(),
      okMsg: LIVE_TEXTS.noticeDeleted,
    }),
  };
}

export const liveCoachNoticeApi = noticeEndpoints('coach');
export const liveShopNoticeApi = noticeEndpoints('shop');

export const liveNoticeApi = {
  mine: defineEndpoint({
    path: '/live/notices',
    summary: '主播自己的预告（等待中的在前）',
    tags,
    access: 'seller',
    input: z.object({ ...pageInput }),
    output: pageSchema(liveNoticeSchema),
  }),
  list: defineEndpoint({
    path: '/public/liveNotices',
    summary: '直播预告（等待中，按开播时间）；room_id 只看一个直播间',
    tags,
    access: 'public',
    input: z.object({ room_id: idField('直播间ID').optional(), ...pageInput }),
    output: pageSchema(liveNoticeSchema),
  }),
  book: defineEndpoint({
    path: '/member/liveBook',
    summary: '预约/取消预约直播预告 {id, status}（开播时站内通知）',
    tags,
    access: 'member',
    input: z.object({
      id: idField('预告'),
      status: switchField('status'),
    }),
    output: z.object({ booked: bit(), bookings: z.number().int() }),
  }),
};
