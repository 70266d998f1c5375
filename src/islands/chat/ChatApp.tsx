import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { dropChatClient } from '~/lib/chat/index';
import { CHAT_T } from '~/lib/rules/chat';
import { logout } from '~/lib/stores/account';
import { logoutChat } from '~/lib/stores/chat/connect';
import { openConversation } from '~/lib/stores/chat/messages';
import { $chatUnreadBadge, $currentConversation, $friendApplications, $groupApplications, $netState } from '~/lib/stores/chat/state';
import { openLogin } from '~/lib/stores/ui';
import { img } from '~/lib/media';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';
import { useChatLogin } from './useChatLogin';
import { ConversationList } from './ConversationList';
import { FriendsMain, FriendsSide, type FriendView } from './Friends';
import { GroupSettings } from './groups/GroupSettings';
import { GroupsMain } from './groups/GroupsMain';
import { GroupsSide } from './groups/GroupsSide';
import type { GroupView } from './groups/labels';
import { MessagePane } from './MessagePane';
import { CallLayer } from './slots';

type Tab = 'conv' | 'friends' | 'groups';

/** /chat (SPEC §2 content-only chat layout): header with search and logout, the rail, lists and the pane. */
export default function ChatApp(props: { siteName: string }) {
  const { ready, user, status, retry } = useChatLogin(() => {
    const cid = new URLSearchParams(location.search).get('cid');
    // A conversation that cannot open (unknown user) is an error of its own, not a failed login.
    if (cid) void openConversation(cid).catch((err: unknown) => toast.error(err instanceof Error ? err.message : String(err)));
  });

  return (
    // The rest of the window under the layout's banner (ChatLayout fills the window): no page scroll.
    <div className="flex min-h-0 min-w-[1200px] flex-1 flex-col bg-surface-desk">
      <Header siteName={props.siteName} loggedIn={Boolean(user)} />
      <main className="mx-auto flex min-h-0 w-[1180px] flex-1 py-4">
        {!ready ? (
          <Placeholder text="" />
        ) : !user ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 rounded-xl bg-white" data-testid="chat-login-prompt">
            <span className="i-ri-chat-smile-3-line text-6xl text-brand" />
            <p className="text-base text-ink">{CHAT_T.loginToChat}</p>
            <button type="button" className="gf-btn-primary w-40" onClick={openLogin}>
              登录
            </button>
          </div>
        ) : status.phase === 'failed' ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 rounded-xl bg-white">
            <span className="i-ri-error-warning-line text-5xl text-danger" />
            <p className="max-w-[480px] text-center text-sm text-ink" role="alert">
              {status.reason}
            </p>
            <button type="button" className="gf-btn-primary w-32" onClick={retry}>
              重新连接
            </button>
          </div>
        ) : status.phase !== 'ready' ? (
          <Placeholder text={CHAT_T.connecting} />
        ) : (
          <Workspace />
        )}
      </main>
      <CallLayer />
    </div>
  );
}

function Placeholder(props: { text: string }) {
  return (
    <div className="flex flex-1 items-center justify-center rounded-xl bg-white text-sm text-ink-mute">
      {props.text && (
        <span>
          <span className="i-ri-loader-4-line animate-spin" /> {props.text}
        </span>
      )}
    </div>
  );
}

function Header(props: { siteName: string; loggedIn: boolean }) {
  const { user } = useSession();
  const out = useAction();
  const search = useRef<HTMLInputElement>(null);
  return (
    <header className="h-[58px] shrink-0 bg-white shadow-[0_1px_6px_rgba(0,0,0,.06)]">
      <div className="mx-auto flex h-full w-[1180px] items-center gap-4">
        <a href="/" className="flex items-center gap-2" aria-label={`${props.siteName}首页`}>
          <img src="/imgs/logo.svg" width="34" height="34" alt="" />
          <span className="text-xl font-700 tracking-widest text-ink">{props.siteName}</span>
        </a>
        <span className="border-l border-line pl-4 text-base text-ink-soft">聊天</span>
        <form
          role="search"
          className="ml-auto flex h-9 w-[320px] overflow-hidden rounded-full border border-line-strong focus-within:border-brand-accent"
          onSubmit={(e) => {
            e.preventDefault();
            const key = search.current?.value.trim() ?? '';
            // SPEC §2: the chat layout warns on an empty key.
            if (!key) toast.warning(CHAT_T.searchKeywordRequired);
            else window.dispatchEvent(new CustomEvent('gf-chat-search', { detail: key }));
          }}
        >
          <input
            ref={search}
            name="q"
            placeholder="搜索会话、好友、群聊"
            aria-label="搜索会话、好友、群聊"
            className="min-w-0 flex-1 px-4 text-sm outline-none"
            onChange={(e) => !e.target.value && window.dispatchEvent(new CustomEvent('gf-chat-search', { detail: '' }))}
          />
          <button type="submit" className="px-3 text-ink-soft hover:text-brand" aria-label="搜索">
            <span className="i-ri-search-line" />
          </button>
        </form>
        {user && (
          <div className="flex items-center gap-3 text-sm">
            <img src={img(user.avatar)} alt="" width={30} height={30} className="h-[30px] w-[30px] rounded-full object-cover" />
            <span className="max-w-[120px] truncate text-ink">{user.nick_name}</span>
            <button
              type="button"
              disabled={out.busy}
              className="text-ink-soft hover:text-brand"
              onClick={() =>
                void out.run(async () => {
                  await logoutChat();
                  dropChatClient();
                  // SPEC §4: logout from the chat layout goes to /.
                  await logout('home');
                })
              }
            >
              退出
            </button>
          </div>
        )}
      </div>
    </header>
  );
}

