import { api } from '../api/client';
import type { GroupCampaign, GroupView, MyGroup } from '../api/contract/groupbuy';
import { GROUP_STATUS_TEXT, missingText } from '../rules/groupbuy';

/* 拼团 pages (detail panels, /my/groupbuy, the sellers' 营销 section): what they load and show. */

/** The desktop pay step of an order; the phone's is /m/pay. */
export const groupPayHref = (orderId: number, phone = false) => (phone ? `/m/pay?id=${orderId}` : `/order/middle?id=${orderId}`);

/** Opens a group of the campaign: answers where to pay. */
export async function openGroupBuy(campaignId: number, phone = false): Promise<string> {
  const o = await api('/member/groupBuyOpen', { campaign_id: campaignId });
  return groupPayHref(o.id, phone);
}

/** Joins a group: answers where to pay. */
export async function joinGroupBuy(groupId: number, phone = false): Promise<string> {
  const o = await api('/member/groupBuyJoin', { group_id: groupId });
  return groupPayHref(o.id, phone);
}

/** How a group reads in a list: 还差 N 人 while open, else its outcome. */
export const groupStateText = (g: Pick<GroupView, 'status' | 'size' | 'paid'>) =>
  g.status === 'open' ? missingText(g.size, g.paid) : GROUP_STATUS_TEXT[g.status];

/** Whether a group can be joined now (open, a free slot, before its deadline). */
export const joinable = (g: Pick<GroupView, 'status' | 'free_slots' | 'expires_at'>, now = Date.now()) =>
  g.status === 'open' && g.free_slots > 0 && Date.parse(g.expires_at) > now;

/** What the member's row in 我的拼团 offers: pay an unpaid order, share an open group, study once formed. */
export function myGroupAction(m: MyGroup, phone = false): { label: string; href: string } | null {
  if (m.order_status === 'unpaid' && m.group.status === 'open') return { label: '去支付', href: groupPayHref(m.order_id, phone) };
  if (m.group.status === 'formed' && ['paid', 'completed'].includes(m.order_status))
    return m.item.kind === 'course'
      ? { label: '去学习', href: phone ? `/m/course/detail?id=${m.item.id}` : `/train/courseDetail?id=${m.item.id}` }
      : { label: '查看班级', href: phone ? '/m/my/learning?kind=class' : '/my/class' };
  return null;
}

/** What a member's order status reads as within a group. */
export function myOrderText(m: MyGroup): string {
  if (m.order_status === 'unpaid') return '待支付';
  if (m.order_status === 'closed' || m.order_status === 'cancelled') return '已关闭';
  if (m.order_status === 'refunded') return '已退款';
  if (m.order_status === 'refunding') return '退款中';
  return m.group.status === 'formed' ? '已成团' : '已支付，等待成团';
}

/** A campaign's terms on one line: 3 人团 · 24 小时内成团. */
export const termsText = (c: Pick<GroupCampaign, 'size' | 'limit_hours'>) => `${c.size} 人团 · ${c.limit_hours} 小时内成团`;

/** The seller's form values, turned into the API body (yuan to fen, local times to ISO). */
export function campaignBody(f: {
  kind: string;
  item_id: string;
  price: string;
  size: string;
  limit_hours: string;
  starts_at: string;
  ends_at: string;
}) {
  return {
    kind: f.kind === 'class' ? ('class' as const) : ('course' as const),
    item_id: Number(f.item_id),
    price: Math.round(Number(f.price) * 100),
    size: Number(f.size),
    limit_hours: Number(f.limit_hours),
    starts_at: f.starts_at ? new Date(f.starts_at).toISOString() : '',
    ends_at: f.ends_at ? new Date(f.ends_at).toISOString() : '',
  };
}
