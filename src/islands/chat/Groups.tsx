import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { GroupMember, GroupProfile, GroupRole, JoinOption } from '~/lib/chat/types';
import { IM_LIMITS } from '~/lib/chat/protocol';
import { CHAT_T } from '~/lib/rules/chat';
import {
  createGroup,
  dismissGroup,
  friendName,
  handleGroupApplication,
  inviteMembers,
  kickMember,
  loadMembers,
  muteMember,
  quitGroup,
  setMemberRole,
  transferGroup,
  updateGroup,
} from '~/lib/stores/chat/contacts';
import { $chatUser, $friends, $groupApplications, $groupMembers, $groups, $groupsLoaded } from '~/lib/stores/chat/state';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { Avatar } from './Avatar';
import { succeed } from './succeed';

/** Seconds now, read once per mount (mute marks need no live clock). */
function useNow(): number {
  const [now] = useState(() => Date.now() / 1000);
  return now;
}

export type GroupView = { kind: 'none' } | { kind: 'group'; groupID: string } | { kind: 'applications' };

const TYPE_NAME: Record<string, string> = { Work: '好友工作群', Public: '公开群', AVChatRoom: '直播群' };
const ROLE_NAME: Record<GroupRole, string> = { Owner: '群主', Admin: '管理员', Member: '成员' };
const JOIN_NAME: Record<JoinOption, string> = { FreeAccess: '自由加入', NeedPermission: '需要验证', DisableApply: '禁止加入' };

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

/** Friends to tick (create and invite). */
function FriendPicker(props: { picked: string[]; onChange: (ids: string[]) => void; exclude?: string[] }) {
  const friends = useStore($friends).filter((f) => !props.exclude?.includes(f.userID));
  if (!friends.length)
    return <p className="py-4 text-center text-xs text-ink-mute">{props.exclude ? '好友都已在群里' : '还没有好友可以邀请'}</p>;
  return (
    <ul className="max-h-48 overflow-y-auto rounded-md border border-line">
      {friends.map((f) => (
        <li key={f.userID}>
          <label className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm hover:bg-surface-hover">
            <input
              type="checkbox"
              checked={props.picked.includes(f.userID)}
              onChange={(e) => props.onChange(e.target.checked ? [...props.picked, f.userID] : props.picked.filter((x) => x !== f.userID))}
            />
            <Avatar src={f.profile.avatar} name={friendName(f)} size={24} />
            {friendName(f)}
          </label>
        </li>
      ))}
    </ul>
  );
}

export function CreateGroupDialog(props: { onClose: () => void; onCreated: (cid: string) => void; publicOnly?: boolean }) {
  const act = useAction();
  const [form, setForm] = useState({
    type: (props.publicOnly ? 'Public' : 'Work') as 'Work' | 'Public',
    name: '',
    introduction: '',
    joinOption: 'NeedPermission' as JoinOption,
  });
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <Modal
      open
      title="创建群聊"
      width={480}
      onClose={props.onClose}
      footer={
        <button
          type="submit"
          form="create-group-form"
          disabled={act.busy}
          className="gf-btn-primary w-full"
          data-testid="create-group-submit"
        >
          创建
        </button>
      }
    >
      <form
        id="create-group-form"
        className="space-y-3 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(() => createGroup({ ...form, memberList: picked }), { done: '群聊已创建' })
            .then((g) => {
              if (g) {
                props.onClose();
                props.onCreated(`GROUP${g.groupID}`);
              }
            });
        }}
      >
        {!props.publicOnly && (
          <div className="flex gap-4">
            {(['Work', 'Public'] as const).map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input type="radio" name="gtype" checked={form.type === t} onChange={() => setForm({ ...form, type: t })} />
                {TYPE_NAME[t]}
              </label>
            ))}
          </div>
        )}
        <label className="block">
          <span className="mb-1 block text-ink-soft">群名称</span>
          <input
            value={form.name}
            maxLength={IM_LIMITS.groupNameMax}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            className="gf-input"
            data-testid="group-name"
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-ink-soft">群简介</span>
          <textarea
            value={form.introduction}
            maxLength={240}
            onChange={(e) => setForm({ ...form, introduction: e.target.value })}
            className="gf-input h-16 py-2"
          />
        </label>
        {form.type === 'Public' && (
          <JoinOptionField
            label={<span className="mb-1 block text-ink-soft">加群方式</span>}
            value={form.joinOption}
            onChange={(joinOption) => setForm({ ...form, joinOption })}
            className="gf-input"
          />
        )}
        <div>
          <span className="mb-1 block text-ink-soft">邀请好友{picked.length ? `（已选 ${picked.length}）` : ''}</span>
          <FriendPicker picked={picked} onChange={setPicked} />
        </div>
      </form>
    </Modal>
  );
}

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
      <aside className="flex h-full w-[380px] flex-col bg-white shadow-2xl" aria-label="群设置" data-testid="group-settings">
        <header className="flex h-14 shrink-0 items-center border-b border-line px-5">
          <h2 className="flex-1 text-base font-600 text-ink">群设置</h2>
          <button type="button" aria-label="关闭" onClick={props.onClose} className="text-ink-mute hover:text-ink">
            <span className="i-ri-close-line text-xl" />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm">
          <ProfileForm key={`${g.groupID}-${g.name}-${g.notification}`} g={g} editable={manager} />
          <section className="mt-5">
            <div className="mb-2 flex items-center">
              <h3 className="flex-1 font-600 text-ink">群成员（{g.memberCount}）</h3>
              {(g.type === 'Work' || manager) && (
                <button type="button" className="text-brand hover:underline" onClick={() => setInviting(true)} data-testid="invite-open">
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

function ProfileForm(props: { g: GroupProfile; editable: boolean }) {
  const { g } = props;
  const act = useAction();
  const [form, setForm] = useState({ name: g.name, introduction: g.introduction, notification: g.notification, joinOption: g.joinOption });
  if (!props.editable)
    return (
      <section className="space-y-2">
        <p>
          <span className="text-ink-mute">群名称：</span>
          {g.name}
        </p>
        <p>
          <span className="text-ink-mute">群号：</span>
          {g.groupID}
        </p>
        <p className="whitespace-pre-wrap">
          <span className="text-ink-mute">群公告：</span>
          {g.notification || '暂无'}
        </p>
        <p className="whitespace-pre-wrap">
          <span className="text-ink-mute">群简介：</span>
          {g.introduction || '暂无'}
        </p>
      </section>
    );
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const changed = Object.fromEntries(Object.entries(form).filter(([k, v]) => g[k as keyof typeof form] !== v));
        void act.run(() => updateGroup({ groupID: g.groupID, ...changed }), { done: '群资料已保存' });
      }}
    >
      <label className="block">
        <span className="text-ink-mute">群名称</span>
        <input
          value={form.name}
          maxLength={IM_LIMITS.groupNameMax}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          className="gf-input h-8"
        />
      </label>
      <label className="block">
        <span className="text-ink-mute">群公告</span>
        <textarea
          value={form.notification}
          maxLength={300}
          onChange={(e) => setForm({ ...form, notification: e.target.value })}
          className="gf-input h-16 py-1"
        />
      </label>
      <label className="block">
        <span className="text-ink-mute">群简介</span>
        <textarea
          value={form.introduction}
          maxLength={240}
          onChange={(e) => setForm({ ...form, introduction: e.target.value })}
          className="gf-input h-14 py-1"
        />
      </label>
      {g.type === 'Public' && (
        <JoinOptionField
          label={<span className="text-ink-mute">加群方式</span>}
          value={form.joinOption}
          onChange={(joinOption) => setForm({ ...form, joinOption })}
          className="gf-input h-8"
        />
      )}
      <div className="flex items-center gap-3 pt-1">
        <label className="flex flex-1 items-center gap-2">
          <input
            type="checkbox"
            checked={g.muteAllMembers}
            onChange={(e) =>
              void act.run(() => updateGroup({ groupID: g.groupID, muteAllMembers: e.target.checked }), {
                done: e.target.checked ? '已开启全员禁言' : '已关闭全员禁言',
              })
            }
          />
          全员禁言
        </label>
        <button type="submit" disabled={act.busy} className="gf-btn-primary h-8 px-4">
          保存
        </button>
      </div>
    </form>
  );
}

