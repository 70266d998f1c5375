import { beforeEach, describe, expect, it, vi } from 'vitest';

/* The API client is replaced by a scripted server: `reply` answers each call, `calls` records them. */
const calls: { path: string; body: unknown }[] = [];
let reply: (path: string, body: Record<string, unknown>) => unknown = () => null;
vi.mock('~/lib/api/client', () => ({
  api: async (path: string, body: Record<string, unknown> = {}) => {
    calls.push({ path, body });
    const answer = reply(path, body);
    if (answer instanceof Error) throw answer;
    return answer;
  },
  errorText: (err: unknown) => (err instanceof Error ? err.message : '服务器开小差了'),
}));
vi.mock('~/lib/toast', () => ({ toast: { success: () => {}, error: () => {}, warning: () => {}, info: () => {} } }));

const { InputError } = await import('~/lib/stores/action');
const { $session } = await import('~/lib/stores/session');
const { $dialog } = await import('~/lib/stores/ui');
const { loadRegions, isRegion, citiesOf, districtsOf } = await import('~/lib/rules/regions');
const { addressError, ADDRESS_TEXTS } = await import('~/lib/rules/address');
const address = await import('~/lib/stores/address');
const cart = await import('~/lib/stores/cart');
const coupon = await import('~/lib/stores/coupon');
const wallet = await import('~/lib/stores/wallet');
const study = await import('~/lib/stores/study');

type User = NonNullable<ReturnType<typeof $session.get>>;
type CartGroup = import('~/lib/stores/cart').CartGroup;
type CartLine = import('~/lib/stores/cart').CartLine;
type Address = import('~/lib/stores/address').Address;

const paths = () => calls.map((c) => c.path);

beforeEach(() => {
  calls.length = 0;
  reply = () => null;
  $session.set({ user_id: 7, token: 'tok' } as User);
  $dialog.set('none');
});

/** A rejection's error, for asserting its class and level. */
async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('regions', () => {
  it('knows real paths and never looks names up on the prototype', async () => {
    const r = await loadRegions();
    expect(isRegion(r, '北京市', '市辖区', '海淀区')).toBe(true);
    expect(isRegion(r, '香港特别行政区', '九龙', '油尖旺区')).toBe(true);
    expect(isRegion(r, '广东省', '杭州市', '西湖区')).toBe(false);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(isRegion(r, name, '市辖区', '海淀区')).toBe(false);
      expect(isRegion(r, '北京市', name, '海淀区')).toBe(false);
      expect(isRegion(r, '北京市', '市辖区', name)).toBe(false);
      expect(citiesOf(r, name)).toEqual([]);
      expect(districtsOf(r, '北京市', name)).toEqual([]);
    }
  });
});

describe('addresses', () => {
  const good = {
    name: ' 张三 ',
    phone: '13912345678',
    province: '北京市',
    city: '市辖区',
    district: '海淀区',
    detail: ' 中关村大街 1 号 ',
  };
  const saved: Address = { id: 5, ...good, name: '张三', detail: '中关村大街 1 号', is_default: 0 };

  beforeEach(() => address.$addresses.set({ list: null, error: '' }));

  it('checks like the server: each field in turn, then the region path', async () => {
    const r = await loadRegions();
    expect(addressError(good, r)).toBeNull();
    expect(addressError({ ...good, name: '  ' }, r)).toBe(ADDRESS_TEXTS.name);
    expect(addressError({ ...good, name: '很'.repeat(21) }, r)).toBe(ADDRESS_TEXTS.nameLong);
    expect(addressError({ ...good, phone: '123' }, r)).toBe('请填写正确的手机号');
    expect(addressError({ ...good, province: '' }, r)).toBe(ADDRESS_TEXTS.province);
    expect(addressError({ ...good, city: '' }, r)).toBe(ADDRESS_TEXTS.city);
    expect(addressError({ ...good, district: '' }, r)).toBe(ADDRESS_TEXTS.district);
    expect(addressError({ ...good, detail: ' 1号 ' }, r)).toBe(ADDRESS_TEXTS.detailShort);
    expect(addressError({ ...good, detail: '路'.repeat(121) }, r)).toBe(ADDRESS_TEXTS.detailLong);
    expect(addressError({ ...good, district: '朝阳' }, r)).toBe(ADDRESS_TEXTS.region);
    expect(addressError({ ...good, city: '__proto__' }, r)).toBe(ADDRESS_TEXTS.region);
  });

  it('sends nothing for a bad form and keeps it as typed', async () => {
    const form = { ...address.EMPTY_ADDRESS, ...good, phone: '1391234' };
    const err = await failure(address.saveAddress(form));
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe('请填写正确的手机号');
    expect(calls).toEqual([]);
    expect(form.phone).toBe('1391234');
  });

  it('sends a trimmed body with a real boolean, the id when editing, and reloads a shown book', async () => {
    reply = (path) => (path === '/member/addressSave' ? saved : [saved]);
    expect(await address.saveAddress({ ...address.EMPTY_ADDRESS, ...good })).toEqual(saved);
    expect(calls).toEqual([{ path: '/member/addressSave', body: { ...good, name: '张三', detail: '中关村大街 1 号', is_default: false } }]);

    address.$addresses.set({ list: [saved], error: '' });
    calls.length = 0;
    await address.makeDefaultAddress(saved);
    expect(calls[0]).toEqual({
      path: '/member/addressSave',
      body: { ...good, id: 5, name: '张三', detail: '中关村大街 1 号', is_default: true },
    });
    expect(paths()).toEqual(['/member/addressSave', '/member/addressList']);
  });

  it('starts the form from the address edited', () => {
    expect(address.addressForm(null)).toEqual(address.EMPTY_ADDRESS);
    expect(address.addressForm({ ...saved, is_default: 1 })).toMatchObject({ name: '张三', is_default: true });
  });

  it('deletes and reloads; a failed load keeps its text', async () => {
    reply = (path) => (path === '/member/addressList' ? new Error('网络不太好') : null);
    await address.deleteAddress(saved);
    expect(calls).toEqual([
      { path: '/member/addressDelete', body: { id: 5 } },
      { path: '/member/addressList', body: {} },
    ]);
    expect(address.$addresses.get().error).toBe('网络不太好');
  });
});

