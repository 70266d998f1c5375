import { untypedApi } from '../api/client';
import { refreshUnread } from './unread';

export type NoticeKind = 'announce' | 'comment' | 'notice';
export const NOTICE_TABS: { kind: NoticeKind; label: string }[] = [
  { kind: 'notice', label: '系统通知' },
  { kind: 'comment', label: '评论回复' },
  { kind: 'announce', label: '平台公告' },
];

export interface NoticeItem {
  id: number;
  type: NoticeKind;
  title: string;
  summary: string;
  from_name: string;
  from_avatar: string;
  is_read: number;
  need_agree: number;
  is_agree: number;
  created_at: string;
}
export interface NoticeDetail {
  id: number;
  type: NoticeKind;
  title: string;
  content: string;
  link: string;
  from_name: string;
  need_agree: number;
  is_agree: number;
  created_at: string;
}
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

export const fetchNotices = (type: NoticeKind, page: number, limit = 10) =>
  untypedApi<Page<NoticeItem>>('/member/messageList', { type, page, limit });

/** Opens a message (the server marks it read) and refreshes the toolbar badge. */
export async function openNotice(id: number): Promise<NoticeDetail> {
  const d = await untypedApi<NoticeDetail>('/member/messageDetail', { id });
  void refreshUnread();
  return d;
}

export async function markAllRead(type: NoticeKind): Promise<number> {
  const { count } = await untypedApi<{ count: number }>('/member/messageSetRead', { type });
  void refreshUnread();
  return count;
}

export async function deleteNotice(id: number): Promise<void> {
  await untypedApi('/member/messageDelete', { id });
  void refreshUnread();
}

/** Agree (1) or refuse (2) a notice that asks for it. */
export const answerNotice = (id: number, agree: 1 | 2) => untypedApi<null>('/member/messageIsAgree', { id, is_agree: agree });
