import { map, type MapStore } from 'nanostores';
import { adminApi } from '../api/admin-client';
import { errorText, mayRetry } from '../api/client';
import type { AdminDispute, AdminReport, AdminShopCancel, AdminWithdrawal } from '../api/contract/operations';
import type { Page } from './paged';

export type { AdminDispute, AdminReport, AdminShopCancel, AdminWithdrawal };

/** One of the console's decision queues: a status tab, a page, and the rows of that page. */
export interface QueueState<T, S extends string> {
  status: S;
  page: number;
  /** null until the first answer; the last page stays shown while another loads. */
  data: Page<T> | null;
  /** The last failure's text ('' once loaded). */
  error: string;
  /** Whether asking again may help (network, server fault). */
  retryable: boolean;
}

export interface Queue<T, S extends string> {
  $state: MapStore<QueueState<T, S>>;
  /** Loads the current tab and page again (after a decision, a retry). */
  reload: () => Promise<void>;
  /** Another status tab starts at its first page. */
  setStatus: (status: S) => Promise<void>;
  setPage: (page: number) => Promise<void>;
  limit: number;
}

/**
 * A queue's store. Only the newest request's answer is shown, so quick tab or page changes never
 * show a stale page; a failure keeps the rows already shown and says whether a retry may help.
 */
export function createQueue<T, S extends string>(
  fetch: (q: { status: S; page: number; limit: number }) => Promise<Page<T>>,
  status: S,
  limit: number,
): Queue<T, S> {
  const $state = map<QueueState<T, S>>({ status, page: 1, data: null, error: '', retryable: false });
  let latest = 0;
  async function reload(): Promise<void> {
    const { status: s, page } = $state.get();
    const mine = ++latest;
    try {
      const data = await fetch({ status: s, page, limit });
      if (mine === latest) $state.set({ ...$state.get(), data, error: '', retryable: false });
    } catch (err) {
      if (mine === latest) $state.set({ ...$state.get(), error: errorText(err), retryable: mayRetry(err) });
    }
  }
  return {
    $state,
    reload,
    limit,
    setStatus(s) {
      $state.set({ ...$state.get(), status: s, page: 1 });
      return reload();
    },
    setPage(page) {
      $state.setKey('page', page);
      return reload();
    },
  };
}

/* The four queues: their tabs' statuses ('' is 全部) and their decisions. */

export type ReportTab = 'open' | 'removed' | 'dismissed' | '';
export const reportQueue = createQueue<AdminReport, ReportTab>((q) => adminApi('/admin/contentReports', q), 'open', 20);
export const takeDownReport = (id: number, note: string) => adminApi('/admin/contentReport/takedown', { id, note });
export const dismissReport = (id: number, note: string) => adminApi('/admin/contentReport/dismiss', { id, note });

export type ShopCancelTab = 'pending' | 'approved' | 'refused' | 'withdrawn' | '';
export const shopCancelQueue = createQueue<AdminShopCancel, ShopCancelTab>((q) => adminApi('/admin/shopCancels', q), 'pending', 20);
export const approveShopCancel = (id: number, note: string) => adminApi('/admin/shopCancel/approve', { id, note });
export const refuseShopCancel = (id: number, reason: string) => adminApi('/admin/shopCancel/refuse', { id, reason });

export type DisputeTab = 'open' | 'granted' | 'upheld' | '';
export const disputeQueue = createQueue<AdminDispute, DisputeTab>((q) => adminApi('/admin/refundDisputes', q), 'open', 10);
export const grantDispute = (id: number, note: string) => adminApi('/admin/refundDispute/grant', { id, note });
export const upholdDispute = (id: number, note: string) => adminApi('/admin/refundDispute/uphold', { id, note });

export type WithdrawalTab = 'pending' | 'paid' | 'refused' | '';
export const withdrawalQueue = createQueue<AdminWithdrawal, WithdrawalTab>((q) => adminApi('/admin/withdrawals', q), 'pending', 20);
export const payWithdrawal = (id: number, reference: string) => adminApi('/admin/withdrawal/pay', { id, reference });
export const refuseWithdrawal = (id: number, reason: string) => adminApi('/admin/withdrawal/refuse', { id, reason });
/** The whole card number of a pending withdrawal (the console shows it masked until asked; the server audits the look). */
export const withdrawalCardNumber = async (id: number) => (await adminApi('/admin/withdrawal/cardNumber', { id })).card_no;
