import { atom, map } from 'nanostores';
import { api } from '../api/client';
import type { FavouriteType, FollowState } from '../api/contract/catalogue-social';
import type { Bit } from '../api/fields';
import { T } from '../texts';
import { check } from './action';
import { requireLogin } from './guard';
import { $session } from './session';

/** A coach or a shop, as its profile page knows it (`mechant` is the SPEC's shop type). */
export interface FollowTarget {
  type: 'coach' | 'mechant';
  id: number;
  /** The owner's user id: nobody follows themself. */
  uid: number;
}

/** What the button shows the moment it is clicked: the other state, the count moved by one. */
export function flipFollow(s: FollowState): FollowState {
  const on: Bit = s.is_follow ? 0 : 1;
  return { is_follow: on, fans_count: Math.max(0, s.fans_count + (on ? 1 : -1)) };
}

/** The viewer's follow state of a coach or shop (SPEC §3 "Coach or shop info"). */
export async function fetchFollow(t: FollowTarget): Promise<FollowState> {
  const info = t.type === 'coach' ? await api('/coach/public/info', { coach_id: t.id }) : await api('/shop/public/info', { shop_id: t.id });
  return { is_follow: info.is_follow, fans_count: info.fans_count };
}

/**
 * The follow button of a profile (SPEC §4): is_follow 0 sends status 1, 1 sends 0. The state
 * changes at once and goes back if the server refuses; on success the info is refetched.
 */
export function createFollow(target: FollowTarget, fans: number) {
  const $follow = map<FollowState>({ is_follow: 0, fans_count: fans });

  async function refresh(): Promise<void> {
    $follow.set(await fetchFollow(target));
  }

  async function toggle(): Promise<FollowState> {
    const user = requireLogin();
    check(user.user_id === target.uid ? T.cannotFollowSelf : null, 'warning');
    const before = $follow.get();
    const status = before.is_follow ? 0 : 1;
    $follow.set(flipFollow(before));
    try {
      const body = target.type === 'coach' ? { status, coach_id: target.id } : { status, shop_id: target.id };
      $follow.set(await api('/member/follow', body));
    } catch (err) {
      $follow.set(before);
      throw err;
    }
    // SPEC §4: refetched on success; if only the refetch fails, the answer above stands.
    await refresh().catch(() => undefined);
    return $follow.get();
  }

  return { $follow, refresh, toggle };
}

/** Whether the logged-in viewer keeps an item (read from its detail answer). */
export async function fetchFavourite(type: FavouriteType, id: number): Promise<boolean> {
  const detail =
    type === 'course'
      ? await api('/course/detail', { id })
      : type === 'class'
        ? await api('/class/detail', { id })
        : await api('/goods/detail', { id });
  return detail.is_favorite === 1;
}

/** The 收藏 button of a detail page: flips at once, goes back if the server refuses. */
export function createFavourite(type: FavouriteType, id: number) {
  const $on = atom(false);

  /** Loads the viewer's state (nothing to load for a guest). */
  async function load(): Promise<void> {
    if ($session.get()) $on.set(await fetchFavourite(type, id));
  }

  /** Answers the new state. */
  async function toggle(): Promise<boolean> {
    requireLogin();
    const before = $on.get();
    $on.set(!before);
    try {
      const r = await api('/member/favorite', { type, id, status: before ? 0 : 1 });
      $on.set(r.is_favorite === 1);
    } catch (err) {
      $on.set(before);
      throw err;
    }
    return $on.get();
  }

  return { $on, load, toggle };
}
