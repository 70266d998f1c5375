import { and, eq, inArray } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import type { UserProfile, UserSearchResult } from '~/lib/chat/types';
import { imageUrl } from '~/lib/rules/image-url';
import { IM_SOCIAL, IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imFriends, users } from '../../db/schema';
import { env } from '../../env';
import { CallLimiter } from '../../security/limiter';
import { ChatFault } from './ops';

/** Chat profiles: a user's public name, avatar (media host rule), gender and signature (users.intro). */

// A coach or shop owner is shown by their public name (publicNameOf), everyone else by their nick.
const profileColumns = { id: users.id, nick: publicNameOf(users), avatar: users.avatar, gender: users.gender, intro: users.intro };
type ProfileRow = { id: number; nick: string; avatar: string; gender: number; intro: string };

export function toProfile(r: ProfileRow): UserProfile {
  return {
    userID: String(r.id),
    nick: r.nick,
    avatar: imageUrl(r.avatar, env().MEDIA_URL),
    gender: (r.gender === 1 || r.gender === 2 ? r.gender : 0) as UserProfile['gender'],
    selfSignature: r.intro,
  };
}

/** Profiles of these users in the order asked; unknown ids are left out (as Tencent IM does). */
export async function profilesOf(ids: number[]): Promise<UserProfile[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select(profileColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, toProfile(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function myProfile(userId: number): Promise<UserProfile> {
  const [p] = await profilesOf([userId]);
  if (!p) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.userNotFound);
  return p;
}

/** A chat user id as the integer key; null when malformed. */
export function userIdOf(userID: string): number | null {
  return /^[1-9]\d{0,9}$/.test(userID) && Number(userID) <= 2_147_483_647 ? Number(userID) : null;
}

const searchLimiter = new CallLimiter('im-search', IM_SOCIAL.searchPoints, IM_SOCIAL.searchWindowS);

/**
 * Finds a user by an exact 11-digit phone or an exact user id, never by a prefix, so phone numbers
 * cannot be enumerated; every search counts against the caller's budget.
 */
export async function searchUser(viewer: number, keyword: string): Promise<UserSearchResult[]> {
  const k = keyword.trim();
  const isPhone = /^1\d{10}$/.test(k);
  const id = isPhone ? null : userIdOf(k);
  const match = isPhone ? eq(users.phone, k) : id != null ? eq(users.id, id) : null;
  if (!match) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.searchKeyword);
  if ((await searchLimiter.take(String(viewer))) > 0) throw new ChatFault(CHAT_CODE.rateLimited, IM_SOCIAL_TEXT.searchTooFast);
  const rows = await db()
    .select(profileColumns)
    .from(users)
    .where(and(match, eq(users.status, 1)));
  const [found] = rows;
  if (!found) return [];
  const [friend] = await db()
    .select({ id: imFriends.friendId })
    .from(imFriends)
    .where(and(eq(imFriends.userId, viewer), eq(imFriends.friendId, found.id)));
  return [{ ...toProfile(found), isFriend: friend != null }];
}
