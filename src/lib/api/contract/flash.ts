import { z } from 'zod';
import { defineEndpoint } from '../define';
import { fen, fenField, idField, idInput, intField, isoTime, pageInput, pageSchema, quantityField, reasonField } from '../fields';
import { FLASH_KINDS, FLASH_LIMITS, FLASH_PHASES } from '../../rules/flash';
import { ORDER_LIMITS } from '../../rules/order-status';
import { REASON_LIMITS } from '../../rules/growth-console';
import { createdOrderSchema } from './checkout';

const tags = ['秒杀'];

/** A sale as buyers see it: the item, both prices, stock left and the window. */
export const flashCardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FLASH_KINDS),
  course_id: z.number().int().nullable(),
  goods_id: z.number().int().nullable(),
  sku_id: z.number().int().nullable(),
  title: z.string(),
  cover: z.string(),
  specs: z.string().describe('商品规格；课程为空'),
  price: fen().describe('秒杀价'),
  list_price: fen().describe('原价'),
  stock: z.number().int().describe('秒杀库存'),
  left: z.number().int().describe('剩余'),
  per_member: z.number().int(),
  starts_at: isoTime(),
  ends_at: isoTime(),
  phase: z.enum(FLASH_PHASES),
});
export type FlashCard = z.output<typeof flashCardSchema>;

/** The seller's view: the card plus what they may still do with it. */
export const sellerFlashSchema = flashCardSchema.extend({
  paid: z.number().int().describe('已付款件数'),
  can_edit: z.union([z.literal(0), z.literal(1)]),
  can_cancel: z.union([z.literal(0), z.literal(1)]),
});
export type SellerFlash = z.output<typeof sellerFlashSchema>;

const timeField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .max(40, `${label}不正确`)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${label}不正确`);

/** A new sale or the edit of one that has not started (`id`). */
export const flashSaveInput = z.object({
  id: idField('秒杀 id').optional(),
  kind: z.enum(FLASH_KINDS, { error: '请选择课程或商品' }),
  item_id: idField('课程或规格 id'),
  price: fenField('秒杀价', { min: 1, max: 10_000_000, tooSmall: '秒杀价至少 ¥0.01', tooBig: '秒杀价太高' }),
  stock: intField('秒杀库存', {
    min: 1,
    max: FLASH_LIMITS.stockMax,
    tooSmall: '秒杀库存至少 1 件',
    tooBig: `秒杀库存最多 ${FLASH_LIMITS.stockMax} 件`,
  }),
  per_member: intField('每人限购', {
    min: 1,
    max: FLASH_LIMITS.perMemberMax,
    tooSmall: '每人限购至少 1 件',
    tooBig: `每人限购最多 ${FLASH_LIMITS.perMemberMax} 件`,
  }).default(1),
  starts_at: timeField('开始时间'),
  ends_at: timeField('结束时间'),
});

export const flashOptionSchema = z.object({
  kind: z.enum(FLASH_KINDS),
  item_id: z.number().int().describe('课程 id 或规格 id'),
  title: z.string(),
  specs: z.string(),
  price: fen(),
  stock: z.number().int().describe('商品现有库存；课程为 -1（不限）'),
});
export type FlashOption = z.output<typeof flashOptionSchema>;

export const flashApi = {
  list: defineEndpoint({
    path: '/public/flash/list',
    summary: '限时秒杀：进行中与即将开始的活动',
    tags,
    access: 'public',
    input: z.object({ ...pageInput, kind: z.enum(['all', ...FLASH_KINDS], { error: '类型不正确' }).default('all') }),
    output: pageSchema(flashCardSchema),
  }),
  detail: defineEndpoint({
    path: '/public/flash/detail',
    summary: '一个秒杀活动',
    tags,
    access: 'public',
    input: idInput('秒杀 id'),
    output: flashCardSchema,
  }),
  buy: defineEndpoint({
    path: '/flash/buy',
    summary: '秒杀下单（秒杀库存与限购在下单事务内占用，5 分钟内未付款自动释放）',
    tags,
    access: 'member',
    input: z.object({
      flash_id: idField('秒杀 id'),
      num: quantityField(FLASH_LIMITS.perMemberMax).default(1),
      address_id: idField('地址 id').optional().describe('商品秒杀必填'),
      remark: z.string({ error: '备注须为文字' }).trim().max(ORDER_LIMITS.remark, `备注最多 ${ORDER_LIMITS.remark} 字`).default(''),
    }),
    output: createdOrderSchema,
    okMsg: '抢购成功，请在 5 分钟内付款',
  }),
  sellerList: defineEndpoint({
    path: '/seller/flash/list',
    summary: '我的秒杀活动',
    tags,
    access: 'seller',
    input: z.object(pageInput),
    output: pageSchema(sellerFlashSchema),
  }),
  sellerOptions: defineEndpoint({
    path: '/seller/flash/options',
    summary: '可设置秒杀的课程与商品规格',
    tags,
    access: 'seller',
    input: z.object({}),
    output: z.object({ list: z.array(flashOptionSchema) }),
  }),
  save: defineEndpoint({
    path: '/seller/flash/save',
    summary: '创建秒杀，或修改尚未开始的秒杀',
    tags,
    access: 'seller',
    input: flashSaveInput,
    output: z.object({ id: z.number().int() }),
    okMsg: '已保存',
  }),
  cancel: defineEndpoint({
    path: '/seller/flash/cancel',
    summary: '取消秒杀（已下的订单照常付款或关闭）',
    tags,
    access: 'seller',
    input: idInput('秒杀 id'),
    output: z.object({ id: z.number().int() }),
    okMsg: '已取消',
  }),
};

/** The console's row: the seller, the item, both prices, stock and sold, the window and its phase. */
export const adminFlashSchema = flashCardSchema.extend({
  seller_type: z.enum(['coach', 'shop']),
  seller_name: z.string(),
  sold: z.number().int().describe('已售（含待付款占用）'),
  can_cancel: z.union([z.literal(0), z.literal(1)]),
});
export type AdminFlash = z.output<typeof adminFlashSchema>;

/** 秒杀监管 (console, content operators): every seller's sales, and the platform's cancel. */
export const adminFlashApi = {
  list: defineEndpoint({
    path: '/admin/flash/list',
    summary: '秒杀监管：所有卖家的秒杀活动（新建在前，按状态筛选）',
    tags,
    access: 'operator',
    staff: ['content'],
    input: z.object({ ...pageInput, phase: z.enum(['all', ...FLASH_PHASES], { error: '状态不正确' }).default('all') }),
    output: pageSchema(adminFlashSchema),
  }),
  cancel: defineEndpoint({
    path: '/admin/flash/cancel',
    summary: '平台取消未结束的秒杀（已下的订单照常付款或关闭），原因通知卖家',
    tags,
    access: 'operator',
    staff: ['content'],
    input: z.object({ id: idField('秒杀 id'), reason: reasonField('取消原因', REASON_LIMITS.min, REASON_LIMITS.max) }),
    output: z.object({ id: z.number().int() }),
    okMsg: '已取消并通知卖家',
  }),
};
