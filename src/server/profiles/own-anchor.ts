import { readSessionCookie } from '~/lib/stores/session';
import { resolveSession } from '../modules/auth/session.service';
import { sellerOf } from '../modules/catalogue/owner';

/**
 * Whose homepage a visit without an id means (the desktop /coach/homepage and /mechant/homepage
 * mapped to the phone, SPEC §2): the signed-in coach's or shop owner's own, read from the session
 * cookie. `prefer` picks one when a user holds both. Null for a guest, an ended session or a member
 * with neither; 'guest' tells the page to offer the login.
 */
export async function ownAnchor(
  cookieHeader: string,
  prefer: 'coach' | 'mechant' | null,
): Promise<{ type: 'coach' | 'mechant'; id: number } | 'guest' | null> {
  const token = readSessionCookie(cookieHeader)?.token;
  const user = token ? await resolveSession(token) : null;
  if (!user) return 'guest';
  const mine = await sellerOf(user.id);
  const coach = mine.coachId ? ({ type: 'coach', id: mine.coachId } as const) : null;
  const shop = mine.shopId ? ({ type: 'mechant', id: mine.shopId } as const) : null;
  return (prefer === 'mechant' ? (shop ?? coach) : (coach ?? shop)) ?? null;
}