describe('cart', () => {
  const line = (id: number, over: Partial<CartLine> = {}): CartLine => ({
    id,
    goods_id: id * 10,
    sku_id: id * 100,
    title: `商品 ${id}`,
    cover: '',
    specs: '',
    price: 1000,
    num: 1,
    stock: 10,
    stale: 0,
    reason: '',
    ...over,
  });
  const shop = (shop_id: number, items: CartLine[]): CartGroup => ({ shop_id, shop_name: `店 ${shop_id}`, shop_logo: '', items });
  const answer = (groups: CartGroup[]) => ({ groups, count: groups.reduce((n, g) => n + g.items.length, 0) });

  beforeEach(() => {
    cart.$cart.set({ groups: null, error: '', picked: new Set() });
    cart.$cartCount.set(0);
  });

  it('totals only the ticked lines', () => {
    const groups = [shop(1, [line(1, { price: 1250, num: 2 }), line(2, { stale: 1, reason: '已下架' })]), shop(2, [line(3)])];
    const t = cart.cartTotals(groups, new Set([1, 3]));
    expect(t).toMatchObject({ count: 3, total: 3500 });
    expect(t.payable.map((l) => l.id)).toEqual([1, 3]);
    expect(t.lines).toHaveLength(3);
  });

  it('loads, keeps the badge in step and drops ticks on lines that can no longer be bought', async () => {
    cart.$cart.setKey('picked', new Set([1, 2, 9]));
    reply = () => answer([shop(1, [line(1), line(2, { stale: 1, reason: '已售罄' })])]);
    await cart.loadCart();
    expect([...cart.$cart.get().picked]).toEqual([1]);
    expect(cart.$cartCount.get()).toBe(2);
    reply = () => new Error('请先登录');
    await cart.loadCart();
    expect(cart.$cart.get().error).toBe('请先登录');
    expect(cart.$cart.get().groups).toHaveLength(1);
  });

  it('never ticks a stale line', async () => {
    reply = () => answer([shop(1, [line(1), line(2, { stale: 1 })])]);
    await cart.loadCart();
    cart.pickLines([1, 2], true);
    expect([...cart.$cart.get().picked]).toEqual([1]);
    cart.pickLines([1], false);
    expect(cart.$cart.get().picked.size).toBe(0);
  });

  it('steps quantities within 1 … stock (at most 99); a short line steps straight down to the stock', () => {
    expect(cart.nextQuantity({ num: 1, stock: 5 }, -1)).toBeNull();
    expect(cart.nextQuantity({ num: 1, stock: 5 }, 1)).toBe(2);
    expect(cart.nextQuantity({ num: 5, stock: 5 }, 1)).toBeNull();
    expect(cart.nextQuantity({ num: 99, stock: 500 }, 1)).toBeNull();
    expect(cart.nextQuantity({ num: 4, stock: 2 }, -1)).toBe(2);
    expect(cart.nextQuantity({ num: 1, stock: 0 }, -1)).toBeNull();
  });

  it('sets a quantity and reloads; a refusal reloads too and rejects with its text', async () => {
    reply = (path) => (path === '/cart/update' ? { id: 1, num: 2 } : answer([shop(1, [line(1, { num: 2 })])]));
    await cart.setQuantity(line(1), 2);
    expect(calls).toEqual([
      { path: '/cart/update', body: { id: 1, num: 2 } },
      { path: '/cart/list', body: {} },
    ]);
    calls.length = 0;
    reply = (path) => (path === '/cart/update' ? new Error('库存仅剩 2 件') : answer([shop(1, [line(1, { num: 2, stock: 2 })])]));
    expect(((await failure(cart.setQuantity(line(1, { num: 2 }), 3))) as Error).message).toBe('库存仅剩 2 件');
    expect(paths()).toEqual(['/cart/update', '/cart/list']);
  });

  it('removes lines (a warning when none is ticked) and unticks them', async () => {
    const err = await failure(cart.removeLines([]));
    expect(err).toBeInstanceOf(InputError);
    expect(err).toMatchObject({ message: '请选择要删除的商品', level: 'warning' });
    expect(calls).toEqual([]);

    reply = () => answer([shop(1, [line(1), line(2)])]);
    await cart.loadCart();
    cart.pickLines([1, 2], true);
    reply = (path) => (path === '/cart/delete' ? { removed: 1 } : answer([shop(1, [line(2)])]));
    expect(await cart.removeLines([1])).toBe(1);
    expect(calls.at(-2)).toEqual({ path: '/cart/delete', body: { ids: [1] } });
    expect([...cart.$cart.get().picked]).toEqual([2]);
    expect(cart.$cartCount.get()).toBe(1);
  });

  it('checks out the ticked lines of one shop', async () => {
    reply = () => answer([shop(1, [line(1), line(2)]), shop(2, [line(3)])]);
    await cart.loadCart();
    expect(() => cart.checkoutHref()).toThrow('请选择要结算的商品');
    cart.pickLines([1, 3], true);
    expect(() => cart.checkoutHref()).toThrow('不同店铺的商品请分开结算');
    cart.pickLines([3], false);
    cart.pickLines([2], true);
    expect(cart.checkoutHref()).toBe('/order/goodsOrder?cart=1,2');
  });

  it('reads ?add= from the goods page', () => {
    expect(cart.addRequest('?add=12&num=3')).toEqual({ sku_id: 12, num: 3 });
    expect(cart.addRequest('?add=12')).toEqual({ sku_id: 12, num: 1 });
    expect(cart.addRequest('?add=12&num=-1')).toEqual({ sku_id: 12, num: 1 });
    expect(cart.addRequest('?add=abc')).toBeNull();
    expect(cart.addRequest('')).toBeNull();
  });

  it('adds, loads and ticks only the new line; a refused add still shows the cart', async () => {
    cart.$cart.setKey('picked', new Set([1]));
    reply = (path) => (path === '/cart/add' ? { count: 2 } : answer([shop(1, [line(1), line(2, { sku_id: 777 })])]));
    await cart.addToCart(777, 2);
    expect(calls[0]).toEqual({ path: '/cart/add', body: { sku_id: 777, num: 2 } });
    expect([...cart.$cart.get().picked]).toEqual([2]);
    expect(cart.$cartCount.get()).toBe(2);

    cart.$cart.set({ groups: null, error: '', picked: new Set() });
    calls.length = 0;
    reply = (path) => (path === '/cart/add' ? new Error('该规格已售罄') : answer([shop(1, [line(1)])]));
    expect(((await failure(cart.addToCart(888, 1))) as Error).message).toBe('该规格已售罄');
    expect(paths()).toEqual(['/cart/add', '/cart/list']);
    expect(cart.$cart.get().groups).toHaveLength(1);
    expect(cart.$cart.get().picked.size).toBe(0);
  });

  it('refreshes the badge, keeping the last count on failure', async () => {
    reply = () => ({ count: 4 });
    await cart.refreshCartCount();
    expect(cart.$cartCount.get()).toBe(4);
    reply = () => new Error('x');
    await cart.refreshCartCount();
    expect(cart.$cartCount.get()).toBe(4);
  });
});

