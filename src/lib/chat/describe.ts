import { messageForShow } from './show';
import type { Message } from './types';
import type { NameOf } from './group-text';

/**
 * What the chat pane says for a message that is not a plain bubble: group tips and system notices
 * (group-text.ts, shared with the conversation list's show.ts), recalls, and one-line previews.
 */
export { describeNotice, describeTip, type NameOf } from './group-text';

/** 你撤回了一条消息 / 张三撤回了一条消息. */
export function describeRecall(m: Pick<Message, 'flow' | 'nick' | 'from'>, nameOf: NameOf): string {
  return m.flow === 'out' ? '你撤回了一条消息' : `${m.nick || nameOf(m.from) || '对方'}撤回了一条消息`;
}

/** One line for previews (notifications, reply quotes): the conversation list's wording. */
export function describeShort(m: Message, viewer: string, nameOf: NameOf): string {
  return messageForShow(m, nameOf, viewer);
}
