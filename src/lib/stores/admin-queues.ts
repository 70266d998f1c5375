import { adminApi } from '../api/admin-client';
import type { AdminDispute, AdminReport, AdminShopCancel, AdminWithdrawal } from '../api/contract/operations';
import { createListQuery, type ListQuery } from './list-query';

export type { AdminDispute, AdminReport, AdminShopCancel, AdminWithdrawal };

/** A decision queue: its filter is the status tab ('' is 全部). */
export type Queue<T, S extends string> = ListQuery<T, S>;

/* The four queues: their tabs' statuses ('' is 全部) and their decisions. */

export type ReportTab = 'open' | 'removed' | 'dismissed' | '';
export const reportQueue = createListQuery<AdminReport, ReportTab>(
  (q) => adminApi('/admin/contentReports', { status: q.filter, page: q.page, limit: q.limit }),
  'open',
  20,
);
export const takeDownReport = (id: number, note: string) => adminApi('/admin/contentReport/takedown', { id, note });
export const dismissReport = (id: number, note: string) => adminApi('/admin/contentReport/dismiss', { id, note });

export type ShopCancelTab = 'pending' | 'approved' | 'refused' | 'withdrawn' | '';
export const shopCancelQueue = createListQuery<AdminShopCancel, ShopCancelTab>(
  (q) => adminApi('/admin/shopCancels', { status: q.filter, page: q.page, limit: q.limit }),
  'pending',
  20,
);
export const approveShopCancel = (id: number, note: string) => adminApi('/admin/shopCancel/approve', { id, note });
export const refuseShopCancel = (id: number, reason: string) => adminApi('/admin/shopCancel/refuse', { id, reason });

export type DisputeTab = 'open' | 'granted' | 'upheld' | '';
export const disputeQueue = createListQuery<AdminDispute, DisputeTab>(
  (q) => adminApi('/admin/refundDisputes', { status: q.filter, page: q.page, limit: q.limit }),
  'open',
  10,
);
export const grantDispute = (id: number, note: string) => adminApi('/admin/refundDispute/grant', { id, note });
export const upholdDispute = (id: number, note: string) => adminApi('/admin/refundDispute/uphold', { id, note });

export type WithdrawalTab = 'pending' | 'paid' | 'refused' | '';
export const withdrawalQueue = createListQuery<AdminWithdrawal, WithdrawalTab>(
  (q) => adminApi('/admin/withdrawals', { status: q.filter, page: q.page, limit: q.limit }),
  'pending',
  20,
);
export const payWithdrawal = (id: number, reference: string) => adminApi('/admin/withdrawal/pay', { id, reference });
export const refuseWithdrawal = (id: number, reason: string) => adminApi('/admin/withdrawal/refuse', { id, reason });
/** The whole card number of a pending withdrawal (the console shows it masked until asked; the server audits the look). */
export const withdrawalCardNumber = async (id: number) => (await adminApi('/admin/withdrawal/cardNumber', { id })).card_no;
