import { adminApi } from '../api/admin-client';
import type { ApiInput } from '../api/types';

/** The console's live rooms (ban, unban) and live gifts. */
export const fetchLiveRooms = (input: ApiInput<'/admin/liveRooms'>) => adminApi('/admin/liveRooms', input);
export const unbanLiveRoom = (input: ApiInput<'/admin/liveUnban'>) => adminApi('/admin/liveUnban', input);
export const banLiveRoom = (input: ApiInput<'/admin/liveBan'>) => adminApi('/admin/liveBan', input);
export const fetchLiveGifts = (input: ApiInput<'/admin/liveGifts'>) => adminApi('/admin/liveGifts', input);
export const saveLiveGift = (input: ApiInput<'/admin/liveGiftSave'>) => adminApi('/admin/liveGiftSave', input);
