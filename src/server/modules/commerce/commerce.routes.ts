import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { idField, phoneField } from '../../http/fields';
import { refuse } from '../../http/errors';
import { log } from '../../log';
import { isRegion, loadRegions } from '~/lib/rules/regions';
import { payProvider, payProviders, type ProviderName } from '../../providers/pay';
import { addressList, deleteAddress, saveAddress } from './address.service';
import { cartAdd, cartCount, cartLines, cartList, cartRemove, cartSetNum, MAX_LINE_NUM } from './cart.service';
import { claimableCoupons, claimCoupon, myCoupons } from './coupon.service';
import {
  cancelOrder,
  createClassOrder,
  createCourseOrder,
  createGoodsOrder,
  payWithCoins,
  previewGoodsOrder,
  previewOneItem,
} from './order.service';
import {
  confirmReceived,
  myOrders,
  orderDetail,
  requestRefund,
  sellerOrderDetail,
  shipOrder,
  withdrawRefund,
} from './order-lifecycle.service';
import {
  applyPaidNotice,
  paymentStatus,
  payOrderOnline,
  sandboxConfirm,
  sandboxInfo,
  TOPUP_MAX,
  TOPUP_MIN,
  topUp,
} from './payment.service';
import { courseProgress, myClasses, myCourses, recordProgress } from './study.service';
import { ledgerPage, walletSummary } from './wallet.service';

const anyObj = z.record(z.string(), z.unknown());
const created = z.object({ id: z.number(), order_no: z.string(), pay_amount: z.number().describe('分') });
const region = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .max(16);
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
const providerField = z.enum(['sandbox', 'wechat', 'alipay'], { error: '请选择支付方式' });
const orderKind = z.enum(['goods', 'course', 'class'], { error: '订单类型不正确' });

/**
 * Cart, addresses, coupons, orders, payments, wallet and study records (issue 5). Every member
 * call sees only the caller's own data; the gateways' notify endpoints answer in their own format.
 */
