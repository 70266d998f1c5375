import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/* The API client is replaced by a scripted server: `reply` answers each call (an Error rejects), `calls` records them. */
const calls: { path: string; body: unknown }[] = [];
let reply: (path: string, body: Record<string, unknown>) => unknown = () => null;
vi.mock('~/lib/api/client', async (importActual) => {
  const actual = await importActual<typeof import('~/lib/api/client')>();
  return {
    ...actual,
    api: async (path: string, body: Record<string, unknown> = {}) => {
      calls.push({ path, body });
      const answer = reply(path, body);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
});
vi.mock('~/lib/toast', () => ({ toast: { success: () => {}, error: () => {}, warning: () => {}, info: () => {} } }));

const { ApiError } = await import('~/lib/api/client');
const { InputError } = await import('~/lib/stores/action');
const { $session } = await import('~/lib/stores/session');
const { PAY_TEXTS } = await import('~/lib/rules/payment');
const { EXPRESS_NO_TEXT } = await import('~/lib/rules/order-status');
const { $addresses } = await import('~/lib/stores/address');
const checkout = await import('~/lib/stores/checkout');
const payment = await import('~/lib/stores/payment');
const orders = await import('~/lib/stores/orders');

type GoodsPreview = import('~/lib/stores/checkout').GoodsPreview;
type ItemPreview = import('~/lib/stores/checkout').ItemPreview;
type UsableCoupon = import('~/lib/stores/checkout').UsableCoupon;
type Address = import('~/lib/stores/address').Address;
type OrderDetail = import('~/lib/stores/orders').OrderDetail;
type User = NonNullable<ReturnType<typeof $session.get>>;

const paths = () => calls.map((c) => c.path);
const bodyOf = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

beforeEach(() => {
  calls.length = 0;
  reply = () => null;
  $session.set({ user_id: 7, token: 'tok' } as User);
});

/** A rejection's error, for asserting its class, text and level. */
async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

const coupon = (id: number, amount: number): UsableCoupon => ({
  id,
  title: `券${id}`,
  amount,
  threshold: 1000,
  scope: 'all',
  scope_text: '全场通用',
  course_id: null,
  valid_days: 7,
  ends_at: '2030-01-01T00:00:00.000Z',
  left: 5,
  valid_to: '2030-01-01T00:00:00.000Z',
});

/**
 * A scripted previewGoods: prices the lines sent like the server would (so the test can tell the
 * shown figures come from here), choosing coupon 11 (¥5) unless asked otherwise.
 */
function goodsServer(stock = 5) {
  return (body: Record<string, unknown>): GoodsPreview => {
    const lines = (body['items'] as { sku_id: number; num: number }[] | undefined) ?? [{ sku_id: 3, num: 2 }];
    const coupons = [coupon(11, 500), coupon(12, 300)];
    const asked = body['coupon_id'] as number | undefined;
    const chosen = asked === undefined ? coupons[0] : coupons.find((c) => c.id === asked);
    const total = lines.reduce((n, l) => n + 2500 * l.num, 0);
    return {
      shop: { id: 1, name: '少林器械' },
      items: lines.map((l) => ({
        goods_id: 9,
        sku_id: l.sku_id,
        title: '木剑',
        cover: '',
        specs: '红',
        price: 2500,
        num: l.num,
        stock,
        short: l.num > stock ? 1 : 0,
        member_price: 0,
      })),
      lines,
      freight: 1000,
      free_freight_from: 9900,
      items_total: total,
      coupons,
      coupon_id: chosen?.id ?? 0,
      discount: chosen?.amount ?? 0,
      // Deliberately not items_total + freight - discount: the page must show this number.
      pay_amount: 4242 + lines[0]!.num + (chosen?.id ?? 0),
    };
  };
}

const addr = (id: number, is_default: 0 | 1): Address => ({
  id,
  name: '张三',
  phone: '13912345678',
  province: '北京市',
  city: '市辖区',
  district: '海淀区',
  detail: '中关村大街 1 号',
  is_default,
});

describe('checkout', () => {
  beforeEach(() => $addresses.set({ list: null, error: '' }));

  it('reads what the URL asks to buy', () => {
    expect(checkout.checkoutRequest('goods', '?cart=3,x,4')).toEqual({ kind: 'goods', cart: [3, 4], items: [] });
    expect(checkout.checkoutRequest('goods', '?goods_id=9&sku_id=5&num=2')).toEqual({
      kind: 'goods',
      cart: [],
      items: [{ sku_id: 5, num: 2 }],
    });
    expect(checkout.checkoutRequest('goods', '?sku_id=5')).toEqual({ kind: 'goods', cart: [], items: [{ sku_id: 5, num: 1 }] });
    expect(checkout.checkoutRequest('goods', '')).toBeNull();
    expect(checkout.checkoutRequest('course', '?id=8')).toEqual({ kind: 'course', id: 8 });
    expect(checkout.checkoutRequest('class', '?id=-1')).toBeNull();
  });

  it('says so when the URL names nothing, without asking the server', async () => {
    await checkout.startCheckout('goods', '');
    expect(checkout.$checkout.get().error).toBe(checkout.CHECKOUT_TEXTS.nothing);
    await checkout.startCheckout('class', '?id=0');
    expect(checkout.$checkout.get().error).toBe(checkout.CHECKOUT_TEXTS.noClass);
    expect(calls).toEqual([]);
  });

  it('loads the goods preview from the cart and picks the default address', async () => {
    const server = goodsServer();
    reply = (path, body) => (path === '/order/previewGoods' ? server(body) : [addr(1, 0), addr(2, 1)]);
    await checkout.startCheckout('goods', '?cart=3');
    expect(bodyOf('/order/previewGoods')).toEqual([{ cart_ids: [3] }]);
    const s = checkout.$checkout.get();
    expect(s.goods?.pay_amount).toBe(4242 + 2 + 11);
    expect(s.couponId).toBe(11);
    expect(s.lines).toEqual([{ sku_id: 3, num: 2 }]);
    expect(s.addressId).toBe(2);
  });

  it('asks the server again when the coupon or a quantity changes, and shows its figure', async () => {
    const server = goodsServer();
    reply = (path, body) => (path === '/order/previewGoods' ? server(body) : []);
    await checkout.startCheckout('goods', '?cart=3');
    calls.length = 0;

    await checkout.chooseCoupon(12);
    expect(bodyOf('/order/previewGoods')).toEqual([{ items: [{ sku_id: 3, num: 2 }], coupon_id: 12 }]);
    expect(checkout.$checkout.get()).toMatchObject({ couponId: 12, goods: { discount: 300, pay_amount: 4242 + 2 + 12 } });

    // The coupon picked again is dropped.
    await checkout.chooseCoupon(12);
    expect(checkout.$checkout.get()).toMatchObject({ couponId: 0, goods: { discount: 0, pay_amount: 4242 + 2 } });

    await checkout.stepLine(3, 1);
    expect(bodyOf('/order/previewGoods').at(-1)).toEqual({ items: [{ sku_id: 3, num: 3 }], coupon_id: 0 });
    expect(checkout.$checkout.get().goods?.pay_amount).toBe(4242 + 3);
  });

  it('keeps quantities within the stock and puts a refused change back', async () => {
    const server = goodsServer(3);
    reply = (path, body) => (path === '/order/previewGoods' ? server(body) : []);
    await checkout.startCheckout('goods', '?sku_id=3&num=3');
    calls.length = 0;
    await checkout.stepLine(3, 1);
    expect(calls).toEqual([]);

    reply = () => new ApiError('网络开小差了', 0);
    const err = await failure(checkout.stepLine(3, -1));
    expect((err as Error).message).toBe('网络开小差了');
    expect(checkout.$checkout.get()).toMatchObject({ lines: [{ sku_id: 3, num: 3 }], pricing: false });
  });

  it('refuses to submit goods without an address or with short stock, sending nothing', async () => {
    const server = goodsServer(1);
    reply = (path, body) => (path === '/order/previewGoods' ? server(body) : []);
    await checkout.startCheckout('goods', '?sku_id=3&num=2');
    calls.length = 0;
    let err = await failure(checkout.submitCheckout(''));
    expect(err).toBeInstanceOf(InputError);
    expect(err).toMatchObject({ message: checkout.CHECKOUT_TEXTS.address, level: 'warning' });
    checkout.pickAddress(5);
    err = await failure(checkout.submitCheckout(''));
    expect(err).toMatchObject({ message: checkout.CHECKOUT_TEXTS.short, level: 'warning' });
    expect(calls).toEqual([]);
  });

  it('places a goods order as previewed and leads to paying it', async () => {
    const server = goodsServer();
    reply = (path, body) =>
      path === '/order/previewGoods'
        ? server(body)
        : path === '/order/createGoods'
          ? { id: 77, order_no: 'N1', pay_amount: 1 }
          : [addr(4, 1)];
    await checkout.startCheckout('goods', '?cart=3,4');
    const placed = await checkout.submitCheckout('  请尽快发货 ');
    expect(placed).toEqual({ href: '/order/middle?id=77', done: '' });
    expect(bodyOf('/order/createGoods')).toEqual([
      { items: [{ sku_id: 3, num: 2 }], address_id: 4, remark: '请尽快发货', from_cart: true, coupon_id: 11 },
    ]);
  });

  it('does not submit while a new total is on its way', async () => {
    const server = goodsServer();
    let release: () => void = () => {};
    reply = (path, body) => (path === '/order/previewGoods' ? server(body) : [addr(4, 1)]);
    await checkout.startCheckout('goods', '?cart=3');
    reply = (_path, body) =>
      new Promise((resolve) => {
        release = () => resolve(goodsServer()(body));
      }) as unknown;
    const repricing = checkout.chooseCoupon(12);
    const err = await failure(checkout.submitCheckout(''));
    expect(err).toMatchObject({ message: checkout.CHECKOUT_TEXTS.pricing, level: 'warning' });
    release();
    await repricing;
    expect(checkout.$checkout.get().pricing).toBe(false);
  });

  const course: ItemPreview = {
    kind: 'course',
    item: { id: 8, title: '太极入门', cover: '', price: 9900, level: '入门' },
    items_total: 9900,
    coupons: [],
    coupon_id: 0,
    discount: 0,
    pay_amount: 9900,
  };

  it('a course already awaiting payment leads to that order, with the server message', async () => {
    const refusal = new ApiError('你已下单该课程，请在订单中完成支付', 100, { order_id: 55 });
    reply = () => refusal;
    await checkout.startCheckout('course', '?id=8');
    expect(checkout.$checkout.get()).toMatchObject({ error: '', pending: { orderId: 55, message: refusal.message } });
    expect(checkout.payHref(55)).toBe('/order/middle?id=55');

    // The same refusal when submitting (another tab ordered meanwhile).
    reply = (path) => (path === '/order/previewItem' ? course : refusal);
    await checkout.startCheckout('course', '?id=8');
    expect(checkout.$checkout.get().pending).toBeNull();
    expect(await checkout.submitCheckout('')).toBeNull();
    expect(checkout.$checkout.get().pending).toEqual({ orderId: 55, message: refusal.message });
    expect(bodyOf('/order/createCourse')).toEqual([{ course_id: 8 }]);
  });

  it('other refusals are shown as they are', async () => {
    reply = () => new ApiError('课程不存在或已下架', 404);
    await checkout.startCheckout('course', '?id=8');
    expect(checkout.$checkout.get()).toMatchObject({ error: '课程不存在或已下架', pending: null });
    expect(checkout.pendingOrderOf(new ApiError('x', 100, { order_id: 'a' }))).toBeNull();
    expect(checkout.pendingOrderOf(new Error('x'))).toBeNull();
  });

  it('a free class is enrolled at once and goes to the order', async () => {
    const klass: ItemPreview = {
      kind: 'class',
      item: {
        id: 6,
        title: '公益班',
        cover: '',
        price: 0,
        schedule: '周六',
        venue: '佛山 祖庙',
        seats_left: 3,
        starts_at: '2030-01-01T00:00:00.000Z',
      },
      items_total: 0,
      coupons: [],
      coupon_id: 0,
      discount: 0,
      pay_amount: 0,
    };
    reply = (path) => (path === '/order/previewItem' ? klass : { id: 90, order_no: 'N', pay_amount: 0, status: 'paid' });
    await checkout.startCheckout('class', '?id=6');
    expect(await checkout.submitCheckout('')).toEqual({ href: '/order/detail?id=90', done: checkout.CHECKOUT_TEXTS.enrolled });
    expect(bodyOf('/order/createClass')).toEqual([{ class_id: 6 }]);
  });

  it('a just-saved address becomes the delivery address', async () => {
    reply = (path) => (path === '/member/addressList' ? [addr(1, 1), addr(9, 0)] : null);
    await checkout.loadCheckoutAddresses();
    expect(checkout.$checkout.get().addressId).toBe(1);
    await checkout.addressSaved(addr(9, 0));
    expect(checkout.$checkout.get().addressId).toBe(9);
    expect(checkout.pickInitialAddress([addr(1, 0), addr(2, 0)], 0)).toBe(1);
    expect(checkout.pickInitialAddress([], 3)).toBe(0);
  });
});

const detail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 31,
  order_no: 'N31',
  kind: 'goods',
  status: 'unpaid',
  status_text: '待付款',
  items_total: 12000,
  freight: 0,
  discount: 0,
  pay_amount: 12001,
  pay_coins: 121,
  pay_method: '',
  created_at: '2030-01-01T00:00:00.000Z',
  paid_at: null,
  expires_at: '2030-01-01T00:30:00.000Z',
  shipped_at: null,
  received_at: null,
  completed_at: null,
  refund_reason: '',
  refund_refusal: '',
  express_company: '',
  express_no: '',
  can_refund: 0,
  items: [],
  seller: { type: 'mechant', id: 1, name: '少林器械' },
  address: null,
  remark: '',
  ...over,
});

