import { map } from 'nanostores';
import { api, errorText } from '../api/client';
import type { NoticeDetail, NoticeItem } from '../api/contract/notice';
import { NOTICE_KINDS, type NoticeKind } from '../rules/notice';
import type { ApiOutput } from '../api/types';
import { positiveInt } from '../format';
import { InputError } from './action';
import { refreshUnread } from './unread';

export type { NoticeDetail, NoticeItem, NoticeKind };
/** A page of notices as /api/member/messageList answers it. */
export type NoticePage = ApiOutput<'/member/messageList'>;

export const NOTICE_TABS: { kind: NoticeKind; label: string }[] = [
  { kind: 'notice', label: '系统通知' },
  { kind: 'comment', label: '评论回复' },
  { kind: 'announce', label: '平台公告' },
];

export const NOTICE_TEXTS = {
  missing: '消息不存在或已删除',
  deleted: '删除成功',
  confirmDelete: '确定删除这条消息吗？',
} as const;

/** The tab a `?type=` query asks for; system notices by default. */
export function noticeKindFrom(search: string): NoticeKind {
  const t = new URLSearchParams(search).get('type');
  return NOTICE_KINDS.find((k) => k === t) ?? 'notice';
}

/** The tab's label (also used for its empty state). */
export const noticeLabel = (kind: NoticeKind) => NOTICE_TABS.find((t) => t.kind === kind)?.label ?? '';

export const fetchNotices = (type: NoticeKind, page: number, limit = 10): Promise<NoticePage> =>
  api('/member/messageList', { type, page, limit });

/** Opens the message of `?id=` (the server marks it read) and refreshes the toolbar badge. */
export async function openNotice(search: string): Promise<NoticeDetail> {
  const id = positiveInt(new URLSearchParams(search).get('id'));
  if (!id) throw new InputError(NOTICE_TEXTS.missing);
  const d = await api('/member/messageDetail', { id });
  void refreshUnread();
  return d;
}

/** 全部已读 for one tab; answers the text to show. */
export async function markAllRead(type: NoticeKind): Promise<string> {
  const { count } = await api('/member/messageSetRead', { type });
  void refreshUnread();
  return count ? `已将 ${count} 条消息标记为已读` : '没有未读消息';
}

export async function deleteNotice(id: number): Promise<void> {
  await api('/member/messageDelete', { id });
  void refreshUnread();
}

/** Agree (1) or refuse (2) a notice that asks for it; answers the message as it now stands. */
export async function answerNotice(msg: NoticeDetail, agree: 1 | 2): Promise<NoticeDetail> {
  await api('/member/messageIsAgree', { id: msg.id, is_agree: agree });
  return { ...msg, is_agree: agree };
}

/** What the consent box says once answered. */
export const answeredText = (agree: 1 | 2) => (agree === 1 ? '已同意' : '已拒绝');

export interface NoticeCenterState {
  kind: NoticeKind;
  page: number;
  /** null while a tab's first page loads. */
  data: NoticePage | null;
  error: string;
}

export const NOTICE_LIMIT = 10;

/**
 * /my/notice: one tab of notices, paged. Only the newest request's answer is shown; deleting the
 * last notice of a later page steps back a page.
 */
export function createNoticeCenter(kind: NoticeKind) {
  const $center = map<NoticeCenterState>({ kind, page: 1, data: null, error: '' });
  let latest = 0;

  async function load(): Promise<void> {
    const { kind, page } = $center.get();
    const mine = ++latest;
    $center.setKey('error', '');
    try {
      const data = await fetchNotices(kind, page, NOTICE_LIMIT);
      if (mine !== latest) return;
      if (!data.list.length && page > 1) return setPage(Math.max(1, Math.ceil(data.total / NOTICE_LIMIT)));
      $center.set({ ...$center.get(), data, error: '' });
    } catch (err) {
      if (mine === latest) $center.setKey('error', errorText(err));
    }
  }

  function setPage(page: number): Promise<void> {
    $center.setKey('page', page);
    return load();
  }

  /** Another tab starts at its first page. */
  function switchTo(kind: NoticeKind): Promise<void> {
    $center.set({ kind, page: 1, data: null, error: '' });
    return load();
  }

  /** 全部已读 for the current tab; answers the text to show. */
  async function readAll(): Promise<string> {
    const text = await markAllRead($center.get().kind);
    await load();
    return text;
  }

  async function remove(id: number): Promise<void> {
    await deleteNotice(id);
    await load();
  }

  return { $center, load, setPage, switchTo, readAll, remove };
}
