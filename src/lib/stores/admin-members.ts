import { adminApi } from '../api/admin-client';
import type { ApiInput } from '../api/types';

/** The console's members: the list, a member's record and ledgers, disabling and coin adjustments (support, finance). */
export const fetchMembers = (input: ApiInput<'/admin/members'>) => adminApi('/admin/members', input);
export const fetchMember = (input: ApiInput<'/admin/member'>) => adminApi('/admin/member', input);
export const disableMember = (input: ApiInput<'/admin/member/disable'>) => adminApi('/admin/member/disable', input);
export const enableMember = (input: ApiInput<'/admin/member/enable'>) => adminApi('/admin/member/enable', input);
export const adjustMemberCoins = (input: ApiInput<'/admin/member/adjustCoins'>) => adminApi('/admin/member/adjustCoins', input);
export const fetchMemberOrders = (input: ApiInput<'/admin/member/orders'>) => adminApi('/admin/member/orders', input);
export const fetchMemberCoinLedger = (input: ApiInput<'/admin/member/coinLedger'>) => adminApi('/admin/member/coinLedger', input);
export const fetchMemberSellerLedger = (input: ApiInput<'/admin/member/sellerLedger'>) => adminApi('/admin/member/sellerLedger', input);
