import { atom, computed } from 'nanostores';
import { badgeText, toCount } from '../rules/badge';
import { call, errorText } from '../api/client';
import { Code } from '../api/codes';
import type { UnreadCounts } from '../api/contract/notice';
import { toast } from '../toast';

/** SPEC §3 unread counts, integers defaulting to 0. */
export type Unread = UnreadCounts;
export const $unread = atom<Unread>({ announce: 0, comment: 0, notice: 0 });
/** Chat unread (all conversations), pushed live by the chat client; kept here so the toolbar needs no chat code. */
export const $chatUnread = atom(0);
/** The chat unread alone as a badge ('' for none, 99+), for the phone's 我的 tab and 消息 row. */
export const $chatUnreadBadge = computed($chatUnread, badgeText);
/** The toolbar badge's total (SPEC §2): notices plus chat. */
export const $unreadTotal = computed([$unread, $chatUnread], (u, chat) => u.announce + u.comment + u.notice + chat);
/** The toolbar badge: '' for none, '99+' above 99. */
export const $unreadBadge = computed($unreadTotal, badgeText);

/** Stores counts as the API answered them (SPEC §3: parsed as integers, default 0). */
export function setUnread(raw: Partial<Record<keyof Unread, unknown>>): void {
  $unread.set({ announce: toCount(raw.announce), comment: toCount(raw.comment), notice: toCount(raw.notice) });
}

/** Fetches the counts (SPEC §8: a failed count shows msg as an error). */
export async function refreshUnread(): Promise<void> {
  try {
    const res = await call('/member/unreadMsgCount');
    if (res.code === Code.OK) setUnread(res.data);
    else toast.error(res.msg);
  } catch (err) {
    toast.error(errorText(err));
  }
}