describe('coupons', () => {
  it('asks a guest to log in instead of claiming', async () => {
    $session.set(null);
    const err = await failure(coupon.claimCoupon({ id: 3 }));
    expect(err).toMatchObject({ level: 'warning' });
    expect($dialog.get()).toBe('login');
    expect(calls).toEqual([]);
  });

  it('claims, then reloads the centre', async () => {
    reply = (path) => (path === '/member/couponClaim' ? { id: 40, valid_to: '2030-01-01T00:00:00.000Z' } : []);
    await coupon.claimCoupon({ id: 3 });
    expect(calls).toEqual([
      { path: '/member/couponClaim', body: { id: 3 } },
      { path: '/public/couponCenter', body: {} },
    ]);
    expect(coupon.$couponCenter.get()).toEqual({ list: [], error: '' });
  });

  it('pages my coupons by tab; a new tab starts at page 1 and only the newest answer shows', async () => {
    const mine = coupon.createMyCoupons();
    const pending: ((v: unknown) => void)[] = [];
    reply = (_path, body) =>
      body['status'] === 'used'
        ? new Promise((res) => pending.push(res))
        : { list: [], total: 0, page: body['page'], limit: coupon.MY_COUPON_LIMIT };
    await mine.setPage(3);
    expect(calls.at(-1)).toEqual({ path: '/member/couponList', body: { status: 'unused', page: 3, limit: 10 } });
    const slow = mine.setQuery('used');
    expect(mine.$list.get()).toMatchObject({ query: 'used', page: 1, data: null });
    const fast = mine.setQuery('expired');
    await fast;
    pending[0]?.({ list: [{ id: 1 }], total: 1, page: 1, limit: 10 });
    await slow;
    expect(mine.$list.get()).toMatchObject({ query: 'expired', data: { list: [] } });
  });

  it('labels tabs and leads 去使用 to the right list, or to the one course a coupon names', () => {
    expect(coupon.couponTabLabel('expired')).toBe('已过期');
    expect(coupon.couponUseHref({ scope: 'class', course_id: null })).toBe('/train/class');
    expect(coupon.couponUseHref({ scope: 'shop', course_id: null })).toBe('/shop');
    expect(coupon.couponUseHref({ scope: 'all', course_id: null })).toBe('/train/course');
    expect(coupon.couponUseHref({ scope: 'course', course_id: 7 })).toBe('/train/courseDetail?id=7');
  });
});

