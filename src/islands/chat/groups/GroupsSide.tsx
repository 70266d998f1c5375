import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { CHAT_T } from '~/lib/rules/chat';
import { $groupApplications, $groups, $groupsLoaded } from '~/lib/stores/chat/state';
import { Avatar } from '../Avatar';
import { CreateGroupDialog } from './CreateGroupDialog';
import type { GroupView } from './labels';

export function GroupsSide(props: { filter: string; view: GroupView; onView: (v: GroupView) => void; onCreated: (cid: string) => void }) {
  const groups = useStore($groups);
  const loaded = useStore($groupsLoaded);
  const apps = useStore($groupApplications);
  const [creating, setCreating] = useState(false);
  const key = props.filter.trim().toLowerCase();
  const shown = key ? groups.filter((g) => g.name.toLowerCase().includes(key) || g.groupID === key) : groups;
  const row = (active: boolean) =>
    `flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm ${active ? 'bg-brand-light' : 'hover:bg-surface-hover'}`;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="px-4 py-2">
        <button type="button" className="gf-btn-ghost h-8 w-full" onClick={() => setCreating(true)} data-testid="create-group-open">
          <span className="i-ri-group-line" /> 创建群聊
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <button type="button" className={row(props.view.kind === 'applications')} onClick={() => props.onView({ kind: 'applications' })}>
          <span className="i-ri-user-add-line text-xl text-brand" />
          <span className="flex-1">入群申请</span>
          {apps.length > 0 && (
            <span className="min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] leading-[18px] text-white">
              {apps.length}
            </span>
          )}
        </button>
        {!loaded ? (
          <p className="p-6 text-center text-sm text-ink-mute">加载中…</p>
        ) : !shown.length ? (
          <p className="p-6 text-center text-sm text-ink-mute" data-testid="no-groups">
            {key ? '没有匹配的群聊' : CHAT_T.noGroups}
          </p>
        ) : (
          shown.map((g) => (
            <button
              key={g.groupID}
              type="button"
              data-testid="group"
              className={row(props.view.kind === 'group' && props.view.groupID === g.groupID)}
              onClick={() => props.onView({ kind: 'group', groupID: g.groupID })}
            >
              <Avatar src={g.avatar} name={g.name} size={34} group />
              <span className="min-w-0 flex-1 truncate">{g.name}</span>
              <span className="text-xs text-ink-mute">{g.memberCount}人</span>
            </button>
          ))
        )}
      </div>
      {creating && <CreateGroupDialog onClose={() => setCreating(false)} onCreated={props.onCreated} />}
    </div>
  );
}
