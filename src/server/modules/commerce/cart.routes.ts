import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { idField } from '../../http/fields';
import { cartAdd, cartCount, cartList, cartRemove, cartSetNum, MAX_LINE_NUM } from './cart.service';

const anyObj = z.record(z.string(), z.unknown());

/** 购物车 */
export function registerCart(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    { path: '/cart/list', summary: '购物车（按店铺分组，失效商品标出）', tags, access: 'member', output: anyObj },
    ({ user }) => cartList(user.id) as never,
  );
  endpoint(
    api,
    { path: '/cart/count', summary: '购物车商品种数', tags, access: 'member', output: z.object({ count: z.number() }) },
    async ({ user }) => ({ count: await cartCount(user.id) }),
  );
  endpoint(
    api,
    {
      path: '/cart/add',
      summary: '加入购物车',
      tags,
      access: 'member',
      input: z.object({
        sku_id: idField('规格 id'),
        num: z.coerce.number().int().min(1, '数量至少为 1').max(MAX_LINE_NUM, `单件商品最多购买 ${MAX_LINE_NUM} 件`).default(1),
      }),
      output: z.object({ count: z.number() }),
      okMsg: '已加入购物车',
    },
    ({ input, user }) => cartAdd(user.id, input.sku_id, input.num),
  );
  endpoint(
    api,
    {
      path: '/cart/update',
      summary: '修改购物车数量',
      tags,
      access: 'member',
      input: z.object({
        id: idField('购物车 id'),
        num: z.coerce.number().int().min(1, '数量至少为 1').max(MAX_LINE_NUM, `单件商品最多购买 ${MAX_LINE_NUM} 件`),
      }),
      output: anyObj,
    },
    ({ input, user }) => cartSetNum(user.id, input.id, input.num),
  );
  endpoint(
    api,
    {
      path: '/cart/delete',
      summary: '删除购物车商品',
      tags,
      access: 'member',
      input: z.object({ ids: z.array(idField('购物车 id')).min(1, '请选择商品').max(100) }),
      output: z.object({ removed: z.number() }),
      okMsg: '已删除',
    },
    async ({ input, user }) => ({ removed: await cartRemove(user.id, input.ids) }),
  );
}
