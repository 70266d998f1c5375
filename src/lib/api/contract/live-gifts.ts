import { z } from 'zod';
import { defineEndpoint } from '../define';
import { fen, idField, intField, isoTime, pageInput, pageSchema } from '../fields';
import { LIVE_LIMITS, LIVE_TEXTS } from '../../rules/live';

const tags = ['直播'];

export const giftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  animation: z.string(),
  coins: z.number().int().describe('单价（功夫币）'),
});
export type Gift = z.output<typeof giftSchema>;

/** What the room shows for a gift (also the data of the room chat's live_gift message). */
export const giftEventSchema = z.object({
  send_id: z.number().int(),
  room_id: z.number().int(),
  gift: giftSchema,
  num: z.number().int(),
  coins: z.number().int(),
  from: z.object({ user_id: z.number().int(), nick: z.string(), avatar: z.string() }),
  at: isoTime(),
});
export type GiftEvent = z.output<typeof giftEventSchema>;

export const giftLogSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  gift_name: z.string(),
  gift_icon: z.string(),
  num: z.number().int(),
  coins: z.number().int(),
  /** What the anchor received after the platform's share (received logs only; 0 for sent). */
  income_fen: fen(),
  /** The other side: the anchor for sent gifts, the sender for received ones. */
  peer: z.object({ user_id: z.number().int(), nick: z.string(), avatar: z.string() }),
  created_at: isoTime(),
});
export type GiftLog = z.output<typeof giftLogSchema>;

/**
 * Gifts: paid in kung fu coins through the ledger; the anchor's share reaches their
 * seller balance in the same transaction. `key` makes a retried request find its first send.
 */
export const liveGiftApi = {
  gifts: defineEndpoint({
    path: '/public/liveGifts',
    summary: '礼物列表（上架中）',
    tags,
    access: 'public',
    input: z.object({}),
    output: z.object({ list: z.array(giftSchema) }),
  }),
  send: defineEndpoint({
    path: '/member/sendGift',
    summary: `送礼物：扣功夫币（单次超过 ${LIVE_LIMITS.giftPayPasswordAbove} 功夫币需支付密码），同一 key 重试不会重复扣费`,
    tags,
    access: 'member',
    input: z.object({
      room_id: idField('直播间ID'),
      gift_id: idField('礼物'),
      num: intField('数量', {
        min: 1,
        max: LIVE_LIMITS.giftNumMax,
        tooSmall: '数量至少为 1',
        tooBig: `一次最多送 ${LIVE_LIMITS.giftNumMax} 个`,
      }).default(1),
      key: z.string({ error: '请求标识不正确' }).regex(/^[\w-]{8,64}$/, '请求标识不正确'),
      pay_password: z.string().max(64).optional(),
    }),
    output: z.object({ event: giftEventSchema, balance: z.number().int().describe('剩余功夫币') }),
    okMsg: LIVE_TEXTS.giftSent,
  }),
  logs: defineEndpoint({
    path: '/member/giftLogs',
    summary: '打赏流水：送出的（sent）或主播收到的（received）',
    tags,
    access: 'member',
    input: z.object({ dir: z.enum(['sent', 'received'], { error: '流水类型不正确' }).default('sent'), ...pageInput }),
    output: pageSchema(giftLogSchema).extend({
      /** Sum over the whole list (not just this page): coins, and the anchor's income for received. */
      sum_coins: z.number().int(),
      sum_income_fen: fen(),
    }),
  }),
};
