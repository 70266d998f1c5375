import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { idField, phoneField } from '../../http/fields';
import { addressList, deleteAddress, saveAddress } from './address.service';
import { cancelOrder, createClassOrder, createCourseOrder, createGoodsOrder, payWithCoins } from './order.service';
import { ledgerPage, walletBalance } from './wallet.service';

const created = z.object({ id: z.number(), order_no: z.string(), pay_amount: z.number().describe('分') });
const region = (label: string) => z.string({ error: `请选择${label}` }).trim().min(1, `请选择${label}`).max(16);

/** Wallet, addresses and orders (issue 5, server side). Every call sees only the caller's own data. */
export function registerCommerce(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(api, { path: '/member/wallet', summary: '功夫币余额', tags, access: 'member', output: z.object({ coins: z.number() }) }, async ({ user }) => ({ coins: await walletBalance(user.id) }));
  endpoint(
    api,
    { path: '/member/coinLedger', summary: '功夫币收支明细', tags, access: 'member', input: z.object({ ...pageInput }), output: pageSchema(z.record(z.string(), z.unknown())) },
    ({ input, user }) => ledgerPage(user.id, input.page, input.limit) as never,
  );

  endpoint(api, { path: '/member/addressList', summary: '收货地址列表', tags, access: 'member', output: z.array(z.record(z.string(), z.unknown())) }, ({ user }) => addressList(user.id) as never);
  endpoint(
    api,
    {
      path: '/member/addressSave',
      summary: '新增或修改收货地址',
      tags,
      access: 'member',
      input: z.object({
        id: idField('地址 id').optional(),
        name: z.string({ error: '请填写收货人' }).trim().min(1, '请填写收货人').max(20, '收货人最多 20 个字'),
        phone: phoneField,
        province: region('省份'),
        city: region('城市'),
        district: region('区县'),
        detail: z.string({ error: '请填写详细地址' }).trim().min(4, '详细地址至少 4 个字').max(120, '详细地址最多 120 个字'),
        is_default: z.coerce.boolean().default(false),
      }),
      output: z.record(z.string(), z.unknown()),
      okMsg: '保存成功',
    },
    ({ input, user }) => saveAddress(user.id, input) as never,
  );
  endpoint(api, { path: '/member/addressDelete', summary: '删除收货地址', tags, access: 'member', input: z.object({ id: idField('地址 id') }), output: z.null(), okMsg: '删除成功' }, async ({ input, user }) => {
    await deleteAddress(user.id, input.id);
    return null;
  });

  endpoint(
    api,
    {
      path: '/order/createGoods',
      summary: '商品下单（同一店铺的 SKU；库存在事务内扣减）',
      tags,
      access: 'member',
      input: z.object({
        items: z
          .array(z.object({ sku_id: idField('规格 id'), num: z.coerce.number().int().min(1, '数量至少为 1').max(99, '单次最多购买 99 件') }))
          .min(1, '请选择商品')
          .max(20, '一次最多 20 种商品'),
        address_id: idField('地址 id'),
        remark: z.string().trim().max(200, '备注最多 200 字').default(''),
      }),
      output: created,
      okMsg: '下单成功',
    },
    ({ input, user }) => createGoodsOrder(user.id, input),
  );
  endpoint(api, { path: '/order/createCourse', summary: '购买课程下单', tags, access: 'member', input: z.object({ course_id: idField('课程 id') }), output: created, okMsg: '下单成功' }, ({ input, user }) =>
    createCourseOrder(user.id, input.course_id),
  );
  endpoint(api, { path: '/order/createClass', summary: '报名班级下单（占用名额）', tags, access: 'member', input: z.object({ class_id: idField('班级 id') }), output: created, okMsg: '下单成功' }, ({ input, user }) =>
    createClassOrder(user.id, input.class_id),
  );
  endpoint(
    api,
    {
      path: '/order/payCoins',
      summary: '功夫币支付（需支付密码）',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id'), pay_password: z.string({ error: '请输入支付密码' }).min(1, '请输入支付密码').max(6, '支付密码错误') }),
      output: z.object({ order_no: z.string(), status: z.string(), balance: z.number() }),
      okMsg: '支付成功',
    },
    ({ input, user }) => payWithCoins(user.id, input.id, input.pay_password),
  );
  endpoint(api, { path: '/order/cancel', summary: '取消未支付订单（库存、名额退回）', tags, access: 'member', input: z.object({ id: idField('订单 id') }), output: z.null(), okMsg: '订单已取消' }, async ({ input, user }) => {
    await cancelOrder(user.id, input.id);
    return null;
  });
}
