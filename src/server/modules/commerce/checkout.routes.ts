import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { idField } from '../../http/fields';
import { refuse } from '../../http/errors';
import { cartLines, MAX_LINE_NUM } from './cart.service';
import { createClassOrder, createCourseOrder, createGoodsOrder, previewGoodsOrder, previewOneItem } from './order.service';

const anyObj = z.record(z.string(), z.unknown());
const created = z.object({ id: z.number(), order_no: z.string(), pay_amount: z.number().describe('分') });
const goodsItems = z
  .array(
    z.object({
      sku_id: idField('规格 id'),
      num: z.coerce.number().int().min(1, '数量至少为 1').max(MAX_LINE_NUM, `单件商品最多购买 ${MAX_LINE_NUM} 件`),
    }),
  )
  .min(1, '请选择商品')
  .max(20, '一次最多 20 种商品');
const couponId = idField('优惠券 id').optional();

/** 结算：预览与下单 */
export function registerCheckout(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    {
      path: '/order/previewGoods',
      summary: '商品结算预览：价格、运费、可用优惠券、应付',
      tags,
      access: 'member',
      input: z.object({
        items: goodsItems.optional(),
        cart_ids: z.array(idField('购物车 id')).min(1).max(20).optional(),
        coupon_id: z.coerce.number().int().min(0).optional(),
      }),
      output: anyObj,
    },
    async ({ input, user }) => {
      const items = input.cart_ids ? await cartLines(user.id, input.cart_ids) : input.items;
      if (!items?.length) throw refuse('请选择商品');
      return { ...(await previewGoodsOrder(user.id, { items, coupon_id: input.coupon_id })), lines: items } as never;
    },
  );
  endpoint(
    api,
    {
      path: '/order/previewItem',
      summary: '课程/班级结算预览',
      tags,
      access: 'member',
      input: z.object({ kind: z.enum(['course', 'class']), id: idField() }),
      output: anyObj,
    },
    ({ input, user }) => previewOneItem(user.id, input.kind, input.id) as never,
  );
  endpoint(
    api,
    {
      path: '/order/createGoods',
      summary: '商品下单（同一店铺的 SKU；库存、优惠券在事务内占用）',
      tags,
      access: 'member',
      input: z.object({
        items: goodsItems,
        address_id: idField('地址 id'),
        remark: z.string().trim().max(200, '备注最多 200 字').default(''),
        coupon_id: couponId,
        from_cart: z.coerce.boolean().default(false),
      }),
      output: created,
      okMsg: '下单成功',
    },
    ({ input, user }) => createGoodsOrder(user.id, input),
  );
  endpoint(
    api,
    {
      path: '/order/createCourse',
      summary: '购买课程下单',
      tags,
      access: 'member',
      input: z.object({ course_id: idField('课程 id'), coupon_id: couponId }),
      output: created,
      okMsg: '下单成功',
    },
    ({ input, user }) => createCourseOrder(user.id, input.course_id, input.coupon_id),
  );
  endpoint(
    api,
    {
      path: '/order/createClass',
      summary: '报名班级下单（占用名额；免费班级直接报名成功）',
      tags,
      access: 'member',
      input: z.object({ class_id: idField('班级 id'), coupon_id: couponId }),
      output: created.extend({ status: z.string() }),
      okMsg: '下单成功',
    },
    ({ input, user }) => createClassOrder(user.id, input.class_id, input.coupon_id),
  );
}