describe('wallet', () => {
  it('pages the ledger of a view (打赏流水 = gift lines)', async () => {
    reply = () => ({ list: [], total: 0, page: 1, limit: 15 });
    const finance = wallet.createLedger('finance');
    await finance.load();
    await finance.setPage(2);
    expect(calls).toEqual([
      { path: '/member/coinLedger', body: { page: 1, limit: 15, type: 'gift' } },
      { path: '/member/coinLedger', body: { page: 2, limit: 15, type: 'gift' } },
    ]);
    calls.length = 0;
    await wallet.createLedger('coins').load();
    expect(calls[0]?.body).toMatchObject({ type: 'all' });
  });

  it('loads the balance; a background refresh keeps failures quiet', async () => {
    reply = () => ({ coins: 12, coupons: 1 });
    await wallet.loadBalance();
    expect(wallet.$balance.get()).toEqual({ coins: 12, error: '' });
    reply = () => new Error('网络不太好');
    await wallet.loadBalance(true);
    expect(wallet.$balance.get()).toEqual({ coins: 12, error: '' });
    await wallet.loadBalance();
    expect(wallet.$balance.get().error).toBe('网络不太好');
  });

  it('knows a return from a top-up and asks again once it settled', async () => {
    expect(wallet.backFromTopUp('?topup=1')).toBe(true);
    expect(wallet.backFromTopUp('?topup=0')).toBe(false);
    vi.useFakeTimers();
    try {
      reply = () => ({ coins: 30, coupons: 0 });
      wallet.refreshBalanceSoon();
      const cancel = wallet.refreshBalanceSoon();
      cancel();
      await vi.advanceTimersByTimeAsync(wallet.TOPUP_SETTLE_MS);
      expect(paths()).toEqual(['/member/wallet']);
      expect(wallet.$balance.get().coins).toBe(30);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('study', () => {
  it('pages my courses and classes', async () => {
    reply = () => ({ list: [], total: 0, page: 1, limit: 10 });
    await study.createMyCourses().load();
    await study.createMyClasses().setPage(2);
    expect(calls).toEqual([
      { path: '/member/myCourse', body: { page: 1, limit: 10 } },
      { path: '/member/myClass', body: { page: 2, limit: 10 } },
    ]);
  });

  it('says where the member left off, or that they have not started', () => {
    expect(
      study.courseStatus({ last_lesson: '第一课', last_studied_at: '2026-03-01T02:30:00.000Z', bought_at: '2026-02-01T00:00:00.000Z' }),
    ).toBe('上次学习：第一课（2026-03-01 10:30）');
    expect(study.courseStatus({ last_lesson: '', last_studied_at: null, bought_at: '2026-02-01T00:00:00.000Z' })).toBe(
      '购买于 2026-02-01，还没有开始学习',
    );
  });
});
