import { api } from '../api/client';
import { pendingOrderOf } from './checkout';

/* VIP membership (modules/vip): the member centre's /my/vip and /m/my/vip, the console's VIP套餐 tab. */

export const loadVip = () => api('/member/vip', {});
export const loadVipHistory = (page: number, limit = 10) => api('/member/vipHistory', { page, limit });
export const loadAdminVipPlans = () => api('/admin/vipPlans', {});
export const saveVipPlan = (body: { id: number; price: number; enabled: 0 | 1 }) => api('/admin/vipPlanSave', body);

/** Where an order is paid: the desktop's pay step or the phone's. */
export const vipPayHref = (orderId: number, phone: boolean) => (phone ? `/m/pay?id=${orderId}` : `/order/middle?id=${orderId}`);

/**
 * Buys (or renews with) a plan: answers the pay step of the new order, or of the VIP order already
 * waiting for payment (the server refuses a second one and names it).
 */
export async function buyVipPlan(planId: number, phone: boolean): Promise<string> {
  try {
    const o = await api('/member/vipBuy', { plan_id: planId });
    return vipPayHref(o.id, phone);
  } catch (err) {
    const pending = pendingOrderOf(err);
    if (pending) return vipPayHref(pending.orderId, phone);
    throw err;
  }
}

/** Yuan typed by the operator → fen; null when not a price (two decimals at most). */
export function planPriceFen(text: string): number | null {
  const v = text.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v)) return null;
  const fen = Math.round(Number(v) * 100);
  return fen > 0 ? fen : null;
}

/** Price per month of a plan, as text (年度 shows what it costs a month). */
export const perMonthText = (price: number, days: number) => `约 ¥${(((price / days) * 30) / 100).toFixed(2)}/月`;