export function registerCommerce(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];

  /* Wallet */
  endpoint(
    api,
    {
      path: '/member/wallet',
      summary: '钱包概况：功夫币余额、可用优惠券数',
      tags,
      access: 'member',
      output: z.object({ coins: z.number(), coupons: z.number() }),
    },
    ({ user }) => walletSummary(user.id),
  );
  endpoint(
    api,
    {
      path: '/member/coinLedger',
      summary: '功夫币收支明细（type=gift 为打赏流水）',
      tags,
      access: 'member',
      input: z.object({ ...pageInput, type: z.enum(['all', 'gift']).default('all') }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => ledgerPage(user.id, input.page, input.limit, input.type === 'gift' ? ['gift', 'reward'] : undefined) as never,
  );

  /* Addresses */
  endpoint(
    api,
    { path: '/member/addressList', summary: '收货地址列表', tags, access: 'member', output: z.array(anyObj) },
    ({ user }) => addressList(user.id) as never,
  );
  endpoint(
    api,
    {
      path: '/member/addressSave',
      summary: '新增或修改收货地址（省市区须为真实行政区划）',
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
      output: anyObj,
      okMsg: '保存成功',
    },
    async ({ input, user }) => {
      if (!isRegion(await loadRegions(), input.province, input.city, input.district)) throw refuse('请选择正确的省市区');
      return saveAddress(user.id, input) as never;
    },
  );
  endpoint(
    api,
    {
      path: '/member/addressDelete',
      summary: '删除收货地址',
      tags,
      access: 'member',
      input: z.object({ id: idField('地址 id') }),
      output: z.null(),
      okMsg: '删除成功',
    },
    async ({ input, user }) => {
      await deleteAddress(user.id, input.id);
      return null;
    },
  );

  /* Cart */
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

  /* Coupons */
  endpoint(
    api,
    { path: '/public/couponCenter', summary: '领券中心：可领取的优惠券', tags, access: 'public', output: z.array(anyObj) },
    ({ user }) => claimableCoupons(user?.id ?? null) as never,
  );
  endpoint(
    api,
    {
      path: '/member/couponClaim',
      summary: '领取优惠券',
      tags,
      access: 'member',
      input: z.object({ id: idField('优惠券 id') }),
      output: anyObj,
      okMsg: '领取成功',
    },
    ({ input, user }) => claimCoupon(user.id, input.id),
  );
  endpoint(
    api,
    {
      path: '/member/couponList',
      summary: '我的优惠券（未使用/已使用/已过期）',
      tags,
      access: 'member',
      input: z.object({ ...pageInput, status: z.enum(['unused', 'used', 'expired']).default('unused') }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => myCoupons(user.id, input.status, input.page, input.limit) as never,
  );

  /* Checkout */
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

  /* Paying */
  endpoint(
    api,
    {
      path: '/pay/methods',
      summary: '可用的支付方式与功夫币余额',
      tags,
      access: 'member',
      output: z.object({ coins: z.number(), providers: z.array(z.object({ name: z.string(), label: z.string() })) }),
    },
    async ({ user }) => ({
      coins: (await walletSummary(user.id)).coins,
      providers: payProviders().map((p) => ({ name: p.name, label: p.label })),
    }),
  );
  endpoint(
    api,
    {
      path: '/order/payCoins',
      summary: '功夫币支付（需支付密码）',
      tags,
      access: 'member',
      input: z.object({
        id: idField('订单 id'),
        pay_password: z.string({ error: '请输入支付密码' }).min(1, '请输入支付密码').max(6, '支付密码错误'),
      }),
      output: z.object({ order_no: z.string(), status: z.string(), balance: z.number() }),
      okMsg: '支付成功',
    },
    ({ input, user }) => payWithCoins(user.id, input.id, input.pay_password),
  );
  endpoint(
    api,
    {
      path: '/pay/order',
      summary: '在线支付订单：返回跳转地址或二维码',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id'), provider: providerField }),
      output: anyObj,
    },
    ({ input, user }) => payOrderOnline(user.id, input.id, input.provider) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/topup',
      summary: '功夫币充值（1 功夫币 = 1 元）',
      tags,
      access: 'member',
      input: z.object({
        coins: z.coerce
          .number({ error: '请输入充值数量' })
          .int('充值数量须为整数')
          .min(TOPUP_MIN, `至少充值 ${TOPUP_MIN} 个`)
          .max(TOPUP_MAX, `单次最多充值 ${TOPUP_MAX} 个`),
        provider: providerField,
      }),
      output: anyObj,
    },
    ({ input, user }) => topUp(user.id, input.coins, input.provider) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/status',
      summary: '支付单状态',
      tags,
      access: 'member',
      input: z.object({ pay_no: z.string().min(1).max(32) }),
      output: anyObj,
    },
    ({ input, user }) => paymentStatus(user.id, input.pay_no) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/sandbox/info',
      summary: '沙箱收银台：支付单信息',
      tags,
      access: 'public',
      input: z.object({ pay_no: z.string().min(1).max(32) }),
      output: anyObj,
    },
    ({ input }) => sandboxInfo(input.pay_no) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/sandbox/confirm',
      summary: '沙箱收银台：确认付款（网关随即发送签名通知）',
      tags,
      access: 'public',
      input: z.object({ pay_no: z.string().min(1).max(32) }),
      output: anyObj,
      okMsg: '付款成功',
    },
    ({ input }) => sandboxConfirm(input.pay_no, (req) => Promise.resolve(api.fetch(req))) as never,
  );
  // Gateways call this with their own formats and expect their own answers (not our envelope).
  api.post('/pay/notify/:provider', async (c) => {
    const name = c.req.param('provider');
    const gateway = payProvider(name);
    if (!gateway) return c.text('FAIL', 404);
    const body = await c.req.text();
    const notice = gateway.readNotify(c.req.raw.headers, body);
    if (!notice) {
      log.warn('payment notify refused', { provider: name });
      return gateway.ack(false);
    }
    const outcome = await applyPaidNotice(name as ProviderName, notice);
    log.info('payment notify', { provider: name, pay_no: notice.payNo, outcome });
    return gateway.ack(outcome !== 'rejected');
  });

  /* Orders after checkout */
  endpoint(
    api,
    {
      path: '/order/list',
      summary: '我的订单（按类型、状态分页）',
      tags,
      access: 'member',
      input: z.object({
        ...pageInput,
        kind: orderKind,
        tab: z.enum(['all', 'unpaid', 'paid', 'shipped', 'done', 'refund', 'closed']).default('all'),
      }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => myOrders(user.id, input.kind, input.tab, input.page, input.limit) as never,
  );
  endpoint(
    api,
    {
      path: '/order/detail',
      summary: '订单详情（本人订单）',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: anyObj,
    },
    ({ input, user }) => orderDetail(user.id, input.id) as never,
  );
  endpoint(
    api,
    {
      path: '/order/cancel',
      summary: '取消未支付订单（库存、名额、优惠券退回）',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: z.null(),
      okMsg: '订单已取消',
    },
    async ({ input, user }) => {
      await cancelOrder(user.id, input.id);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/receive',
      summary: '确认收货',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: z.null(),
      okMsg: '已确认收货',
    },
    async ({ input, user }) => {
      await confirmReceived(user.id, input.id);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/refund',
      summary: '申请退款（由卖家处理）',
      tags,
      access: 'member',
      input: z.object({
        id: idField('订单 id'),
        reason: z.string({ error: '请填写退款原因' }).trim().min(2, '请填写退款原因').max(200, '退款原因最多 200 字'),
      }),
      output: z.null(),
      okMsg: '退款申请已提交',
    },
    async ({ input, user }) => {
      await requestRefund(user.id, input.id, input.reason);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/refundCancel',
      summary: '撤销退款申请',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: z.null(),
      okMsg: '已撤销退款申请',
    },
    async ({ input, user }) => {
      await withdrawRefund(user.id, input.id);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/shopDetail',
      summary: '卖家查看订单',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: anyObj,
    },
    ({ input, user }) => sellerOrderDetail(user.id, input.id) as never,
  );
  endpoint(
    api,
    {
      path: '/order/ship',
      summary: '卖家发货',
      tags,
      access: 'member',
      input: z.object({
        id: idField('订单 id'),
        express_company: z.string({ error: '请填写快递公司' }).trim().min(2, '请填写快递公司').max(20, '快递公司最多 20 个字'),
        express_no: z
          .string({ error: '请填写快递单号' })
          .trim()
          .regex(/^[A-Za-z0-9]{6,32}$/, '快递单号为 6-32 位字母或数字'),
      }),
      output: z.null(),
      okMsg: '已发货',
    },
    async ({ input, user }) => {
      await shipOrder(user.id, input.id, input.express_company, input.express_no);
      return null;
    },
  );

  /* Study */
  endpoint(
    api,
    {
      path: '/member/myCourse',
      summary: '我的课程（学习进度）',
      tags,
      access: 'member',
      input: z.object({ ...pageInput }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => myCourses(user.id, input.page, input.limit) as never,
  );
  endpoint(
    api,
    { path: '/member/myClass', summary: '我的班级', tags, access: 'member', input: z.object({ ...pageInput }), output: pageSchema(anyObj) },
    ({ input, user }) => myClasses(user.id, input.page, input.limit) as never,
  );
  endpoint(
    api,
    {
      path: '/course/progress',
      summary: '记录课时学习进度',
      tags,
      access: 'member',
      input: z.object({
        lesson_id: idField('课时 id'),
        position: z.coerce.number().int().min(0).max(86_400),
        ended: z.coerce.boolean().default(false),
      }),
      output: anyObj,
    },
    ({ input, user }) => recordProgress(user.id, input.lesson_id, input.position, input.ended),
  );
  endpoint(
    api,
    {
      path: '/course/myProgress',
      summary: '某课程各课时的学习进度',
      tags,
      access: 'member',
      input: z.object({ course_id: idField('课程 id') }),
      output: z.array(anyObj),
    },
    ({ input, user }) => courseProgress(user.id, input.course_id) as never,
  );
}
