import { map } from 'nanostores';
import { api, errorText } from '../api/client';
import type { Page } from './paged';
import type { FanItem, FavouriteItem, FavouriteType, FocusItem } from '../api/contract/catalogue-social';

/** /my/favorite, /my/focus, /my/fans. */
export type MyListKind = 'favorite' | 'focus' | 'fans';

/** A loaded page, tagged with its kind so the view needs no casts. */
export type MyListData =
  (Page<FavouriteItem> & { kind: 'favorite' }) | (Page<FocusItem> & { kind: 'focus' }) | (Page<FanItem> & { kind: 'fans' });

export interface MyListState {
  favType: FavouriteType;
  page: number;
  /** null while the first page of a tab loads. */
  data: MyListData | null;
  error: string;
}

export const MY_LIST_LIMIT = 12;

async function fetchPage(kind: MyListKind, type: FavouriteType, page: number): Promise<MyListData> {
  const q = { page, limit: MY_LIST_LIMIT };
  if (kind === 'favorite') return { kind, ...(await api('/member/favoriteList', { ...q, type })) };
  if (kind === 'focus') return { kind, ...(await api('/member/focusList', q)) };
  return { kind, ...(await api('/member/fansList', q)) };
}

/**
 * One of the member's lists, paged. Only the newest request's answer is shown; removing the last
 * item of a later page steps back a page.
 */
export function createMyList(kind: MyListKind) {
  const $list = map<MyListState>({ favType: 'course', page: 1, data: null, error: '' });
  let latest = 0;

  async function load(): Promise<void> {
    const { favType, page } = $list.get();
    const mine = ++latest;
    try {
      const data = await fetchPage(kind, favType, page);
      if (mine !== latest) return;
      if (!data.list.length && page > 1) return setPage(Math.max(1, Math.ceil(data.total / MY_LIST_LIMIT)));
      $list.set({ ...$list.get(), data, error: '' });
    } catch (err) {
      if (mine === latest) $list.setKey('error', errorText(err));
    }
  }

  function setPage(page: number): Promise<void> {
    $list.setKey('page', page);
    return load();
  }

  /** Another favourite tab starts at its first page. */
  function setFavType(favType: FavouriteType): Promise<void> {
    $list.set({ ...$list.get(), favType, page: 1, data: null, error: '' });
    return load();
  }

  async function unfavourite(item: FavouriteItem): Promise<void> {
    await api('/member/favorite', { type: item.type, id: item.id, status: 0 });
    await load();
  }

  async function unfollow(item: FocusItem): Promise<void> {
    await api('/member/follow', item.type === 'coach' ? { status: 0, coach_id: item.id } : { status: 0, shop_id: item.id });
    await load();
  }

  return { $list, load, setPage, setFavType, unfavourite, unfollow };
}