describe('paying an order', () => {
  const methods = (coins: number) => ({ coins, providers: [{ name: 'sandbox' as const, label: '沙箱支付（测试环境）' }] });

  it('a missing order offers no 重试 (it would answer the same); a network failure does', async () => {
    reply = (path) => (path === '/order/detail' ? new ApiError('订单不存在', 404) : methods(5));
    await payment.loadPayStep('?id=31');
    expect(payment.$payStep.get()).toMatchObject({ error: '订单不存在', retryable: false });
    reply = () => new ApiError('网络连接失败', 0);
    await payment.loadPayStep('?id=31');
    expect(payment.$payStep.get()).toMatchObject({ error: '网络连接失败', retryable: true });
    await orders.loadOrderDetail(null);
    expect(orders.$orderDetail.get()).toMatchObject({ error: '订单不存在', retryable: false });
    reply = () => new ApiError('订单不存在', 404);
    await orders.loadOrderDetail(31);
    expect(orders.$orderDetail.get()).toMatchObject({ error: '订单不存在', retryable: false });
  });

  it('needs an order id, then loads the order and the ways to pay', async () => {
    await payment.loadPayStep('');
    expect(payment.$payStep.get().error).toBe('订单不存在');
    reply = (path) => (path === '/order/detail' ? detail() : methods(500));
    await payment.loadPayStep('?id=31');
    expect(payment.$payStep.get()).toMatchObject({ error: '', order: { id: 31 }, methods: { coins: 500 } });
  });

  it('coins: a short balance is refused before the dialog; the coins needed are the server figure', async () => {
    reply = (path) => (path === '/order/detail' ? detail() : methods(120));
    await payment.loadPayStep('?id=31');
    expect(payment.coinsEnough(payment.$payStep.get())).toBe(false);
    payment.chooseMethod('coins');
    const err = await failure(payment.startPay());
    expect(err).toMatchObject({ message: PAY_TEXTS.coinsShort, level: 'warning' });
    expect(payment.$payStep.get().password).toBe(false);

    reply = (path) => (path === '/order/detail' ? detail() : methods(121));
    await payment.loadPayStep('?id=31');
    expect(await payment.startPay()).toBeNull();
    expect(payment.$payStep.get().password).toBe(true);
  });

  it('coins: six digits are sent with the order; success leads to the order', async () => {
    reply = (path) =>
      path === '/order/detail' ? detail() : path === '/pay/methods' ? methods(999) : { order_no: 'N31', status: 'paid', balance: 1 };
    await payment.loadPayStep('?id=31');
    calls.length = 0;
    expect(await failure(payment.payOrderWithCoins('12345'))).toBeInstanceOf(InputError);
    expect(calls).toEqual([]);
    expect(await payment.payOrderWithCoins('205813')).toBe('/order/detail?id=31&paid=1');
    expect(calls).toEqual([{ path: '/order/payCoins', body: { id: 31, pay_password: '205813' } }]);
  });

  it('preselects coins only when the balance covers the order, else the first gateway', async () => {
    const order = { pay_coins: 121 };
    expect(payment.defaultMethod(order, methods(121))).toBe('coins');
    expect(payment.defaultMethod(order, methods(120))).toBe('sandbox');
    expect(payment.defaultMethod(order, methods(0))).toBe('sandbox');
    const two = { coins: 0, providers: [{ name: 'alipay' as const, label: '支付宝' }, ...methods(0).providers] };
    expect(payment.defaultMethod(order, two)).toBe('alipay');
    // No gateway configured: coins stays chosen, so its 去充值 is what the member sees.
    expect(payment.defaultMethod(order, { coins: 0, providers: [] })).toBe('coins');

    reply = (path) => (path === '/order/detail' ? detail() : methods(0));
    await payment.loadPayStep('?id=31');
    expect(payment.$payStep.get().method).toBe('sandbox');
    reply = (path) => (path === '/order/detail' ? detail() : methods(500));
    await payment.loadPayStep('?id=31');
    expect(payment.$payStep.get().method).toBe('coins');
  });

  it('back from a top-up, the refreshed balance moves the choice to coins unless the member picked one', async () => {
    reply = (path) => (path === '/order/detail' ? detail() : methods(0));
    await payment.loadPayStep('?id=31&topup=1');
    expect(payment.$payStep.get().method).toBe('sandbox');
    reply = () => methods(121);
    await payment.refreshPayMethods();
    expect(payment.$payStep.get()).toMatchObject({ method: 'coins', methods: { coins: 121 } });

    reply = (path) => (path === '/order/detail' ? detail() : methods(0));
    await payment.loadPayStep('?id=31&topup=1');
    payment.chooseMethod('sandbox');
    reply = () => methods(121);
    await payment.refreshPayMethods();
    expect(payment.$payStep.get().method).toBe('sandbox');
  });

  it('去充值 carries the missing coins and a return to this page; only same-site returns survive', () => {
    const href = payment.topUpHref('/order/middle?id=31', 121 - 20);
    const q = new URL(href, 'http://site.test').searchParams;
    expect(href.startsWith('/my/wallet/payGateWay?')).toBe(true);
    expect(q.get('coins')).toBe('101');
    expect(q.get('return')).toBe('/order/middle?id=31');
    expect(payment.topUpParams(href.slice(href.indexOf('?')), 'http://site.test')).toEqual({
      coins: '101',
      returnTo: '/order/middle?id=31',
    });
    for (const evil of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect(payment.topUpParams(`?return=${encodeURIComponent(evil)}`, 'http://site.test').returnTo).not.toMatch(/evil|javascript/);
    expect(payment.topUpParams('?coins=0', 'http://site.test')).toEqual({ coins: '100', returnTo: '' });
  });

  it('a top-up sends its return page with the payment', async () => {
    reply = () => ({ pay_no: 'P9', redirect: '/pay/sandbox?pay_no=P9', qr_image: '' });
    await payment.startTopUp('101', 'sandbox', '/order/middle?id=31');
    await payment.startTopUp('5', 'sandbox');
    expect(bodyOf('/pay/topup')).toEqual([
      { coins: 101, provider: 'sandbox', return_to: '/order/middle?id=31' },
      { coins: 5, provider: 'sandbox' },
    ]);
  });

  it('a gateway starts for the chosen provider; a page is opened, a QR code shown', async () => {
    reply = (path) =>
      path === '/order/detail'
        ? detail()
        : path === '/pay/methods'
          ? methods(0)
          : { pay_no: 'P1', redirect: '/pay/sandbox?pay_no=P1', qr_image: '' };
    await payment.loadPayStep('?id=31');
    payment.chooseMethod('sandbox');
    const started = await payment.startPay();
    expect(bodyOf('/pay/order')).toEqual([{ id: 31, provider: 'sandbox' }]);
    const go = vi.fn();
    payment.followGateway(started!, go);
    expect(go).toHaveBeenCalledWith('/pay/sandbox?pay_no=P1');
    payment.followGateway({ pay_no: 'P2', redirect: '', qr_image: 'data:image/png;base64,x', jsapi: null }, go);
    expect(go).toHaveBeenCalledTimes(1);
    expect(payment.$qr.get()).toEqual({
      payment: { pay_no: 'P2', redirect: '', qr_image: 'data:image/png;base64,x', jsapi: null },
      timedOut: false,
    });
    payment.closeQr();
  });
});

describe('watching a QR payment', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks our server until the payment is paid, then goes to its return page once', async () => {
    let n = 0;
    reply = () => ({
      pay_no: 'P1',
      status: ++n >= 3 ? 'paid' : 'pending',
      purpose: 'order',
      order_id: 31,
      return_url: '/order/detail?id=31&paid=1',
    });
    const onPaid = vi.fn();
    payment.pollPayment('P1', onPaid, 2000, 10);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000 * 5);
    expect(bodyOf('/pay/status')).toEqual([{ pay_no: 'P1' }, { pay_no: 'P1' }, { pay_no: 'P1' }]);
    expect(onPaid).toHaveBeenCalledExactlyOnceWith('/order/detail?id=31&paid=1');
  });

  it('stops when told to (the dialog closed, the page went)', async () => {
    reply = () => ({ pay_no: 'P1', status: 'pending', purpose: 'order', order_id: 31, return_url: '' });
    const stop = payment.pollPayment('P1', vi.fn(), 2000, 10);
    await vi.advanceTimersByTimeAsync(4000);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
  });

  it('gives up after a bounded number of asks (failures count) and says so', async () => {
    payment.followGateway({ pay_no: 'P9', redirect: '', qr_image: 'x', jsapi: null }, vi.fn());
    let n = 0;
    reply = () =>
      ++n % 2 ? new ApiError('网络开小差了', 0) : { pay_no: 'P9', status: 'pending', purpose: 'topup', order_id: null, return_url: '' };
    const onPaid = vi.fn();
    payment.pollPayment('P9', onPaid, 1000, 4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
    expect(onPaid).not.toHaveBeenCalled();
    expect(payment.$qr.get()?.timedOut).toBe(true);
    payment.closeQr();
  });
});

