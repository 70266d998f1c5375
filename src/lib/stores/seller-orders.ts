import { api } from '../api/client';
import type { SellerListOrder } from '../api/contract/seller-orders';
import { EXPRESS_NO_RE, EXPRESS_NO_TEXT } from '../rules/order-status';
import type { SellerArea } from '../rules/seller-nav';
import {
  MONTH_RE,
  SELLER_ORDER_LIMITS,
  SELLER_ORDER_TEXTS,
  sellerOrderTabs,
  type SellerOrderKind,
  type SellerOrderTab,
} from '../rules/seller-orders';
import { check } from './action';
import { createPagedList } from './paged';

export type { SellerListOrder };

/* ---- The sellers' order lists (/coach/homepage/order…, /mechant/order/…) ---- */

export const SELLER_ORDER_LIST_LIMIT = 10;

export interface SellerOrderQuery {
  tab: SellerOrderTab;
  key: string;
}

/** The tab and search of ?tab=&key= (a tab the page does not have means 全部). */
export function sellerQueryFromSearch(kind: SellerOrderKind, search: string): SellerOrderQuery {
  const p = new URLSearchParams(search);
  const t = p.get('tab');
  return {
    tab: sellerOrderTabs(kind).find(([k]) => k === t)?.[0] ?? 'all',
    key: (p.get('key') ?? '').trim().slice(0, SELLER_ORDER_LIMITS.key),
  };
}

/** The query string that keeps the tab and the search in the address bar. */
export function sellerQuerySearch(q: SellerOrderQuery): string {
  const p = new URLSearchParams();
  if (q.tab !== 'all') p.set('tab', q.tab);
  if (q.key) p.set('key', q.key);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** One area's orders of one kind, by tab and search, paged. */
export const createSellerOrderList = (area: SellerArea, kind: SellerOrderKind, query: SellerOrderQuery) =>
  createPagedList<SellerListOrder, SellerOrderQuery>(
    (q, page) => api('/seller/orders', { area, kind, tab: q.tab, key: q.key, page, limit: SELLER_ORDER_LIST_LIMIT }),
    query,
  );

/** 发货 from the list: the tracking number checked as the server does. */
export async function shipListedOrder(id: number, company: string, no: string): Promise<void> {
  const express = no.trim();
  check(company ? null : '请选择快递公司');
  check(EXPRESS_NO_RE.test(express) ? null : EXPRESS_NO_TEXT);
  await api('/order/ship', { id, express_company: company, express_no: express });
}

/** 同意退款: answers the toast (refunded at once, or sent to the gateway and awaiting it). */
export async function agreeRefund(id: number): Promise<string> {
  const r = await api('/seller/order/refundAgree', { id });
  return r.status === 'refunded' ? SELLER_ORDER_TEXTS.approved : SELLER_ORDER_TEXTS.refundSent;
}

/** 拒绝退款 with a reason (required). */
export async function refuseRefund(id: number, reason: string): Promise<void> {
  const text = reason.trim();
  check(text ? null : SELLER_ORDER_TEXTS.refuseReason);
  check(text.length >= 2 ? null : SELLER_ORDER_TEXTS.refuseReasonShort);
  check(text.length <= SELLER_ORDER_LIMITS.refuseReason ? null : `拒绝原因最多 ${SELLER_ORDER_LIMITS.refuseReason} 个字`);
  await api('/seller/order/refundRefuse', { id, reason: text });
}

/** 导出 a month: the CSV text (with its BOM) and the file name to save it as. */
export async function exportMonth(
  area: SellerArea,
  kind: SellerOrderKind,
  month: string,
): Promise<{ filename: string; csv: string; rows: number; truncated: 0 | 1 }> {
  check(MONTH_RE.test(month) ? null : SELLER_ORDER_TEXTS.month);
  return api('/seller/orders/export', { area, kind, month });
}

/** The toast after an export. */
export function exportDoneText(r: { rows: number; truncated: 0 | 1 }): string {
  if (!r.rows) return '该月没有订单，已导出空表';
  return r.truncated ? `已导出前 ${r.rows} 条订单（超出部分请缩短范围）` : `已导出 ${r.rows} 条订单`;
}
