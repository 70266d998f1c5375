import { badgeText } from '../../rules/badge';
import { $chatUnread } from '../unread';
import { connectChatBadge } from './badge';

/**
 * The phone's 我的 tab badge (loaded when the page is idle, signed-in visitors only): follows the
 * chat unread total; outside the chat pages (which connect in full) it opens the quiet connection.
 */
export function showChatBadge(el: HTMLElement): void {
  $chatUnread.subscribe((n) => {
    const text = badgeText(n);
    el.textContent = text;
    el.hidden = !text;
    el.setAttribute('aria-label', text ? `${text} 条未读消息` : '');
  });
  if (!location.pathname.startsWith('/m/chat')) void connectChatBadge().catch(() => undefined);
}
