import { z } from 'zod';
import { defineEndpoint, noInput, noOutput } from '../define';
import { bit, idField, intChoice, isoTime, pageInput, pageSchema } from '../fields';
import { FEEDBACK_MIN, FEEDBACK_TEXTS, FEEDBACK_TYPES, NOTICE_KINDS, type FeedbackType, type NoticeKind } from '../../rules/notice';

const tags = ['消息'];

export { FEEDBACK_TEXTS, FEEDBACK_TYPES, NOTICE_KINDS, type FeedbackType, type NoticeKind };

const kind = z.enum(NOTICE_KINDS, { error: '消息类型不正确' });
/** 0 not answered yet, 1 agreed, 2 refused. */
const agreeState = () => z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 未处理，1 同意，2 拒绝');

export const unreadSchema = z.object({ announce: z.number().int(), comment: z.number().int(), notice: z.number().int() });
export type UnreadCounts = z.output<typeof unreadSchema>;

export const noticeItemSchema = z.object({
  id: z.number().int(),
  type: kind,
  title: z.string(),
  summary: z.string(),
  from_name: z.string(),
  from_avatar: z.string(),
  is_read: bit(),
  need_agree: bit(),
  is_agree: agreeState(),
  created_at: isoTime(),
});
export type NoticeItem = z.output<typeof noticeItemSchema>;

export const noticeDetailSchema = z.object({
  id: z.number().int(),
  type: kind,
  title: z.string(),
  content: z.string().describe('已净化的 HTML'),
  link: z.string(),
  from_name: z.string(),
  need_agree: bit(),
  is_agree: agreeState(),
  created_at: isoTime(),
});
export type NoticeDetail = z.output<typeof noticeDetailSchema>;

/** Notices (SPEC §7 "Messages") and feedback. Every call sees only the caller's own messages. */
export const noticeApi = {
  unreadCount: defineEndpoint({
    path: '/member/unreadMsgCount',
    summary: '未读消息数（公告、评论、通知）',
    tags,
    access: 'member',
    input: noInput,
    output: unreadSchema,
  }),
  list: defineEndpoint({
    path: '/member/messageList',
    summary: '消息列表',
    tags,
    access: 'member',
    input: z.object({ type: kind, ...pageInput }),
    output: pageSchema(noticeItemSchema),
  }),
  detail: defineEndpoint({
    path: '/member/messageDetail',
    summary: '消息详情（同时标记已读）',
    tags,
    access: 'member',
    input: z.object({ id: idField('消息 id') }),
    output: noticeDetailSchema,
  }),
  setRead: defineEndpoint({
    path: '/member/messageSetRead',
    summary: '标记已读：传 id 标记一条，传 type 标记该类全部',
    tags,
    access: 'member',
    input: z.object({ id: idField('消息 id').optional(), type: kind.optional() }).refine((v) => v.id || v.type, '请指定消息或消息类型'),
    output: z.object({ count: z.number().int().describe('本次标记的条数') }),
  }),
  remove: defineEndpoint({
    path: '/member/messageDelete',
    summary: '删除消息',
    tags,
    access: 'member',
    input: z.object({ id: idField('消息 id') }),
    output: noOutput,
    okMsg: '删除成功',
  }),
  answer: defineEndpoint({
    path: '/member/messageIsAgree',
    summary: '处理需要同意的通知（1 同意，2 拒绝）',
    tags,
    access: 'member',
    input: z.object({
      id: idField('消息 id'),
      is_agree: intChoice([1, 2], '请选择同意或拒绝'),
    }),
    output: noOutput,
    okMsg: '操作成功',
  }),
  feedback: defineEndpoint({
    path: '/member/feedBack',
    summary: '意见反馈',
    tags,
    access: 'member',
    input: z.object({
      type: z.enum(FEEDBACK_TYPES, { error: FEEDBACK_TEXTS.typeRequired }),
      content: z.string({ error: '请填写反馈内容' }).trim().min(FEEDBACK_MIN, FEEDBACK_TEXTS.contentShort).max(500, '反馈内容最多 500 字'),
      images: z.array(z.string().max(500)).max(4, '最多上传 4 张图片').default([]),
      contact: z.string().trim().max(64, '联系方式最多 64 个字').default(''),
    }),
    output: z.object({ id: z.number().int() }),
    okMsg: '感谢您的反馈，我们会尽快处理',
  }),
};