function MemberActions(props: { g: GroupProfile; m: GroupMember; viewerRole: GroupRole; onTransfer: () => void }) {
  const { g, m } = props;
  const act = useAction();
  const [open, setOpen] = useState(false);
  const muted = m.muteUntil > useNow();
  const items: [string, () => Promise<void>, string][] = [
    muted
      ? ['解除禁言', () => muteMember(g.groupID, m.userID, 0), '已解除禁言']
      : ['禁言 10 分钟', () => muteMember(g.groupID, m.userID, 600), '已禁言'],
    ['移出群聊', () => kickMember(g.groupID, m.userID), '已移出'],
  ];
  if (props.viewerRole === 'Owner') {
    items.unshift(
      m.role === 'Admin'
        ? ['取消管理员', () => setMemberRole(g.groupID, m.userID, 'Member'), '已取消管理员']
        : ['设为管理员', () => setMemberRole(g.groupID, m.userID, 'Admin'), '已设为管理员'],
    );
    items.push(['转让群主', async () => props.onTransfer(), '']);
  }
  return (
    <span className="relative">
      <button
        type="button"
        aria-label="成员操作"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="rounded p-0.5 text-ink-mute hover:text-brand"
      >
        <span className="i-ri-more-2-fill" />
      </button>
      {open && (
        <span className="absolute right-0 top-6 z-10 block w-28 rounded-md border border-line bg-white py-1 shadow-lg" role="menu">
          {items.map(([label, fn, done]) => (
            <button
              key={label}
              type="button"
              role="menuitem"
              disabled={act.busy}
              className="block w-full px-3 py-1 text-left hover:bg-brand-light"
              onClick={() => {
                setOpen(false);
                void act.run(fn, done ? { done } : {});
              }}
            >
              {label}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}

function InviteDialog(props: { groupID: string; exclude: string[]; onClose: () => void }) {
  const act = useAction();
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <Modal
      open
      title="邀请好友入群"
      onClose={props.onClose}
      footer={
        <button
          type="button"
          disabled={act.busy}
          className="gf-btn-primary w-full"
          data-testid="invite-submit"
          onClick={() =>
            void act
              .run(() => succeed(inviteMembers(props.groupID, picked)), { done: '已邀请' })
              .then((r) => r !== undefined && props.onClose())
          }
        >
          邀请{picked.length ? `（${picked.length}）` : ''}
        </button>
      }
    >
      <FriendPicker picked={picked} onChange={setPicked} exclude={props.exclude} />
    </Modal>
  );
}

/** 加群方式 for Public groups: the create dialog and the settings drawer offer the same three choices. */
function JoinOptionField(props: { label: ReactNode; value: JoinOption; onChange: (v: JoinOption) => void; className: string }) {
  return (
    <label className="block">
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as JoinOption)} className={props.className}>
        {(['NeedPermission', 'FreeAccess', 'DisableApply'] as const).map((j) => (
          <option key={j} value={j}>
            {JOIN_NAME[j]}
          </option>
        ))}
      </select>
    </label>
  );
}
