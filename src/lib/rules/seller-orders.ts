import type { OrderStatus } from './order-status';
import type { SellerArea } from './seller-nav';

/**
 * The sellers' order lists: which kinds a page lists, the status tabs, and the
 * texts and limits both the server and the pages use. zod-free, so pages can import it.
 */
export const SELLER_ORDER_KINDS = ['all', 'goods', 'course', 'class'] as const;
export type SellerOrderKind = (typeof SELLER_ORDER_KINDS)[number];

export const SELLER_ORDER_TABS = ['all', 'unpaid', 'paid', 'shipped', 'done', 'refunding', 'closed'] as const;
export type SellerOrderTab = (typeof SELLER_ORDER_TABS)[number];

/** Which statuses each tab lists (全部 lists everything). */
export const SELLER_TAB_STATUSES: Record<Exclude<SellerOrderTab, 'all'>, OrderStatus[]> = {
  unpaid: ['unpaid'],
  paid: ['paid'],
  shipped: ['shipped'],
  done: ['received', 'completed'],
  refunding: ['refunding'],
  closed: ['refunded', 'cancelled', 'closed'],
};

/** The tabs of one list page, in order; 待发货/待收货 only where goods are listed. */
export function sellerOrderTabs(kind: SellerOrderKind): [SellerOrderTab, string][] {
  const goods = kind === 'goods' || kind === 'all';
  return [
    ['all', '全部'],
    ['unpaid', '待付款'],
    ['paid', kind === 'goods' ? '待发货' : kind === 'all' ? '已付款/待发货' : '已付款'],
    ...(goods ? ([['shipped', '已发货']] as [SellerOrderTab, string][]) : []),
    ['done', '已完成'],
    ['refunding', '退款中'],
    ['closed', '已退款/已关闭'],
  ];
}

/** What a list page lists, by its path. */
export const SELLER_ORDER_PAGES: Record<string, { area: SellerArea; kind: SellerOrderKind; title: string }> = {
  '/coach/homepage/order': { area: 'coach', kind: 'all', title: '全部订单' },
  '/coach/homepage/order/course': { area: 'coach', kind: 'course', title: '课程订单' },
  '/coach/homepage/order/class': { area: 'coach', kind: 'class', title: '班级订单' },
  '/coach/homepage/order/goods': { area: 'coach', kind: 'goods', title: '商品订单' },
  '/mechant/order/course': { area: 'mechant', kind: 'course', title: '课程订单' },
  '/mechant/order/goods': { area: 'mechant', kind: 'goods', title: '商品订单' },
  '/mechant/homepage/order': { area: 'mechant', kind: 'all', title: '全部订单' },
  '/mechant/homepage/order/course': { area: 'mechant', kind: 'course', title: '课程订单' },
  '/mechant/homepage/order/goods': { area: 'mechant', kind: 'goods', title: '商品订单' },
};

/** The kind links shown above a list (the other lists of the same area and context). */
export function sellerOrderKindLinks(path: string): { label: string; href: string }[] {
  const here = SELLER_ORDER_PAGES[path];
  if (!here) return [];
  const base = path.replace(/\/(course|class|goods)$/, '');
  const inHomepage = base.endsWith('/homepage/order');
  const kinds: [SellerOrderKind, string][] =
    here.area === 'coach'
      ? [
          ['all', '全部'],
          ['course', '课程'],
          ['class', '班级'],
          ['goods', '商品'],
        ]
      : inHomepage
        ? [
            ['all', '全部'],
            ['course', '课程'],
            ['goods', '商品'],
          ]
        : [
            ['course', '课程'],
            ['goods', '商品'],
          ];
  return kinds.map(([k, label]) => ({ label, href: k === 'all' ? base : `${base}/${k}` }));
}

export const SELLER_ORDER_LIMITS = { key: 32, refuseReason: 200, exportRows: 5000 } as const;

export const SELLER_ORDER_TEXTS = {
  refuseReason: '请填写拒绝退款的原因',
  refuseReasonShort: '拒绝原因至少 2 个字',
  month: '请选择要导出的月份',
  refundPending: '退款正在处理中，请稍后刷新',
  refundApproved: '已同意退款，不能再拒绝',
  approved: '已同意退款',
  refundSent: '已提交退款，等待支付渠道确认',
  refused: '已拒绝退款',
  gatewayOff: '原支付渠道暂不可用，无法原路退款，请联系客服',
} as const;

/** `YYYY-MM` of a month that can be exported. */
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The current month as `YYYY-MM` in Beijing time. */
export function currentMonth(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 7);
}

/** The buyer-facing label of how a refund stands, for the seller's list. */
export const REFUND_STATE_TEXT = { '': '', pending: '退款处理中', done: '已退款', failed: '退款失败' } as const;