describe('top-ups and the sandbox cashier', () => {
  it('checks the coins and the gateway before starting', async () => {
    for (const [text, message] of [
      ['', PAY_TEXTS.topUpAmount],
      ['0', PAY_TEXTS.topUpAmount],
      ['1.5', PAY_TEXTS.topUpAmount],
      ['50001', PAY_TEXTS.topUpMax],
    ] as const)
      expect(await failure(payment.startTopUp(text, 'sandbox'))).toMatchObject({ message });
    expect(await failure(payment.startTopUp('88', ''))).toMatchObject({ message: PAY_TEXTS.noProvider });
    expect(calls).toEqual([]);
    reply = () => ({ pay_no: 'P3', redirect: '/pay/sandbox?pay_no=P3', qr_image: '' });
    expect(await payment.startTopUp('88', 'sandbox')).toMatchObject({ pay_no: 'P3' });
    expect(calls).toEqual([{ path: '/pay/topup', body: { coins: 88, provider: 'sandbox' } }]);
    expect(payment.topUpFen('88')).toBe(8800);
    expect(payment.topUpFen('abc')).toBe(0);
  });

  it('the cashier shows the payment, confirms it and returns to the site', async () => {
    reply = (path) =>
      path === '/pay/sandbox/info'
        ? { pay_no: 'P3', amount: 8800, subject: '功夫币充值 88 个', status: 'pending', return_url: '/my/wallet/kungfucoin?topup=1' }
        : { status: 'paid', return_url: '/my/wallet/kungfucoin?topup=1' };
    await payment.loadSandbox('P3');
    expect(payment.$sandbox.get().info?.amount).toBe(8800);
    expect(await payment.confirmSandbox('P3')).toBe('/my/wallet/kungfucoin?topup=1');
    expect(payment.sandboxCancelHref('/my/wallet/kungfucoin?topup=1')).toBe('/my/wallet/kungfucoin');
    expect(payment.sandboxCancelHref('/order/detail?id=3&paid=1')).toBe('/order/detail?id=3');

    reply = () => new ApiError('请先登录', 101);
    await payment.loadSandbox('P3');
    expect(payment.$sandbox.get()).toEqual({ info: null, error: '请先登录', retryable: false });
  });
});

