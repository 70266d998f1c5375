import type { GroupProfile, Message } from '~/lib/chat/types';
import { mayRecall } from '~/lib/rules/chat';
import { deleteMessage, recallMessage } from '~/lib/stores/chat/messages';
import { toast } from '~/lib/toast';
import type { MenuItem } from './Menu';

/**
 * A message's actions (the desktop's right-click menu, the phone's long-press sheet): 复制 for text,
 * 撤回 within the recall window (group owners and admins any time), 删除, and 举报 for others'.
 */
export function messageMenu(
  m: Message,
  now: number,
  ctx: { c2c: boolean; group: GroupProfile | undefined; run: (fn: () => Promise<unknown>) => void; onReport?: (m: Message) => void },
): MenuItem[] {
  const items: MenuItem[] = [];
  if (m.type === 'TIMTextElem')
    items.push({
      label: '复制',
      onSelect: () =>
        void navigator.clipboard.writeText(m.payload.text).then(
          () => toast.success('已复制'),
          () => toast.error('复制失败'),
        ),
    });
  const manager = ctx.group?.selfInfo && ctx.group.selfInfo.role !== 'Member';
  if (m.status === 'success' && (mayRecall(m, now) || (manager && !ctx.c2c)))
    items.push({ label: '撤回', onSelect: () => ctx.run(() => recallMessage(m)) });
  items.push({ label: '删除', danger: true, onSelect: () => ctx.run(() => deleteMessage(m)) });
  const report = ctx.onReport;
  if (report && m.flow === 'in' && m.status === 'success') items.push({ label: '举报', danger: true, onSelect: () => report(m) });
  return items;
}
