import { adminApi } from '../api/admin-client';
import type { ApiInput } from '../api/types';
import { createListQuery } from './list-query';

/** The console's members: the list, a member's record and ledgers, disabling and coin adjustments (support, finance). */
export const fetchMembers = (input: ApiInput<'/admin/members'>) => adminApi('/admin/members', input);
export const fetchMember = (input: ApiInput<'/admin/member'>) => adminApi('/admin/member', input);
export const disableMember = (input: ApiInput<'/admin/member/disable'>) => adminApi('/admin/member/disable', input);
export const enableMember = (input: ApiInput<'/admin/member/enable'>) => adminApi('/admin/member/enable', input);
export const adjustMemberCoins = (input: ApiInput<'/admin/member/adjustCoins'>) => adminApi('/admin/member/adjustCoins', input);
export const fetchMemberOrders = (input: ApiInput<'/admin/member/orders'>) => adminApi('/admin/member/orders', input);
export const fetchMemberCoinLedger = (input: ApiInput<'/admin/member/coinLedger'>) => adminApi('/admin/member/coinLedger', input);
export const fetchMemberSellerLedger = (input: ApiInput<'/admin/member/sellerLedger'>) => adminApi('/admin/member/sellerLedger', input);

type Paging = { filter: string; page: number; limit: number };

/** The member search, 20 a page: the filter is the search key ('' lists everyone). */
export const memberSearch = createListQuery((q: Paging) => fetchMembers({ key: q.filter, page: q.page, limit: q.limit }), '', 20);

/* A member's orders, coin ledger and seller ledger, 10 a page: one store per member page. */
export const memberOrders = (id: number) => createListQuery((q: Paging) => fetchMemberOrders({ id, page: q.page, limit: q.limit }), '', 10);
export const memberCoinLedger = (id: number) =>
  createListQuery((q: Paging) => fetchMemberCoinLedger({ id, page: q.page, limit: q.limit }), '', 10);
export const memberSellerLedger = (id: number) =>
  createListQuery((q: Paging) => fetchMemberSellerLedger({ id, page: q.page, limit: q.limit }), '', 10);
