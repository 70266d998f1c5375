import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { LIVE_EVENT, LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imGroupMembers, liveRoomBans, liveRooms, liveSessions, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { refuse } from '../../http/errors';
import { ChatFault } from '../im/ops';
import { roomViewerIds } from '../im/audience';
import { dropFromRoom, roomEvent, setRoomHooks } from '../im/rooms';
import { ownRoom } from './room-owner';

/**
 * Room moderation: the anchor mutes or kicks viewers of their own room. A kick
 * drops the viewer's seat and sockets and keeps them out of the chat for `kickHours`. Banned words
 * are masked by the chat itself; reports go through the chat's report queue.
 */

type Viewer = { user_id: number; nick: string; avatar: string; muted_until: string | null };

async function ownGroup(user: SessionUser): Promise<{ roomId: number; groupID: string }> {
  const { room } = await ownRoom(user);
  if (!room.imGroupId) throw refuse(LIVE_TEXTS.notInRoom);
  return { roomId: room.id, groupID: room.imGroupId };
}

export async function viewers(user: SessionUser): Promise<{ list: Viewer[] }> {
  const { groupID } = await ownGroup(user);
  const ids = (await roomViewerIds(groupID)).filter((id) => id !== user.id);
  if (ids.length === 0) return { list: [] };
  const rows = await db()
    .select({ id: users.id, nick: publicNameOf(users), avatar: users.avatar, muteUntil: imGroupMembers.muteUntil })
    .from(users)
    .leftJoin(imGroupMembers, and(eq(imGroupMembers.groupId, groupID), eq(imGroupMembers.userId, users.id)))
    .where(inArray(users.id, ids.slice(0, 500)));
  const now = Date.now();
  return {
    list: rows.map((r) => ({
      user_id: r.id,
      nick: r.nick,
      avatar: r.avatar,
      muted_until: r.muteUntil && r.muteUntil.getTime() > now ? r.muteUntil.toISOString() : null,
    })),
  };
}

export async function mute(user: SessionUser, target: number, minutes: number): Promise<{ muted_until: string | null }> {
  if (target === user.id) throw refuse(LIVE_TEXTS.cannotModerateAnchor);
  const { groupID } = await ownGroup(user);
  const until = minutes > 0 ? new Date(Date.now() + minutes * 60_000) : null;
  const changed = await db()
    .update(imGroupMembers)
    .set({ muteUntil: until })
    .where(and(eq(imGroupMembers.groupId, groupID), eq(imGroupMembers.userId, target), eq(imGroupMembers.role, 'Member')))
    .returning({ id: imGroupMembers.userId });
  if (changed.length === 0) throw refuse(LIVE_TEXTS.notInRoom);
  return { muted_until: until?.toISOString() ?? null };
}

export async function kick(user: SessionUser, target: number): Promise<{ until: string }> {
  if (target === user.id) throw refuse(LIVE_TEXTS.cannotModerateAnchor);
  const { roomId, groupID } = await ownGroup(user);
  // A viewer may be kicked before they come back, but only an account that exists (the ban's foreign key).
  const [known] = await db().select({ id: users.id }).from(users).where(eq(users.id, target));
  if (!known) throw refuse(LIVE_TEXTS.notInRoom);
  const until = new Date(Date.now() + LIVE_LIMITS.kickHours * 3600_000);
  await db()
    .insert(liveRoomBans)
    .values({ roomId, userId: target, until, byUserId: user.id })
    .onConflictDoUpdate({ target: [liveRoomBans.roomId, liveRoomBans.userId], set: { until, byUserId: user.id, createdAt: new Date() } });
  // Everyone (the kicked viewer included) hears it before the viewer's sockets leave the room.
  await roomEvent(groupID, target, { type: LIVE_EVENT.kick, user_id: target });
  await dropFromRoom(groupID, target);
  return { until: until.toISOString() };
}

/** Registered at startup: kicked viewers cannot rejoin; each join may raise the broadcast's peak. */
export function registerRoomHooks(): void {
  setRoomHooks({
    async beforeJoin(groupID, userId) {
      const [ban] = await db()
        .select({ until: liveRoomBans.until })
        .from(liveRoomBans)
        .innerJoin(liveRooms, eq(liveRooms.id, liveRoomBans.roomId))
        .where(and(eq(liveRooms.imGroupId, groupID), eq(liveRoomBans.userId, userId), gt(liveRoomBans.until, new Date())));
      if (ban) throw new ChatFault(CHAT_CODE.noPermission, LIVE_TEXTS.kickedSelf);
    },
    async afterJoin(groupID, watchers) {
      await db()
        .update(liveSessions)
        .set({ peakViewers: sql`greatest(${liveSessions.peakViewers}, ${watchers})` })
        .where(sql`${liveSessions.id} = (select session_id from live_rooms where im_group_id = ${groupID} and status = 'live')`);
    },
  });
}
