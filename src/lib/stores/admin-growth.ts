/* The console's oversight of sellers' growth tools, 秒杀监管 and 拼团监管 (/admin/marketing): lists by status tab, and the platform's decisions. */

import { adminApi } from '../api/admin-client';
import type { AdminFlash } from '../api/contract/flash';
import type { AdminGroupCampaign } from '../api/contract/groupbuy';
import type { FlashPhase } from '../rules/flash';
import type { CampaignState } from '../rules/groupbuy';
import { createListQuery } from './list-query';

export type { AdminFlash, AdminGroupCampaign };

export type FlashTab = 'all' | FlashPhase;
export const flashOversight = createListQuery<AdminFlash, FlashTab>(
  (q) => adminApi('/admin/flash/list', { phase: q.filter, page: q.page, limit: q.limit }),
  'all',
  15,
);
export const cancelAdminFlash = (id: number, reason: string) => adminApi('/admin/flash/cancel', { id, reason });

export type GroupBuyTab = 'all' | CampaignState;
export const groupBuyOversight = createListQuery<AdminGroupCampaign, GroupBuyTab>(
  (q) => adminApi('/admin/groupBuy/list', { state: q.filter, page: q.page, limit: q.limit }),
  'all',
  15,
);
export const stopAdminGroupBuy = (id: number, reason: string) => adminApi('/admin/groupBuy/stop', { id, reason });