function Workspace() {
  const [tab, setTab] = useState<Tab>('conv');
  const [filter, setFilter] = useState('');
  const [friendView, setFriendView] = useState<FriendView>({ kind: 'none' });
  const [groupView, setGroupView] = useState<GroupView>({ kind: 'none' });
  const [settings, setSettings] = useState('');
  const conv = useStore($currentConversation);
  const net = useStore($netState);
  const unread = useStore($chatUnreadBadge);
  const apps = useStore($friendApplications);
  const groupApps = useStore($groupApplications);
  const act = useAction();

  useEffect(() => {
    const on = (e: Event) => setFilter((e as CustomEvent<string>).detail);
    window.addEventListener('gf-chat-search', on);
    return () => window.removeEventListener('gf-chat-search', on);
  }, []);

  function chatWith(cid: string) {
    setTab('conv');
    void act.run(() => openConversation(cid));
  }

  const incoming = apps.applicationList.filter((a) => a.type === 'Pendency_Type_ComeIn').length;
  const tabs: { id: Tab; icon: string; label: string; badge: string }[] = [
    { id: 'conv', icon: 'i-ri-chat-3-line', label: '会话', badge: unread },
    { id: 'friends', icon: 'i-ri-contacts-line', label: '好友', badge: incoming ? String(incoming) : '' },
    { id: 'groups', icon: 'i-ri-group-line', label: '群聊', badge: groupApps.length ? String(groupApps.length) : '' },
  ];
  return (
    <div className="relative flex min-h-0 flex-1 overflow-hidden rounded-xl bg-white shadow-sm">
      {net !== 'connected' && (
        <div
          role="status"
          className="absolute inset-x-0 top-0 z-20 bg-warning-light py-1.5 text-center text-xs text-warning"
          data-testid="net-banner"
        >
          <span className="i-ri-wifi-off-line" /> {CHAT_T.reconnecting}
        </div>
      )}
      <nav aria-label="聊天导航" className="flex w-[72px] shrink-0 flex-col items-center gap-1 bg-night-rail py-4">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-current={tab === t.id}
            data-testid={`chat-tab-${t.id}`}
            onClick={() => setTab(t.id)}
            className={`relative flex w-14 flex-col items-center gap-0.5 rounded-lg py-2 text-xs ${tab === t.id ? 'bg-white/10 text-brand-accent' : 'text-night-dim hover:text-white'}`}
          >
            <span className={`${t.icon} text-2xl`} />
            {t.label}
            {t.badge && (
              <span
                data-testid={`chat-tab-${t.id}-badge`}
                className="absolute right-0.5 top-0.5 min-w-[16px] rounded-full bg-danger px-1 text-center text-[10px] leading-[16px] text-white"
              >
                {t.badge}
              </span>
            )}
          </button>
        ))}
      </nav>
      <aside className="flex w-[280px] shrink-0 flex-col border-r border-line">
        <h2 className="flex h-14 shrink-0 items-center border-b border-line px-4 text-base font-600 text-ink">
          {tabs.find((t) => t.id === tab)?.label}
          {filter && (
            <button type="button" className="ml-auto text-xs font-400 text-ink-mute hover:text-brand" onClick={() => setFilter('')}>
              “{filter}”的结果 ×
            </button>
          )}
        </h2>
        {tab === 'conv' && <ConversationList filter={filter} onOpen={chatWith} />}
        {tab === 'friends' && <FriendsSide filter={filter} view={friendView} onView={setFriendView} />}
        {tab === 'groups' && <GroupsSide filter={filter} view={groupView} onView={setGroupView} onCreated={chatWith} />}
      </aside>
      {tab === 'conv' &&
        (conv ? (
          <MessagePane key={conv.conversationID} conversation={conv} onSettings={setSettings} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-surface-pane text-sm text-ink-mute">
            <span className="i-ri-chat-smile-2-line text-5xl text-placeholder-chat" />
            {CHAT_T.pickConversation}
          </div>
        ))}
      {tab === 'friends' && <FriendsMain view={friendView} onView={setFriendView} onChat={chatWith} />}
      {tab === 'groups' && <GroupsMain view={groupView} onChat={chatWith} onSettings={setSettings} />}
      {settings && <GroupSettings groupID={settings} onClose={() => setSettings('')} />}
    </div>
  );
}
