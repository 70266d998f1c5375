import { useStore } from '@nanostores/react';
import { CHAT_T } from '~/lib/rules/chat';
import { handleGroupApplication } from '~/lib/stores/chat/contacts';
import { $groupApplications, $groups } from '~/lib/stores/chat/state';
import { useAction } from '../../ui/useAction';
import { Avatar } from '../Avatar';
import { type GroupView, TYPE_NAME } from './labels';

export function GroupsMain(props: { view: GroupView; onChat: (cid: string) => void; onSettings: (groupID: string) => void }) {
  const groups = useStore($groups);
  const v = props.view;
  if (v.kind === 'applications') return <GroupApplications />;
  const g = v.kind === 'group' ? groups.find((x) => x.groupID === v.groupID) : undefined;
  if (!g)
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-surface-pane text-sm text-ink-mute">
        <span className="i-ri-group-2-line text-5xl text-placeholder-chat" />
        {groups.length ? '选择一个群聊查看资料' : CHAT_T.noGroups}
      </div>
    );
  return (
    <div className="flex flex-1 items-start justify-center bg-surface-pane pt-16">
      <div className="w-[420px] rounded-xl bg-white p-8 shadow-sm">
        <div className="flex items-center gap-4 border-b border-line pb-5">
          <Avatar src={g.avatar} name={g.name} size={64} group />
          <div className="min-w-0">
            <p className="truncate text-lg font-600 text-ink">{g.name}</p>
            <p className="text-sm text-ink-mute">
              {TYPE_NAME[g.type]} · {g.memberCount} 人 · 群号 {g.groupID}
            </p>
          </div>
        </div>
        <p className="mt-4 whitespace-pre-wrap text-sm text-ink-soft">{g.introduction || '暂无群简介'}</p>
        <div className="mt-6 flex gap-2">
          <button type="button" className="gf-btn-primary flex-1" onClick={() => props.onChat(`GROUP${g.groupID}`)}>
            发消息
          </button>
          <button type="button" className="gf-btn-ghost" onClick={() => props.onSettings(g.groupID)}>
            群设置
          </button>
        </div>
      </div>
    </div>
  );
}

function GroupApplications() {
  const apps = useStore($groupApplications);
  const act = useAction();
  return (
    <div className="flex-1 overflow-y-auto bg-surface-pane p-6">
      <h2 className="mb-4 text-base font-600 text-ink">入群申请</h2>
      {!apps.length ? (
        <p className="py-16 text-center text-sm text-ink-mute">{CHAT_T.noGroupApplications}</p>
      ) : (
        <ul className="space-y-2">
          {apps.map((a) => (
            <li key={a.applicationID} className="flex items-center gap-3 rounded-lg bg-white p-4">
              <Avatar src={a.applicantAvatar} name={a.applicantNick} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-ink">
                  {a.applicantNick || a.applicant} 申请加入 <b>{a.groupName}</b>
                </p>
                {a.wording && <p className="truncate text-xs text-ink-mute">{a.wording}</p>}
              </div>
              <button
                type="button"
                disabled={act.busy}
                className="gf-btn-ghost h-8 px-3"
                onClick={() => void act.run(() => handleGroupApplication(a.applicationID, false), { done: '已拒绝' })}
              >
                拒绝
              </button>
              <button
                type="button"
                disabled={act.busy}
                className="gf-btn-primary h-8 px-3"
                onClick={() => void act.run(() => handleGroupApplication(a.applicationID, true), { done: '已同意' })}
              >
                同意
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
