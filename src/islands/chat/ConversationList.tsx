import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Conversation } from '~/lib/chat/types';
import { badgeText } from '~/lib/rules/badge';
import { CHAT_T, listTime } from '~/lib/rules/chat';
import { deleteConversation, muteConversation, pinConversation } from '~/lib/stores/chat/contacts';
import { $conversations, $conversationsLoaded, $currentID } from '~/lib/stores/chat/state';
import { useAction } from '../ui/useAction';
import { Avatar } from './Avatar';
import { ContextMenu } from './Menu';
import { convAvatar, convName } from './names';

/** Conversations: avatar, name, last message, time, unread, pinned and muted marks, a right-click menu. */
export function ConversationList(props: { filter: string; onOpen: (id: string) => void }) {
  const list = useStore($conversations);
  const loaded = useStore($conversationsLoaded);
  const current = useStore($currentID);
  const act = useAction();
  const [menu, setMenu] = useState<{ x: number; y: number; c: Conversation } | null>(null);
  const key = props.filter.trim().toLowerCase();
  const shown = key ? list.filter((c) => convName(c).toLowerCase().includes(key)) : list;

  if (!loaded) return <p className="p-6 text-center text-sm text-ink-mute">加载中…</p>;
  if (!shown.length) return <p className="p-6 text-center text-sm text-ink-mute">{key ? '没有匹配的会话' : CHAT_T.noConversations}</p>;
  return (
    <ul className="min-h-0 flex-1 overflow-y-auto" aria-label="会话列表">
      {shown.map((c) => {
        const muted = c.messageRemindType === 'AcceptNotNotify';
        const badge = badgeText(c.unreadCount);
        return (
          <li key={c.conversationID}>
            <button
              type="button"
              data-testid="conversation"
              data-cid={c.conversationID}
              aria-current={c.conversationID === current}
              onClick={() => props.onOpen(c.conversationID)}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ x: e.clientX, y: e.clientY, c });
              }}
              className={`flex w-full items-center gap-3 px-4 py-3 text-left ${c.conversationID === current ? 'bg-brand-light' : c.isPinned ? 'bg-surface-hover hover:bg-surface-pinned' : 'hover:bg-surface-hover'}`}
            >
              <span className="relative">
                <Avatar src={convAvatar(c)} name={convName(c)} group={c.type !== 'C2C'} />
                {badge && (
                  <span
                    data-testid="conversation-unread"
                    className={`absolute -right-1.5 -top-1.5 min-w-[18px] rounded-full px-1 text-center text-[11px] leading-[18px] text-white ${muted ? 'bg-ink-mute' : 'bg-danger'}`}
                  >
                    {badge}
                  </span>
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1">
                  <span className="min-w-0 flex-1 truncate text-sm text-ink">{convName(c)}</span>
                  <span className="shrink-0 text-xs text-ink-mute">{listTime(c.lastMessage?.lastTime ?? 0)}</span>
                </span>
                <span className="mt-0.5 flex items-center gap-1 text-xs text-ink-mute">
                  <span className="min-w-0 flex-1 truncate">{c.lastMessage?.messageForShow ?? ''}</span>
                  {c.isPinned && <span className="i-ri-pushpin-2-fill text-brand" title="已置顶" />}
                  {muted && <span className="i-ri-notification-off-line" title="消息免打扰" />}
                </span>
              </span>
            </button>
          </li>
        );
      })}
      {menu && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          onClose={() => setMenu(null)}
          items={[
            {
              label: menu.c.isPinned ? '取消置顶' : '置顶',
              onSelect: () => void act.run(() => pinConversation(menu.c.conversationID, !menu.c.isPinned)),
            },
            {
              label: menu.c.messageRemindType === 'AcceptNotNotify' ? '取消免打扰' : '消息免打扰',
              onSelect: () => void act.run(() => muteConversation(menu.c.conversationID, menu.c.messageRemindType !== 'AcceptNotNotify')),
            },
            { label: '删除会话', danger: true, onSelect: () => void act.run(() => deleteConversation(menu.c.conversationID)) },
          ]}
        />
      )}
    </ul>
  );
}
