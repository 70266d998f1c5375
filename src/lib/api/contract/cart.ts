import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';
import { bit, fen, idField, idList, quantityField } from '../fields';
import { CART_TEXTS, MAX_CART_LINES, MAX_LINE_NUM } from '../../rules/cart';

const tags = ['交易'];

/** One cart line. A stale line (off shelf, sold out, short of stock) is shown but cannot be bought. */
export const cartLineSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  specs: z.string().describe('规格值，以 / 分隔'),
  price: fen(),
  num: z.number().int(),
  stock: z.number().int(),
  stale: bit().describe('1 为失效：已下架、已售罄或库存不足'),
  reason: z.string().describe('失效原因，未失效为空'),
});
export type CartLine = z.output<typeof cartLineSchema>;

/** The lines of one shop (a checkout covers one shop). */
export const cartGroupSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_logo: z.string(),
  items: z.array(cartLineSchema),
});
export type CartGroup = z.output<typeof cartGroupSchema>;

const countSchema = z.object({ count: z.number().int().describe('购物车商品种数') });

/** The member's cart (SPEC §2 /cart). Every call sees only the caller's own lines. */
export const cartApi = {
  list: defineEndpoint({
    path: '/cart/list',
    summary: '购物车（按店铺分组，失效商品标出）',
    tags,
    access: 'member',
    input: noInput,
    output: z.object({ groups: z.array(cartGroupSchema), count: z.number().int() }),
  }),
  count: defineEndpoint({ path: '/cart/count', summary: '购物车商品种数', tags, access: 'member', input: noInput, output: countSchema }),
  add: defineEndpoint({
    path: '/cart/add',
    summary: `加入购物车（同一规格合并，最多 ${MAX_CART_LINES} 种）`,
    tags,
    access: 'member',
    input: z.object({ sku_id: idField('规格 id'), num: quantityField(MAX_LINE_NUM).default(1) }),
    output: countSchema,
    okMsg: CART_TEXTS.added,
  }),
  update: defineEndpoint({
    path: '/cart/update',
    summary: '修改购物车数量',
    tags,
    access: 'member',
    input: z.object({ id: idField('购物车 id'), num: quantityField(MAX_LINE_NUM) }),
    output: z.object({ id: z.number().int(), num: z.number().int() }),
  }),
  remove: defineEndpoint({
    path: '/cart/delete',
    summary: '删除购物车商品',
    tags,
    access: 'member',
    input: z.object({ ids: idList('购物车 id', MAX_CART_LINES, '请选择商品') }),
    output: z.object({ removed: z.number().int().describe('删除的行数（他人的 id 忽略）') }),
    okMsg: CART_TEXTS.removed,
  }),
};
