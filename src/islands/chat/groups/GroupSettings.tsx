import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { GroupMember } from '~/lib/chat/types';
import { dismissGroup, loadMembers, quitGroup, transferGroup } from '~/lib/stores/chat/contacts';
import { $chatUser, $groupMembers, $groups } from '~/lib/stores/chat/state';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { Avatar } from '../Avatar';
import { succeed } from '../succeed';
import { InviteDialog } from './InviteDialog';
import { MemberActions } from './MemberActions';
import { ProfileForm } from './ProfileForm';
import { ROLE_NAME, useNow } from './labels';

/** The settings drawer: profile, notification, join option, mute all, members 30 a page, leave/dismiss/transfer. */
export function GroupSettings(props: { groupID: string; onClose: () => void }) {
  const groups = useStore($groups);
  const members = useStore($groupMembers);
  const me = useStore($chatUser)?.userID ?? '';
  const act = useAction();
  const g = groups.find((x) => x.groupID === props.groupID);
  const [inviting, setInviting] = useState(false);
  const [confirm, setConfirm] = useState<'' | 'quit' | 'dismiss'>('');
  const [transferTo, setTransferTo] = useState<GroupMember | null>(null);
  const [loadError, setLoadError] = useState('');
  const now = useNow();

  useEffect(() => {
    loadMembers(props.groupID).then(
      () => setLoadError(''),
      (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)),
    );
  }, [props.groupID]);

  if (!g) return null;
  const role = g.selfInfo?.role ?? 'Member';
  const manager = role !== 'Member';
  const list = members.groupID === g.groupID ? members.list : [];
  return (
    <div
      className="fixed inset-0 z-900 flex justify-end bg-black/25"
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}
    >
      <aside
        className="flex h-full w-full flex-col bg-white pb-[env(safe-area-inset-bottom)] shadow-2xl sm:w-[380px]"
        aria-label="群设置"
        data-testid="group-settings"
      >
        <header className="flex h-14 shrink-0 items-center border-b border-line px-5">
          <h2 className="flex-1 text-base font-600 text-ink">群设置</h2>
          <button
            type="button"
            aria-label="关闭"
            onClick={props.onClose}
            className="-mr-3 flex h-11 w-11 items-center justify-center text-ink-mute hover:text-ink sm:(mr-0 h-auto w-auto)"
          >
            <span className="i-ri-close-line text-xl" />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm">
          <ProfileForm key={`${g.groupID}-${g.name}-${g.notification}`} g={g} editable={manager} />
          <section className="mt-5">
            <div className="mb-2 flex items-center">
              <h3 className="flex-1 font-600 text-ink">群成员（{g.memberCount}）</h3>
              {(g.type === 'Work' || manager) && (
                <button
                  type="button"
                  className="min-h-11 px-2 text-brand hover:underline sm:(min-h-0 px-0)"
                  onClick={() => setInviting(true)}
                  data-testid="invite-open"
                >
                  邀请好友
                </button>
              )}
            </div>
            {loadError && <p className="text-danger">{loadError}</p>}
            <ul data-testid="member-list">
              {list.map((m) => (
                <li key={m.userID} className="flex items-center gap-2 py-1.5">
                  <Avatar src={m.avatar} name={m.nick} size={28} />
                  <span className="min-w-0 flex-1 truncate">
                    {m.nameCard || m.nick || m.userID}
                    {m.userID === me && <span className="text-ink-mute">（我）</span>}
                  </span>
                  {m.role !== 'Member' && (
                    <span className={`rounded px-1.5 text-xs ${m.role === 'Owner' ? 'bg-brand text-white' : 'bg-brand-light text-brand'}`}>
                      {ROLE_NAME[m.role]}
                    </span>
                  )}
                  {m.muteUntil > now && <span className="i-ri-volume-mute-line text-ink-mute" title="禁言中" />}
                  {m.userID !== me && manager && (role === 'Owner' || m.role === 'Member') && m.role !== 'Owner' && (
                    <MemberActions g={g} m={m} viewerRole={role} onTransfer={() => setTransferTo(m)} />
                  )}
                </li>
              ))}
            </ul>
            {!members.completed && members.groupID === g.groupID && (
              <button
                type="button"
                className="mt-2 w-full text-center text-ink-soft hover:text-brand"
                onClick={() => void act.run(() => loadMembers(g.groupID, true))}
              >
                加载更多成员
              </button>
            )}
          </section>
        </div>
        <footer className="shrink-0 border-t border-line p-4">
          {role === 'Owner' ? (
            <button
              type="button"
              className="gf-btn w-full border border-danger text-danger hover:bg-danger-light"
              onClick={() => setConfirm('dismiss')}
            >
              解散群聊
            </button>
          ) : (
            <button
              type="button"
              className="gf-btn w-full border border-danger text-danger hover:bg-danger-light"
              onClick={() => setConfirm('quit')}
            >
              退出群聊
            </button>
          )}
        </footer>
      </aside>
      {inviting && <InviteDialog groupID={g.groupID} exclude={list.map((m) => m.userID)} onClose={() => setInviting(false)} />}
      <Modal open={Boolean(confirm)} title={confirm === 'dismiss' ? '解散群聊' : '退出群聊'} onClose={() => setConfirm('')}>
        <p className="text-center text-sm text-ink-soft">
          {confirm === 'dismiss' ? `解散后所有成员将被移出“${g.name}”，且无法恢复。` : `确定退出“${g.name}”吗？`}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className="gf-btn-ghost w-28" onClick={() => setConfirm('')}>
            取消
          </button>
          <button
            type="button"
            disabled={act.busy}
            className="gf-btn-primary w-28"
            onClick={() =>
              void act
                .run(() => succeed(confirm === 'dismiss' ? dismissGroup(g.groupID) : quitGroup(g.groupID)), {
                  done: confirm === 'dismiss' ? '群聊已解散' : '已退出群聊',
                })
                .then((r) => {
                  setConfirm('');
                  if (r !== undefined) props.onClose();
                })
            }
          >
            确定
          </button>
        </div>
      </Modal>
      <Modal open={Boolean(transferTo)} title="转让群主" onClose={() => setTransferTo(null)}>
        <p className="text-center text-sm text-ink-soft">
          确定把群主转让给“{transferTo?.nick || transferTo?.userID}”吗？转让后你将成为普通成员。
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className="gf-btn-ghost w-28" onClick={() => setTransferTo(null)}>
            取消
          </button>
          <button
            type="button"
            disabled={act.busy}
            className="gf-btn-primary w-28"
            onClick={() =>
              transferTo &&
              void act.run(() => transferGroup(g.groupID, transferTo.userID), { done: '群主已转让' }).then(() => setTransferTo(null))
            }
          >
            确定
          </button>
        </div>
      </Modal>
    </div>
  );
}
