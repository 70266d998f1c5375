/** Order kinds and statuses, their Chinese names and the tabs of /my/order/* (shared by server and pages). */
/** 'grading' is a 考评 seat (modules/learning), booked and paid like a class seat; 'vip' a VIP plan (modules/vip). */
export const ORDER_KINDS = ['goods', 'course', 'class', 'grading', 'vip'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = [
  'unpaid',
  'paid',
  'shipped',
  'received',
  'completed',
  'cancelled',
  'closed',
  'refunding',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses of an order that was paid and not given back: what sales figures count. */
export const SOLD_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'received', 'completed', 'refunding'];

/** How an order was paid ('' while unpaid; 'free' for a free class). */
export const PAY_METHODS = ['', 'coins', 'sandbox', 'wechat', 'alipay', 'free'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const PAY_METHOD_TEXT: Record<PayMethod, string> = {
  '': '',
  coins: '功夫币',
  sandbox: '沙箱支付',
  wechat: '微信支付',
  alipay: '支付宝',
  free: '免费报名',
};

export function statusText(kind: OrderKind, status: OrderStatus): string {
  switch (status) {
    case 'unpaid':
      return '待付款';
    case 'paid':
      return kind === 'goods' ? '待发货' : kind === 'class' || kind === 'grading' ? '已报名' : kind === 'vip' ? '已开通' : '已购买';
    case 'shipped':
      return '待收货';
    case 'received':
      return '已收货';
    case 'completed':
      return '已完成';
    case 'cancelled':
      return '已取消';
    case 'closed':
      return '已关闭';
    case 'refunding':
      return '退款中';
    case 'refunded':
      return '已退款';
  }
}

export const ORDER_TABS = ['all', 'unpaid', 'paid', 'shipped', 'done', 'refund', 'closed'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Which statuses each tab lists. */
export const TAB_STATUSES: Record<Exclude<OrderTab, 'all'>, OrderStatus[]> = {
  unpaid: ['unpaid'],
  paid: ['paid'],
  shipped: ['shipped'],
  done: ['received', 'completed'],
  refund: ['refunding', 'refunded'],
  closed: ['cancelled', 'closed'],
};

/** The tabs shown for each kind of order, in order. */
export function orderTabs(kind: OrderKind): [OrderTab, string][] {
  if (kind === 'goods')
    return [
      ['all', '全部'],
      ['unpaid', '待付款'],
      ['paid', '待发货'],
      ['shipped', '待收货'],
      ['done', '已完成'],
      ['refund', '退款/售后'],
      ['closed', '已取消'],
    ];
  return [
    ['all', '全部'],
    ['unpaid', '待付款'],
    ['paid', kind === 'class' || kind === 'grading' ? '已报名' : kind === 'vip' ? '已开通' : '已购买'],
    ...(kind === 'vip' ? [] : ([['refund', '退款']] as [OrderTab, string][])),
    ['closed', '已取消'],
  ];
}

/** Statuses a refund may be requested from (the seller decides in the management area). */
export const REFUNDABLE: readonly OrderStatus[] = ['paid', 'shipped', 'received'];

/**
 * Whether a member may ask for a refund of an order in `status` paid by `method`. A VIP order never:
 * the membership is in use from the moment it is paid (modules/vip).
 */
export const refundable = (status: OrderStatus, method: PayMethod, kind?: OrderKind): boolean =>
  REFUNDABLE.includes(status) && method !== 'free' && kind !== 'vip';

/** Lengths and counts both the contract and the pages hold to. */
export const ORDER_LIMITS = { remark: 200, refundReason: 200, goodsKinds: 20 } as const;

/** A carrier's tracking number as the server accepts it. */
export const EXPRESS_NO_RE = /^[A-Za-z0-9]{6,32}$/;
export const EXPRESS_NO_TEXT = '快递单号为 6-32 位字母或数字';
