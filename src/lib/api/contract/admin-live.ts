import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, idField, intChoice, intField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { LIVE_LIMITS, LIVE_STATUS, LIVE_TEXTS } from '../../rules/live';
import { liveRoomCardSchema } from './live';

const tags = ['运营后台·直播'];
const content = ['content'] as const;

export const adminLiveRoomSchema = liveRoomCardSchema.extend({
  ban_reason: z.string(),
  user_id: z.number().int(),
  updated_at: isoTime(),
});

export const adminGiftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  animation: z.string(),
  coins: z.number().int(),
  sort: z.number().int(),
  enabled: bit(),
  sent: z.number().int().describe('累计送出次数'),
});

/** The console's live oversight: rooms (take down / restore) and the gift catalogue. */
export const adminLiveApi = {
  rooms: defineEndpoint({
    path: '/admin/liveRooms',
    summary: '直播间列表（直播中在前）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ status: z.enum(LIVE_STATUS).optional(), q: textField('关键字', 40).optional(), ...pageInput }),
    output: pageSchema(adminLiveRoomSchema),
  }),
  ban: defineEndpoint({
    path: '/admin/liveBan',
    summary: '封禁直播间：断开推流，不能再开播',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      id: idField('直播间ID'),
      reason: z.string({ error: '请填写封禁原因' }).trim().min(2, '封禁原因至少 2 个字').max(200, '封禁原因最多 200 个字'),
    }),
    output: z.null(),
    okMsg: LIVE_TEXTS.takenDown,
  }),
  unban: defineEndpoint({
    path: '/admin/liveUnban',
    summary: '解封直播间',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('直播间ID') }),
    output: z.null(),
    okMsg: LIVE_TEXTS.restored,
  }),
  gifts: defineEndpoint({
    path: '/admin/liveGifts',
    summary: '礼物目录（含已下架）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({}),
    output: z.object({ list: z.array(adminGiftSchema) }),
  }),
  giftSave: defineEndpoint({
    path: '/admin/liveGiftSave',
    summary: '新增或修改礼物',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      id: idField('礼物').optional(),
      name: textField('礼物名称', LIVE_LIMITS.giftNameMax).min(1, '请填写礼物名称'),
      icon: z.string({ error: '请上传礼物图标' }).trim().min(1, '请上传礼物图标').max(500),
      animation: z.string().trim().max(500).default(''),
      coins: intField('价格', {
        min: 1,
        max: 100_000,
        msg: '价格须为整数',
        tooSmall: '价格至少 1 功夫币',
        tooBig: '价格最多 100000 功夫币',
      }),
      sort: intField('排序', { max: 99_999 }).default(0),
      enabled: intChoice([0, 1], 'enabled 只能是 0 或 1').default(1),
    }),
    output: z.object({ id: z.number().int() }),
    okMsg: '保存成功',
  }),
};
