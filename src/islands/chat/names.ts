import { SYSTEM_CONVERSATION, type Conversation } from '~/lib/chat/types';

/** The name a conversation shows: remark, nick, group name; 群系统通知 for the system one. */
export function convName(c: Conversation): string {
  if (c.conversationID === SYSTEM_CONVERSATION) return '群系统通知';
  if (c.type === 'GROUP') return c.groupProfile?.name || c.conversationID.slice(5);
  return c.userProfile?.remark || c.userProfile?.nick || c.conversationID.slice(3);
}

export function convAvatar(c: Conversation): string {
  return c.type === 'GROUP' ? (c.groupProfile?.avatar ?? '') : (c.userProfile?.avatar ?? '');
}
