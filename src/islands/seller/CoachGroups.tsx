import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { JoinOption } from '~/lib/chat/types';
import { img } from '~/lib/media';
import { T } from '~/lib/texts';
import { $coachGroups, $coachGroupsLoad, openCoachGroups } from '~/lib/stores/chat/coach-groups';
import { CreateGroupDialog } from '../chat/groups/CreateGroupDialog';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';

const JOIN_NAME: Record<JoinOption, string> = { FreeAccess: '自由加入', NeedPermission: '需要验证', DisableApply: '禁止加入' };

/** /coach/homepage/groupchat: the coach's own groups, and 创建群聊 (a Public group for students). */
export default function CoachGroups() {
  return (
    <SellerOnly area="coach">
      <Groups />
    </SellerOnly>
  );
}

function Groups() {
  const load = useStore($coachGroupsLoad);
  const groups = useStore($coachGroups);
  const [creating, setCreating] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let off: (() => void) | null = null;
    let gone = false;
    void openCoachGroups().then((stop) => (gone ? stop() : (off = stop)));
    return () => {
      gone = true;
      off?.();
    };
  }, [attempt]);

  return (
    <>
      <PageHead title="群聊管理">
        <button
          type="button"
          className="gf-btn-primary"
          disabled={load.phase !== 'ready'}
          onClick={() => setCreating(true)}
          data-testid="create-group"
        >
          <span className="i-ri-add-line" />
          创建群聊
        </button>
      </PageHead>
      {load.phase === 'loading' ? (
        <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>
      ) : load.phase === 'error' ? (
        <div className="flex flex-col items-center gap-3 py-16 text-sm text-ink-soft" data-testid="groups-error">
          <p>{load.error}</p>
          <button type="button" className="gf-btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </div>
      ) : groups.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-ink-soft" data-testid="groups-empty">
          <span className="i-ri-group-line text-6xl text-placeholder" />
          <p className="text-[15px]">{T.noGroups}</p>
          <p className="text-sm text-ink-mute">创建公开群后，学员可在你的主页申请入群</p>
        </div>
      ) : (
        <ul className="divide-y divide-line" data-testid="coach-groups">
          {groups.map(({ group: g, pending }) => (
            <li key={g.groupID} className="flex items-center gap-4 py-4" data-testid="coach-group">
              {g.avatar ? (
                <img src={img(g.avatar)} alt="" className="h-12 w-12 rounded object-cover" />
              ) : (
                <span className="flex h-12 w-12 items-center justify-center rounded bg-brand-light text-brand">
                  <span className="i-ri-group-fill text-2xl" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-[15px] font-600 text-ink">{g.name}</p>
                <p className="mt-1 flex gap-4 text-xs text-ink-mute">
                  <span>群ID {g.groupID}</span>
                  <span>{g.memberCount} 人</span>
                  <span>{g.type === 'Public' ? `加群方式：${JOIN_NAME[g.joinOption]}` : '好友工作群'}</span>
                </p>
                {g.introduction && <p className="mt-1 truncate text-sm text-ink-soft">{g.introduction}</p>}
              </div>
              {pending > 0 ? (
                <span className="rounded-full bg-brand-light px-3 py-1 text-xs text-brand-dark" data-testid="group-pending">
                  {pending} 条入群申请
                </span>
              ) : (
                <span className="text-xs text-ink-mute">暂无入群申请</span>
              )}
              <a href={`/chat?cid=GROUP${encodeURIComponent(g.groupID)}`} target="_blank" rel="noopener" className="gf-btn-ghost">
                在聊天中打开
              </a>
            </li>
          ))}
        </ul>
      )}
      {creating && <CreateGroupDialog publicOnly onClose={() => setCreating(false)} onCreated={() => undefined} />}
    </>
  );
}
