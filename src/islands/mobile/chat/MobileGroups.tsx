import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Avatar } from '~/islands/chat/Avatar';
import { CreateGroupDialog } from '~/islands/chat/groups/CreateGroupDialog';
import { GroupSettings } from '~/islands/chat/groups/GroupSettings';
import { CHAT_T } from '~/lib/rules/chat';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { $groups, $groupsLoaded } from '~/lib/stores/chat/state';
import { ChatGate, Centre } from './ChatGate';
import { threadHref } from './links';

/**
 * /m/chat/group: the member's groups (tap to chat), 创建群聊, and with `?id=` that group's settings
 * (name, notice, members, invite/remove for the owner, leave/dismiss) — the desktop's group parts.
 */
export default function MobileGroups() {
  const [settings, setSettings] = useState(() =>
    typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('id') ?? ''),
  );
  const [creating, setCreating] = useState(false);
  const groups = useStore($groups);
  const loaded = useStore($groupsLoaded);
  const closeSettings = () => {
    setSettings('');
    history.replaceState(null, '', MOBILE_PATHS.chatGroup);
  };
  return (
    <ChatGate>
      <div className="bg-white px-3 py-2">
        <button type="button" className="gf-m-btn-ghost w-full" onClick={() => setCreating(true)} data-testid="create-group-open">
          <span className="i-ri-group-line" aria-hidden="true" /> 创建群聊
        </button>
      </div>
      {!loaded ? (
        <Centre text="加载中…" />
      ) : !groups.length ? (
        <p className="px-6 py-12 text-center text-sm text-ink-mute" data-testid="no-groups">
          {CHAT_T.noGroups}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-line bg-white" aria-label="我的群聊">
          {groups.map((g) => (
            <li key={g.groupID} className="flex items-center">
              <a
                href={threadHref(`GROUP${g.groupID}`)}
                className="flex min-h-16 min-w-0 flex-1 items-center gap-3 px-4 py-2"
                data-testid="group"
              >
                <Avatar src={g.avatar} name={g.name} size={44} group />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-[15px] text-ink">{g.name}</span>
                  <span className="text-xs text-ink-mute">{g.memberCount}人</span>
                </span>
              </a>
              <button
                type="button"
                className="flex h-12 w-12 shrink-0 items-center justify-center text-ink-soft"
                aria-label={`${g.name}的群设置`}
                onClick={() => {
                  setSettings(g.groupID);
                  history.replaceState(null, '', `${MOBILE_PATHS.chatGroup}?id=${encodeURIComponent(g.groupID)}`);
                }}
              >
                <span className="i-ri-settings-3-line text-xl" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* The desktop's dialogs, with 16 px fields on the phone (no zoom on focus in iOS). */}
      <div className="[&_input]:text-base [&_select]:text-base [&_textarea]:text-base">
        {creating && <CreateGroupDialog onClose={() => setCreating(false)} onCreated={(cid) => location.assign(threadHref(cid))} />}
        {settings && loaded && <GroupSettings groupID={settings} onClose={closeSettings} />}
      </div>
    </ChatGate>
  );
}
