import { adminApi } from '../api/admin-client';
import type { ApiInput } from '../api/types';

/** The console's oversight of sellers' growth tools: 秒杀监管 and 拼团监管 (/admin/marketing). */
export const fetchAdminFlash = (input: ApiInput<'/admin/flash/list'>) => adminApi('/admin/flash/list', input);
export const cancelAdminFlash = (input: ApiInput<'/admin/flash/cancel'>) => adminApi('/admin/flash/cancel', input);
export const fetchAdminGroupBuys = (input: ApiInput<'/admin/groupBuy/list'>) => adminApi('/admin/groupBuy/list', input);
export const stopAdminGroupBuy = (input: ApiInput<'/admin/groupBuy/stop'>) => adminApi('/admin/groupBuy/stop', input);
