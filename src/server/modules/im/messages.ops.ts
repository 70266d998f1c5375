import { z } from 'zod';
import { decimalValue, intValue } from '~/lib/api/fields';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_LIMITS } from '~/lib/chat/protocol';
import { normaliseStoredPath } from '../../providers/storage';
import { conversationList, emptyC2C } from './conversations.service';
import * as svc from './messages.service';
import { ChatFault, registerOps } from './ops';
import { reportMessage } from './report';

/** zod for every message and conversation op (the socket validates the args tuple before the handler). */

const conversationID = z.string().min(4).max(64);
/** A message's id (im_messages.id, int8): digits a JS number holds exactly. */
const messageID = z
  .string()
  .regex(/^\d{1,16}$/)
  .refine((v) => Number.isSafeInteger(Number(v)));
/** A file the chat upload stored (POST /api/im/upload): our own /uploads/im/ path, never a foreign link. */
const ownUpload = z
  .string()
  .max(500)
  .refine((u) => normaliseStoredPath(u)?.startsWith('/uploads/im/') === true, '文件地址无效');
const size = intValue('大小');

const base = {
  conversationID,
  clientID: z.string().min(1).max(64),
  cloudCustomData: z.string().max(1024).optional(),
};
const customData = z
  .string()
  .min(1)
  .refine((s) => Buffer.byteLength(s) <= 8 * 1024, '自定义消息过长');

export const wireDraft = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('TIMTextElem'),
    payload: z.object({ text: z.string().trim().min(1, '消息不能为空').max(IM_LIMITS.textMax, `消息不能超过${IM_LIMITS.textMax}字`) }),
  }),
  z.object({
    ...base,
    type: z.literal('TIMImageElem'),
    payload: z.object({
      imageFormat: z.string().max(8),
      imageInfoArray: z
        .array(z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]), url: ownUpload, width: size, height: size, size }))
        .min(1)
        .max(3),
    }),
  }),
  z.object({
    ...base,
    type: z.literal('TIMFileElem'),
    payload: z.object({ fileName: z.string().min(1).max(200), fileSize: size, fileUrl: ownUpload }),
  }),
  z.object({
    ...base,
    type: z.literal('TIMVideoFileElem'),
    payload: z.object({
      videoUrl: ownUpload,
      videoSecond: decimalValue('视频时长', 0, 86_400),
      videoSize: size,
      videoFormat: z.string().max(8),
      thumbUrl: z.union([ownUpload, z.literal('')]),
      thumbWidth: size,
      thumbHeight: size,
    }),
  }),
  z.object({
    ...base,
    type: z.literal('TIMSoundElem'),
    payload: z.object({ url: ownUpload, second: decimalValue('语音时长', 0, 3600), size }),
  }),
  z.object({
    ...base,
    type: z.literal('TIMLocationElem'),
    payload: z.object({
      description: z.string().max(200),
      longitude: decimalValue('经度', -180, 180),
      latitude: decimalValue('纬度', -90, 90),
    }),
  }),
  z.object({
    ...base,
    type: z.literal('TIMCustomElem'),
    payload: z.object({ data: customData, description: z.string().max(200), extension: z.string().max(1024) }),
  }),
]);

registerOps({
  getConversationList: {
    args: z.tuple([]),
    handler: async (ctx) => conversationList(ctx.userId),
  },
  getConversationProfile: {
    args: z.tuple([conversationID]),
    handler: async (ctx, id: string) => {
      const t = svc.threadOrFault(ctx.userId, id);
      const [c] = await conversationList(ctx.userId, t.key);
      if (c) return c;
      const fresh = t.kind === 1 && t.peer != null ? await emptyC2C(ctx.userId, t.peer) : null;
      if (!fresh) throw new ChatFault(CHAT_CODE.notFound, '会话不存在');
      return fresh;
    },
  },
  deleteConversation: { args: z.tuple([conversationID]), handler: svc.deleteConversation },
  pinConversation: { args: z.tuple([z.object({ conversationID, isPinned: z.boolean() })]), handler: svc.pinConversation },
  setMessageRemindType: {
    args: z.tuple([z.object({ conversationID, messageRemindType: z.enum(['AcceptAndNotify', 'AcceptNotNotify']) })]),
    handler: svc.setMessageRemindType,
  },
  setMessageRead: { args: z.tuple([z.object({ conversationID })]), handler: svc.setMessageRead },
  getMessageList: {
    args: z.tuple([z.object({ conversationID, nextReqMessageID: z.union([messageID, z.literal('')]).optional() })]),
    handler: svc.getMessageList,
  },
  sendMessage: {
    args: z.union([z.tuple([wireDraft]), z.tuple([wireDraft, z.object({ onlineUserOnly: z.boolean().optional() })])]),
    handler: svc.sendMessage,
  },
  revokeMessage: { args: z.tuple([z.object({ conversationID, ID: messageID })]), handler: svc.revokeMessage },
  deleteMessage: {
    args: z.tuple([z.object({ conversationID, IDList: z.array(messageID).min(1).max(100) })]),
    handler: svc.deleteMessage,
  },
  reportMessage: {
    args: z.tuple([z.object({ conversationID, ID: messageID, reason: z.string().min(1).max(500) })]),
    handler: reportMessage,
  },
});
