import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { idField } from '../../http/fields';
import {
  NOTICE_KINDS,
  answerMessage,
  deleteMessage,
  messageDetail,
  messagePage,
  saveFeedback,
  setRead,
  unreadCounts,
} from './notice.service';

export const FEEDBACK_TYPES = ['功能建议', '问题报告', '投诉举报', '其他'] as const;

const kind = z.enum(NOTICE_KINDS, { error: '消息类型不正确' });
const listItem = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  summary: z.string(),
  from_name: z.string(),
  from_avatar: z.string(),
  is_read: z.number(),
  need_agree: z.number(),
  is_agree: z.number(),
  created_at: z.string(),
});

/** Notices (SPEC §7 "Messages") and feedback. Every call sees only the caller's own messages. */
export function registerNotice(api: OpenAPIHono<AppEnv>): void {
  endpoint(
    api,
    {
      path: '/member/unreadMsgCount',
      summary: '未读消息数（公告、评论、通知）',
      tags: ['消息'],
      access: 'member',
      output: z.object({ announce: z.number().int(), comment: z.number().int(), notice: z.number().int() }),
    },
    ({ user }) => unreadCounts(user.id),
  );

  endpoint(
    api,
    {
      path: '/member/messageList',
      summary: '消息列表',
      tags: ['消息'],
      access: 'member',
      input: z.object({ type: kind, ...pageInput }),
      output: pageSchema(listItem),
    },
    ({ input, user }) => messagePage(user.id, input.type, input.page, input.limit),
  );

  endpoint(
    api,
    {
      path: '/member/messageDetail',
      summary: '消息详情（同时标记已读）',
      tags: ['消息'],
      access: 'member',
      input: z.object({ id: idField('消息 id') }),
      output: z.object({
        id: z.number(),
        type: z.string(),
        title: z.string(),
        content: z.string(),
        link: z.string(),
        from_name: z.string(),
        need_agree: z.number(),
        is_agree: z.number(),
        created_at: z.string(),
      }),
    },
    ({ input, user }) => messageDetail(user.id, input.id),
  );

  endpoint(
    api,
    {
      path: '/member/messageSetRead',
      summary: '标记已读：传 id 标记一条，传 type 标记该类全部',
      tags: ['消息'],
      access: 'member',
      input: z.object({ id: idField('消息 id').optional(), type: kind.optional() }).refine((v) => v.id || v.type, '请指定消息或消息类型'),
      output: z.object({ count: z.number().int() }),
    },
    async ({ input, user }) => ({ count: await setRead(user.id, input) }),
  );

  endpoint(
    api,
    {
      path: '/member/messageDelete',
      summary: '删除消息',
      tags: ['消息'],
      access: 'member',
      input: z.object({ id: idField('消息 id') }),
      output: z.null(),
      okMsg: '删除成功',
    },
    async ({ input, user }) => {
      await deleteMessage(user.id, input.id);
      return null;
    },
  );

  endpoint(
    api,
    {
      path: '/member/messageIsAgree',
      summary: '处理需要同意的通知（1 同意，2 拒绝）',
      tags: ['消息'],
      access: 'member',
      input: z.object({
        id: idField('消息 id'),
        is_agree: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: '请选择同意或拒绝' })),
      }),
      output: z.null(),
      okMsg: '操作成功',
    },
    async ({ input, user }) => {
      await answerMessage(user.id, input.id, input.is_agree);
      return null;
    },
  );

  endpoint(
    api,
    {
      path: '/member/feedBack',
      summary: '意见反馈',
      tags: ['消息'],
      access: 'member',
      input: z.object({
        type: z.enum(FEEDBACK_TYPES, { error: '请选择反馈类型' }),
        content: z.string({ error: '请填写反馈内容' }).trim().min(5, '反馈内容至少 5 个字').max(500, '反馈内容最多 500 字'),
        images: z.array(z.string().max(500)).max(4, '最多上传 4 张图片').default([]),
        contact: z.string().trim().max(64, '联系方式最多 64 个字').default(''),
      }),
      output: z.object({ id: z.number() }),
      okMsg: '感谢您的反馈，我们会尽快处理',
    },
    async ({ input, user }) => ({ id: await saveFeedback(user.id, input) }),
  );
}
