import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';
import { bit, fen, fenField, idField, pageInput, pageSchema } from '../fields';
import { idName } from './catalogue-training';

const tags = ['目录'];

/** A price filter in fen. */
const priceFilter = fenField('价格', { max: 100_000_000, tooSmall: '价格不能为负' }).optional();

/** A goods card (lists, search, homepages). */
export const goodsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen().describe('分；有规格时为最低价'),
  sales: z.number().int(),
  shop: idName,
  category_id: z.number().int(),
});
export type GoodsItem = z.output<typeof goodsItemSchema>;

/** A shop card (SPEC §3 "Coach or shop info": id, uid, nick_name, head) plus the profile. */
export const shopCardSchema = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  nick_name: z.string(),
  head: z.string(),
  cover: z.string(),
  intro: z.string(),
  city: z.string(),
  fans_count: z.number().int(),
  labels: z.array(z.string()).describe('店铺标签（主营）'),
});
export type ShopCard = z.output<typeof shopCardSchema>;

/** One purchasable combination of spec values. */
export const skuSchema = z.object({
  id: z.number().int(),
  specs: z.array(z.string()).describe('与 spec_names 一一对应'),
  price: fen(),
  vip_price: fen().describe('会员价（有效VIP会员结算时使用），0 为不设'),
  stock: z.number().int(),
});
export type Sku = z.output<typeof skuSchema>;

export const goodsDetailSchema = goodsItemSchema.extend({
  images: z.array(z.string()),
  detail: z.string().describe('已净化的 HTML'),
  category: z.string(),
  spec_names: z.array(z.string()),
  skus: z.array(skuSchema),
  stock: z.number().int().describe('各 SKU 库存之和'),
  shop_card: shopCardSchema,
});
export type GoodsDetail = z.output<typeof goodsDetailSchema>;

export const goodsSorts = ['new', 'hot', 'price_asc', 'price_desc'] as const;
export type GoodsSort = (typeof goodsSorts)[number];

/** Goods, categories and shops (the mall). */
export const mallApi = {
  categories: defineEndpoint({
    path: '/goods/category',
    summary: '商品分类',
    tags,
    access: 'public',
    input: noInput,
    output: z.array(idName),
  }),
  goodsList: defineEndpoint({
    path: '/goods/list',
    summary: '商品列表（分类、店铺、关键字、价格区间、排序、分页）',
    tags,
    access: 'public',
    input: z
      .object({
        category_id: idField('分类 id').optional(),
        shop_id: idField('店铺 id').optional(),
        q: z.string({ error: '关键字不正确' }).trim().max(30, '关键字最多 30 个字').optional().describe('标题中文子串；空串不筛选'),
        min_price: priceFilter,
        max_price: priceFilter,
        sort: z.enum(goodsSorts, { error: '排序方式不正确' }).default('new'),
        ...pageInput,
      })
      .refine((v) => v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price, '最低价不能高于最高价'),
    output: pageSchema(goodsItemSchema),
  }),
  goodsDetail: defineEndpoint({
    path: '/goods/detail',
    summary: '商品详情（图集、规格、SKU 价格与库存、店铺）',
    tags,
    access: 'public',
    input: z.object({ id: idField('商品 id') }),
    output: goodsDetailSchema.extend({ is_favorite: bit() }),
  }),
  shopList: defineEndpoint({
    path: '/shop/list',
    summary: '店铺列表',
    tags,
    access: 'public',
    input: z.object({ ...pageInput }),
    output: pageSchema(shopCardSchema),
  }),
  agentGoods: defineEndpoint({
    path: '/public/businessAgentGoods',
    summary: '教练或店铺代理销售的商品',
    tags,
    access: 'public',
    input: z.object({ type: z.enum(['coach', 'shop'], { error: '类型不正确' }), id: idField(), ...pageInput }),
    output: pageSchema(goodsItemSchema),
  }),
};
