/** Order statuses, their Chinese names and the tabs of /my/order/* (shared by server and pages). */
export type OrderKind = 'goods' | 'course' | 'class';
export type OrderStatus = 'unpaid' | 'paid' | 'shipped' | 'received' | 'completed' | 'cancelled' | 'closed' | 'refunding' | 'refunded';

export function statusText(kind: OrderKind, status: string): string {
  switch (status) {
    case 'unpaid':
      return '待付款';
    case 'paid':
      return kind === 'goods' ? '待发货' : kind === 'class' ? '已报名' : '已购买';
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
    default:
      return status;
  }
}

export type OrderTab = 'all' | 'unpaid' | 'paid' | 'shipped' | 'done' | 'refund' | 'closed';

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
    ['paid', kind === 'class' ? '已报名' : '已购买'],
    ['refund', '退款'],
    ['closed', '已取消'],
  ];
}

/** Statuses a refund may be requested from (the seller decides in the management area). */
export const REFUNDABLE: OrderStatus[] = ['paid', 'shipped', 'received'];