describe('orders after checkout', () => {
  it('lists by the tab in the URL, paged', async () => {
    expect(orders.tabFromSearch('goods', '?tab=shipped')).toBe('shipped');
    expect(orders.tabFromSearch('course', '?tab=shipped')).toBe('all');
    expect(orders.tabSearch('all')).toBe('');
    reply = () => ({ list: [], total: 0, page: 1, limit: 10 });
    const list = orders.createOrderList('course', 'paid');
    await list.load();
    await list.setQuery('refund');
    await list.setPage(2);
    expect(bodyOf('/order/list')).toEqual([
      { kind: 'course', tab: 'paid', page: 1, limit: 10 },
      { kind: 'course', tab: 'refund', page: 1, limit: 10 },
      { kind: 'course', tab: 'refund', page: 2, limit: 10 },
    ]);
  });

  it('a refund needs a reason; a note is added to it', async () => {
    expect(await failure(orders.requestRefund(3, '', '太大了'))).toMatchObject({ message: orders.ORDER_ACTION_TEXTS.reason });
    expect(await failure(orders.requestRefund(3, '其他', ' '))).toMatchObject({ message: orders.ORDER_ACTION_TEXTS.reason });
    expect(calls).toEqual([]);
    await orders.requestRefund(3, '质量问题', ' 开线了 ');
    await orders.requestRefund(3, '其他', '尺码不合适');
    expect(bodyOf('/order/refund')).toEqual([
      { id: 3, reason: '质量问题：开线了' },
      { id: 3, reason: '尺码不合适' },
    ]);
  });

  it('cancel, receive and withdraw send the order id', async () => {
    await orders.cancelOrder(1);
    await orders.receiveOrder(2);
    await orders.withdrawRefund(3);
    expect(calls).toEqual([
      { path: '/order/cancel', body: { id: 1 } },
      { path: '/order/receive', body: { id: 2 } },
      { path: '/order/refundCancel', body: { id: 3 } },
    ]);
  });

  it('back from a gateway, an unpaid order is read again a few times until it is paid', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      reply = () => detail({ status: ++n >= 3 ? 'paid' : 'unpaid' });
      await orders.loadOrderDetail(31);
      orders.recheckPaid(31, 5, 1500);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(calls).toHaveLength(3);
      expect(orders.$orderDetail.get().order?.status).toBe('paid');

      calls.length = 0;
      reply = () => detail();
      await orders.loadOrderDetail(31);
      const stop = orders.recheckPaid(31, 5, 1500);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(calls).toHaveLength(1 + 5);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the seller ships with a tracking number checked like the server does', async () => {
    expect(await failure(orders.shipOrder(4, { express_company: '顺丰速运', express_no: '12' }))).toMatchObject({
      message: EXPRESS_NO_TEXT,
    });
    expect(calls).toEqual([]);
    reply = (path) =>
      path === '/order/shopDetail'
        ? { ...detail({ status: 'shipped' }), buyer: { nick_name: 'a', phone: '138****0001' }, can_ship: 0 }
        : null;
    await orders.shipOrder(4, { express_company: '顺丰速运', express_no: ' SF1234567890 ' });
    expect(calls).toEqual([
      { path: '/order/ship', body: { id: 4, express_company: '顺丰速运', express_no: 'SF1234567890' } },
      { path: '/order/shopDetail', body: { id: 4 } },
    ]);
    expect(orders.$sellerOrder.get().order?.status).toBe('shipped');
  });

  it('knows where a line leads and which course a paid order unlocks', () => {
    const line = { goods_id: null, course_id: 8, class_id: null };
    expect(orders.itemHref(line)).toBe('/train/courseDetail?id=8');
    const items = [{ id: 1, sku_id: null, title: 't', specs: '', cover: '', price: 1, num: 1, ...line }];
    expect(orders.learnCourseId({ kind: 'course', status: 'paid', items })).toBe(8);
    expect(orders.learnCourseId({ kind: 'course', status: 'unpaid', items })).toBeNull();
    expect(paths()).toEqual([]);
  });
});
