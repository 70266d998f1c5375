import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Avatar } from '~/islands/chat/Avatar';
import { convAvatar, convName } from '~/islands/chat/names';
import { useLongPress } from '~/islands/chat/useLongPress';
import { ActionSheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import type { Conversation } from '~/lib/chat/types';
import { badgeText } from '~/lib/rules/badge';
import { CHAT_T, listTime } from '~/lib/rules/chat';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { deleteConversation, muteConversation, pinConversation } from '~/lib/stores/chat/contacts';
import { $conversations, $conversationsLoaded, $friendApplications, $groupApplications } from '~/lib/stores/chat/state';
import { ChatGate, Centre } from './ChatGate';
import { threadHref } from './links';

/** /m/chat: 好友 and 群聊 entries, then the conversations (pinned first); a long press offers 置顶/免打扰/删除. */
export default function MobileChatList() {
  return (
    <ChatGate>
      <Entries />
      <List />
    </ChatGate>
  );
}

function Entries() {
  const apps = useStore($friendApplications);
  const groupApps = useStore($groupApplications);
  const incoming = apps.applicationList.filter((a) => a.type === 'Pendency_Type_ComeIn').length;
  const entries = [
    { href: MOBILE_PATHS.chatFriends, icon: 'i-ri-contacts-line', label: '好友', badge: incoming },
    { href: MOBILE_PATHS.chatGroup, icon: 'i-ri-group-line', label: '群聊', badge: groupApps.length },
  ];
  return (
    <nav className="grid grid-cols-2 gap-2 bg-white px-3 py-2" aria-label="通讯录">
      {entries.map((e) => (
        <a
          key={e.href}
          href={e.href}
          className="relative flex min-h-12 items-center justify-center gap-2 rounded-lg bg-page text-[15px] text-ink"
        >
          <span className={`${e.icon} text-xl text-brand`} aria-hidden="true" />
          {e.label}
          {e.badge > 0 && (
            <span className="min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] leading-[18px] text-white">
              {badgeText(e.badge)}
            </span>
          )}
        </a>
      ))}
    </nav>
  );
}

function List() {
  const list = useStore($conversations);
  const loaded = useStore($conversationsLoaded);
  const act = useAction();
  const [sheet, setSheet] = useState<Conversation | null>(null);

  if (!loaded) return <Centre text="加载中…" />;
  if (!list.length)
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-16 text-center text-sm text-ink-mute" data-testid="m-chat-empty">
        <span className="i-ri-chat-smile-2-line text-5xl text-placeholder" aria-hidden="true" />
        {CHAT_T.noConversations}
      </div>
    );
  // Pinned first, each part newest first (the server's order within them).
  const shown = [...list.filter((c) => c.isPinned), ...list.filter((c) => !c.isPinned)];
  const muted = sheet?.messageRemindType === 'AcceptNotNotify';
  return (
    <>
      <ul className="mt-2 divide-y divide-line bg-white" aria-label="会话列表">
        {shown.map((c) => (
          <Row key={c.conversationID} c={c} onPress={() => setSheet(c)} />
        ))}
      </ul>
      <ActionSheet
        open={sheet !== null}
        onClose={() => setSheet(null)}
        actions={
          sheet
            ? [
                {
                  label: sheet.isPinned ? '取消置顶' : '置顶',
                  onSelect: () => void act.run(() => pinConversation(sheet.conversationID, !sheet.isPinned)),
                },
                {
                  label: muted ? '取消免打扰' : '消息免打扰',
                  onSelect: () => void act.run(() => muteConversation(sheet.conversationID, !muted)),
                },
                { label: '删除会话', danger: true, onSelect: () => void act.run(() => deleteConversation(sheet.conversationID)) },
              ]
            : []
        }
      />
    </>
  );
}

function Row(props: { c: Conversation; onPress: () => void }) {
  const { c } = props;
  const press = useLongPress(props.onPress);
  const muted = c.messageRemindType === 'AcceptNotNotify';
  const badge = badgeText(c.unreadCount);
  return (
    <li className={c.isPinned ? 'bg-surface-hover' : ''}>
      <a
        href={threadHref(c.conversationID)}
        data-testid="conversation"
        data-cid={c.conversationID}
        className="flex min-h-[68px] items-center gap-3 px-4 py-2.5 [-webkit-touch-callout:none]"
        {...press}
      >
        <span className="relative shrink-0">
          <Avatar src={convAvatar(c)} name={convName(c)} group={c.type !== 'C2C'} size={46} />
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
            <span className="min-w-0 flex-1 truncate text-base text-ink">{convName(c)}</span>
            <span className="shrink-0 text-xs text-ink-mute">{listTime(c.lastMessage?.lastTime ?? 0)}</span>
          </span>
          <span className="mt-0.5 flex items-center gap-1 text-sm text-ink-mute">
            <span className="min-w-0 flex-1 truncate">{c.lastMessage?.messageForShow ?? ''}</span>
            {c.isPinned && <span className="i-ri-pushpin-2-fill text-brand" title="已置顶" />}
            {muted && <span className="i-ri-notification-off-line" title="消息免打扰" />}
          </span>
        </span>
      </a>
    </li>
  );
}
