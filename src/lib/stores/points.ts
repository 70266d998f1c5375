import { adminApi } from '../api/admin-client';
import { api } from '../api/client';
import type { ApiInput } from '../api/types';

/** 签到 and 积分 in the browser (/my/points, /m/my/points) and the console's 积分商城 (/admin/marketing). */

export const fetchPoints = () => api('/member/points', {});
export const signInToday = () => api('/member/points/signin', {});
export const fetchSignedDays = (month: string) => api('/member/points/calendar', { month });
export const fetchPointsItems = (page: number) => api('/member/points/items', { page, limit: 20 });
export const redeemItem = (id: number, addressId?: number) =>
  api('/member/points/redeem', { id, ...(addressId ? { address_id: addressId } : {}) });
export const fetchPointsLedger = (page: number) => api('/member/points/ledger', { page, limit: 10 });
export const fetchRedemptions = (page: number) => api('/member/points/redemptions', { page, limit: 10 });
export const fetchMyAddresses = () => api('/member/addressList');

export const fetchPointsConfig = () => adminApi('/admin/points/config', {});
export const savePointsConfig = (v: ApiInput<'/admin/points/configSave'>) => adminApi('/admin/points/configSave', v);
export const fetchAdminPointsItems = (page: number) => adminApi('/admin/points/items', { page, limit: 20 });
export const savePointsItem = (v: ApiInput<'/admin/points/itemSave'>) => adminApi('/admin/points/itemSave', v);
export const setPointsItemStatus = (id: number, status: 0 | 1) => adminApi('/admin/points/itemStatus', { id, status });
export const fetchAdminRedemptions = (page: number, pending: 0 | 1) => adminApi('/admin/points/redemptions', { page, limit: 20, pending });
export const shipRedemption = (id: number, company: string, no: string) => adminApi('/admin/points/ship', { id, company, no });
export const fetchMemberPoints = (id: number, page: number) => adminApi('/admin/points/memberLedger', { id, page, limit: 10 });

/** Whole points typed in a console form, or NaN (the server refuses it with its own message). */
export const wholeNumber = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);
