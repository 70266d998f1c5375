import { SYSTEM_CONVERSATION } from '~/lib/chat/types';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';

/** The phone's thread page of a conversation: `?peer=` for 1:1, `?group=` for groups, `?cid=` otherwise. */
export function threadHref(conversationID: string): string {
  if (conversationID.startsWith('C2C')) return `${MOBILE_PATHS.chatThread}?peer=${encodeURIComponent(conversationID.slice(3))}`;
  if (conversationID.startsWith('GROUP')) return `${MOBILE_PATHS.chatThread}?group=${encodeURIComponent(conversationID.slice(5))}`;
  return `${MOBILE_PATHS.chatThread}?cid=${encodeURIComponent(conversationID)}`;
}

/** The conversation a thread page's query names ('' for none). */
export function conversationFromQuery(search: string): string {
  const q = new URLSearchParams(search);
  const peer = q.get('peer');
  if (peer && /^\d{1,12}$/.test(peer)) return `C2C${peer}`;
  const group = q.get('group');
  if (group && /^[\w@#-]{1,64}$/.test(group)) return `GROUP${group}`;
  const cid = q.get('cid') ?? '';
  return cid.startsWith('C2C') || cid.startsWith('GROUP') || cid === SYSTEM_CONVERSATION ? cid : '';
}
