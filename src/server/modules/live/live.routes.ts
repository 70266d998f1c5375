import type { OpenAPIHono } from '@hono/zod-openapi';
import { liveApi } from '~/lib/api/contract/live';
import { liveGiftApi } from '~/lib/api/contract/live-gifts';
import { liveCoachNoticeApi, liveNoticeApi, liveShopNoticeApi } from '~/lib/api/contract/live-notices';
import { livePlaybackApi } from '~/lib/api/contract/live-playback';
import { adminLiveApi } from '~/lib/api/contract/admin-live';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { setStreamHandlers } from '../../providers/live';
import { viewerId } from '../catalogue/viewer';
import * as admin from './admin-live.service';
import { giftList, giftLogs, sendGift } from './gifts.service';
import { registerLiveHooks } from './hooks.routes';
import { kick, mute, registerRoomHooks, viewers } from './moderation.service';
import * as notices from './notices.service';
import * as pb from './playback.service';
import { liveStreamHandlers } from './broadcast';
import * as rooms from './rooms.service';

export function registerLive(api: OpenAPIHono<AppEnv>): void {
  // The chat's live rooms consult the live module (kicked viewers, peak audience), and every media
  // backend reports its streams to the rooms (the embedded ingest, nginx's hooks, Tencent's callbacks).
  registerRoomHooks();
  setStreamHandlers(liveStreamHandlers);
  // nginx-rtmp's and Tencent's callbacks (not contract endpoints: they answer in their own formats).
  registerLiveHooks(api);

  endpoint(api, liveApi.anchorRoom, ({ user }) => rooms.anchorRoom(user));
  endpoint(api, liveApi.start, ({ user, input }) => rooms.startLive(user, input.title));
  endpoint(api, liveApi.stop, ({ user }) => rooms.stopLive(user));
  endpoint(api, liveApi.list, ({ input }) => rooms.roomList(input));
  endpoint(api, liveApi.room, async ({ input, c }) => rooms.publicRoom(input.id, await viewerId(c)));
  endpoint(api, liveApi.settings, ({ user, input }) => rooms.saveSettings(user, input));
  endpoint(api, liveApi.shelfOptions, ({ user }) => rooms.shelfOptions(user));
  endpoint(api, liveApi.viewers, ({ user }) => viewers(user));
  endpoint(api, liveApi.mute, ({ user, input }) => mute(user, input.user_id, input.minutes));
  endpoint(api, liveApi.kick, ({ user, input }) => kick(user, input.user_id));
  endpoint(api, liveApi.like, ({ user, input }) => rooms.likeRoom(user.id, input.id, input.count));
  endpoint(api, liveApi.search, ({ input }) => rooms.roomList({ living: 0, page: input.page, limit: input.limit, q: input.q }));
  endpoint(api, liveApi.pushCaps, () => rooms.pushCaps());
  endpoint(api, liveApi.coachIndex, ({ user }) => rooms.liveIndex(user));
  endpoint(api, liveApi.shopIndex, ({ user }) => rooms.liveIndex(user));

  endpoint(api, liveGiftApi.gifts, () => giftList());
  endpoint(api, liveGiftApi.send, ({ user, input }) => sendGift(user, input));
  endpoint(api, liveGiftApi.logs, ({ user, input }) => giftLogs(user.id, input));

  for (const [kind, set] of [
    ['coach', liveCoachNoticeApi],
    ['shop', liveShopNoticeApi],
  ] as const) {
    endpoint(api, set.add, ({ user, input }) => notices.addNotice(user, kind, input));
    endpoint(api, set.edit, ({ user, input }) => notices.editNotice(user, kind, input));
    endpoint(api, set.remove, ({ user, input }) => notices.deleteNotice(user, kind, input.id));
  }
  endpoint(api, liveNoticeApi.mine, ({ user, input }) => notices.myNotices(user, input.page, input.limit));
  endpoint(api, liveNoticeApi.list, async ({ input, c }) => notices.publicNotices(input, await viewerId(c)));
  endpoint(api, liveNoticeApi.book, ({ user, input }) => notices.book(user.id, input.id, input.status));

  endpoint(api, livePlaybackApi.list, ({ input }) => pb.playbackPage(input));
  endpoint(api, livePlaybackApi.one, ({ input }) => pb.playback(input.id));
  endpoint(api, livePlaybackApi.remove, ({ user, input }) => pb.deletePlaybacks(user, input.ids));
  endpoint(api, livePlaybackApi.top, ({ user, input }) => pb.pinPlaybacks(user, input.ids, input.status));
  endpoint(api, livePlaybackApi.logs, ({ user, input }) => pb.liveLogs(user, input.page, input.limit));

  endpoint(api, adminLiveApi.rooms, ({ input }) => admin.adminRooms(input));
  endpoint(api, adminLiveApi.ban, ({ input, staff, c }) => admin.banRoom({ staff, c }, input.id, input.reason));
  endpoint(api, adminLiveApi.unban, ({ input, staff, c }) => admin.unbanRoom({ staff, c }, input.id));
  endpoint(api, adminLiveApi.gifts, () => admin.adminGifts());
  endpoint(api, adminLiveApi.giftSave, ({ input, staff, c }) => admin.saveGift({ staff, c }, input));
}
