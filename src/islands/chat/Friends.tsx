import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Friend, UserSearchResult } from '~/lib/chat/types';
import { CHAT_T } from '~/lib/rules/chat';
import {
  acceptFriend,
  addFriend,
  blockUser,
  createFriendGroup,
  deleteFriend,
  deleteFriendGroup,
  friendName,
  friendsByGroup,
  refuseFriend,
  renameFriendGroup,
  searchUser,
  setFriendGroup,
  unblockUser,
  updateRemark,
} from '~/lib/stores/chat/contacts';
import { $blacklist, $friendApplications, $friendGroups, $friends, $friendsLoaded, nameOf } from '~/lib/stores/chat/state';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { Avatar } from './Avatar';
import { succeed } from './succeed';

export type FriendView =
  { kind: 'none' } | { kind: 'friend'; userID: string } | { kind: 'applications' } | { kind: 'blacklist' } | { kind: 'groups' };

/** Left column of the 好友 tab: new friends, blacklist, 分组 management and the friends by 分组. */
export function FriendsSide(props: { filter: string; view: FriendView; onView: (v: FriendView) => void }) {
  const friends = useStore($friends);
  const loaded = useStore($friendsLoaded);
  const apps = useStore($friendApplications);
  const black = useStore($blacklist);
  const [adding, setAdding] = useState(false);
  const key = props.filter.trim().toLowerCase();
  const shown = key ? friends.filter((f) => friendName(f).toLowerCase().includes(key) || f.userID === key) : friends;
  const row = (active: boolean) =>
    `flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm ${active ? 'bg-brand-light' : 'hover:bg-surface-hover'}`;
  const incoming = apps.applicationList.filter((a) => a.type === 'Pendency_Type_ComeIn').length;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="px-4 py-2">
        <button type="button" className="gf-btn-ghost h-8 w-full" onClick={() => setAdding(true)} data-testid="add-friend-open">
          <span className="i-ri-user-add-line" /> 添加好友
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <button
          type="button"
          className={row(props.view.kind === 'applications')}
          onClick={() => props.onView({ kind: 'applications' })}
          data-testid="friend-applications-open"
        >
          <span className="i-ri-user-received-2-line text-xl text-brand" />
          <span className="flex-1">新的朋友</span>
          {incoming > 0 && (
            <span
              className="min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] leading-[18px] text-white"
              data-testid="friend-applications-count"
            >
              {incoming}
            </span>
          )}
        </button>
        <button type="button" className={row(props.view.kind === 'groups')} onClick={() => props.onView({ kind: 'groups' })}>
          <span className="i-ri-folder-user-line text-xl text-brand" />
          <span className="flex-1">好友分组</span>
        </button>
        <button type="button" className={row(props.view.kind === 'blacklist')} onClick={() => props.onView({ kind: 'blacklist' })}>
          <span className="i-ri-forbid-line text-xl text-ink-mute" />
          <span className="flex-1">黑名单</span>
          {black.length > 0 && <span className="text-xs text-ink-mute">{black.length}</span>}
        </button>
        {!loaded ? (
          <p className="p-6 text-center text-sm text-ink-mute">加载中…</p>
        ) : !shown.length ? (
          <p className="p-6 text-center text-sm text-ink-mute">{key ? '没有匹配的好友' : CHAT_T.noFriends}</p>
        ) : (
          friendsByGroup(shown).map((g) => (
            <section key={g.name} aria-label={g.name}>
              <h3 className="bg-surface-soft px-4 py-1 text-xs text-ink-mute">
                {g.name}（{g.friends.length}）
              </h3>
              {g.friends.map((f) => (
                <button
                  key={`${g.name}-${f.userID}`}
                  type="button"
                  data-testid="friend"
                  className={row(props.view.kind === 'friend' && props.view.userID === f.userID)}
                  onClick={() => props.onView({ kind: 'friend', userID: f.userID })}
                >
                  <Avatar src={f.profile.avatar} name={friendName(f)} size={34} />
                  <span className="truncate">{friendName(f)}</span>
                </button>
              ))}
            </section>
          ))
        )}
      </div>
      {adding && <AddFriendDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

/** Right side of the 好友 tab. */
export function FriendsMain(props: { view: FriendView; onView: (v: FriendView) => void; onChat: (cid: string) => void }) {
  const friends = useStore($friends);
  const v = props.view;
  if (v.kind === 'applications') return <Applications />;
  if (v.kind === 'blacklist') return <Blacklist />;
  if (v.kind === 'groups') return <FriendGroups />;
  const f = v.kind === 'friend' ? friends.find((x) => x.userID === v.userID) : undefined;
  if (!f) return <Empty text="选择一位好友查看资料" />;
  return <FriendCard key={f.userID} f={f} onChat={props.onChat} onGone={() => props.onView({ kind: 'none' })} />;
}

function Empty(props: { text: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-surface-pane text-sm text-ink-mute">
      <span className="i-ri-chat-smile-2-line text-5xl text-placeholder-chat" />
      {props.text}
    </div>
  );
}

function FriendCard(props: { f: Friend; onChat: (cid: string) => void; onGone: () => void }) {
  const { f } = props;
  const groups = useStore($friendGroups);
  const act = useAction();
  const [remark, setRemark] = useState(f.remark);
  const [confirm, setConfirm] = useState<'' | 'delete' | 'block'>('');
  return (
    <div className="flex flex-1 items-start justify-center bg-surface-pane pt-16">
      <div className="w-[420px] rounded-xl bg-white p-8 shadow-sm" data-testid="friend-card">
        <div className="flex items-center gap-4 border-b border-line pb-5">
          <Avatar src={f.profile.avatar} name={friendName(f)} size={64} />
          <div className="min-w-0">
            <p className="truncate text-lg font-600 text-ink">{friendName(f)}</p>
            {f.remark && <p className="text-sm text-ink-mute">昵称：{f.profile.nick}</p>}
            <p className="text-sm text-ink-mute">用户 ID：{f.userID}</p>
            {f.profile.selfSignature && <p className="mt-1 text-sm text-ink-soft">{f.profile.selfSignature}</p>}
          </div>
        </div>
        <form
          className="mt-4 flex items-center gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            void act.run(() => updateRemark(f.userID, remark), { done: '备注已保存' });
          }}
        >
          <label htmlFor="remark" className="w-12 shrink-0 text-ink-soft">
            备注
          </label>
          <input
            id="remark"
            value={remark}
            maxLength={32}
            onChange={(e) => setRemark(e.target.value)}
            className="gf-input h-8"
            placeholder="设置备注名"
          />
          <button type="submit" disabled={act.busy} className="gf-btn-ghost h-8 shrink-0 px-3">
            保存
          </button>
        </form>
        <div className="mt-3 flex items-center gap-2 text-sm">
          <label htmlFor="fgroup" className="w-12 shrink-0 text-ink-soft">
            分组
          </label>
          <select
            id="fgroup"
            className="gf-input h-8"
            value={f.groupList[0] ?? ''}
            onChange={(e) => void act.run(() => setFriendGroup(f, e.target.value), { done: '分组已更新' })}
          >
            <option value="">我的好友</option>
            {groups.map((g) => (
              <option key={g.name} value={g.name}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        <div className="mt-6 flex gap-2">
          <button type="button" className="gf-btn-primary flex-1" onClick={() => props.onChat(`C2C${f.userID}`)} data-testid="friend-chat">
            发消息
          </button>
          <button type="button" className="gf-btn-ghost" onClick={() => setConfirm('delete')}>
            删除好友
          </button>
          <button type="button" className="gf-btn-ghost" onClick={() => setConfirm('block')}>
            加入黑名单
          </button>
        </div>
      </div>
      <Modal open={Boolean(confirm)} title={confirm === 'delete' ? '删除好友' : '加入黑名单'} onClose={() => setConfirm('')}>
        <p className="text-center text-sm text-ink-soft">
          {confirm === 'delete' ? `确定删除好友“${friendName(f)}”吗？` : `加入黑名单后，你将不再收到“${friendName(f)}”的消息。`}
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
                .run(() => succeed(confirm === 'delete' ? deleteFriend(f.userID) : blockUser(f.userID)), {
                  done: confirm === 'delete' ? '已删除' : '已加入黑名单',
                })
                .then((r) => {
                  setConfirm('');
                  if (r !== undefined && confirm === 'delete') props.onGone();
                })
            }
          >
            确定
          </button>
        </div>
      </Modal>
    </div>
  );
}

function Applications() {
  const apps = useStore($friendApplications);
  const act = useAction();
  return (
    <div className="flex-1 overflow-y-auto bg-surface-pane p-6">
      <h2 className="mb-4 text-base font-600 text-ink">新的朋友</h2>
      {!apps.applicationList.length ? (
        <p className="py-16 text-center text-sm text-ink-mute">{CHAT_T.noApplications}</p>
      ) : (
        <ul className="space-y-2">
          {apps.applicationList.map((a) => (
            <li key={`${a.type}-${a.userID}`} className="flex items-center gap-3 rounded-lg bg-white p-4" data-testid="friend-application">
              <Avatar src={a.avatar} name={a.nick} />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-ink">{a.nick || a.userID}</p>
                <p className="truncate text-xs text-ink-mute">
                  {a.wording || (a.type === 'Pendency_Type_ComeIn' ? '请求添加你为好友' : '')}
                </p>
              </div>
              {a.type === 'Pendency_Type_ComeIn' ? (
                <>
                  <button
                    type="button"
                    disabled={act.busy}
                    className="gf-btn-ghost h-8 px-3"
                    onClick={() => void act.run(() => refuseFriend(a.userID), { done: '已拒绝' })}
                  >
                    拒绝
                  </button>
                  <button
                    type="button"
                    disabled={act.busy}
                    className="gf-btn-primary h-8 px-3"
                    onClick={() => void act.run(() => acceptFriend(a.userID), { done: '已添加为好友' })}
                  >
                    同意
                  </button>
                </>
              ) : (
                <span className="text-xs text-ink-mute">等待验证</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Blacklist() {
  const black = useStore($blacklist);
  const act = useAction();
  return (
    <div className="flex-1 overflow-y-auto bg-surface-pane p-6">
      <h2 className="mb-4 text-base font-600 text-ink">黑名单</h2>
      {!black.length ? (
        <p className="py-16 text-center text-sm text-ink-mute">{CHAT_T.noBlacklist}</p>
      ) : (
        <ul className="space-y-2">
          {black.map((id) => (
            <li key={id} className="flex items-center gap-3 rounded-lg bg-white p-4">
              <span className="flex-1 text-sm text-ink">{nameOf(id)}</span>
              <button
                type="button"
                disabled={act.busy}
                className="gf-btn-ghost h-8 px-3"
                onClick={() => void act.run(() => unblockUser(id), { done: '已移出黑名单' })}
              >
                移出黑名单
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FriendGroups() {
  const groups = useStore($friendGroups);
  const act = useAction();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ old: string; value: string } | null>(null);
  return (
    <div className="flex-1 overflow-y-auto bg-surface-pane p-6">
      <h2 className="mb-4 text-base font-600 text-ink">好友分组</h2>
      <form
        className="mb-4 flex max-w-md gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(() => succeed(createFriendGroup(name)), { done: '分组已创建' }).then((r) => r !== undefined && setName(''));
        }}
      >
        <input
          value={name}
          maxLength={20}
          onChange={(e) => setName(e.target.value)}
          className="gf-input h-9"
          placeholder="新分组名称"
          aria-label="新分组名称"
        />
        <button type="submit" disabled={act.busy} className="gf-btn-primary shrink-0">
          新建分组
        </button>
      </form>
      {!groups.length ? (
        <p className="py-10 text-center text-sm text-ink-mute">还没有分组，好友都在“我的好友”里</p>
      ) : (
        <ul className="max-w-md space-y-2">
          {groups.map((g) => (
            <li key={g.name} className="flex items-center gap-2 rounded-lg bg-white px-4 py-3 text-sm">
              {editing?.old === g.name ? (
                <form
                  className="flex flex-1 gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act
                      .run(() => succeed(renameFriendGroup(g.name, editing.value)), { done: '已重命名' })
                      .then((r) => r !== undefined && setEditing(null));
                  }}
                >
                  <input
                    value={editing.value}
                    maxLength={20}
                    onChange={(e) => setEditing({ old: g.name, value: e.target.value })}
                    className="gf-input h-8"
                    aria-label="分组名称"
                  />
                  <button type="submit" className="gf-btn-primary h-8 px-3">
                    保存
                  </button>
                </form>
              ) : (
                <>
                  <span className="flex-1 text-ink">
                    {g.name}（{g.count}）
                  </span>
                  <button
                    type="button"
                    className="text-ink-soft hover:text-brand"
                    onClick={() => setEditing({ old: g.name, value: g.name })}
                  >
                    重命名
                  </button>
                  <button
                    type="button"
                    className="text-ink-soft hover:text-danger"
                    onClick={() => void act.run(() => deleteFriendGroup(g.name), { done: '分组已删除' })}
                  >
                    删除
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddFriendDialog(props: { onClose: () => void }) {
  const find = useAction();
  const add = useAction();
  const groups = useStore($friendGroups);
  const [key, setKey] = useState('');
  const [results, setResults] = useState<UserSearchResult[] | null>(null);
  const [target, setTarget] = useState<UserSearchResult | null>(null);
  const [form, setForm] = useState({ wording: '', remark: '', groupName: '' });
  return (
    <Modal open title="添加好友" width={460} onClose={props.onClose}>
      {!target ? (
        <>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void find.run(() => searchUser(key)).then((r) => r && setResults(r));
            }}
          >
            <input
              value={key}
              onChange={(e) => setKey(e.target.value)}
              className="gf-input"
              placeholder="手机号或用户 ID"
              aria-label="手机号或用户 ID"
            />
            <button type="submit" disabled={find.busy} className="gf-btn-primary shrink-0">
              搜索
            </button>
          </form>
          {results && (
            <ul className="mt-4 max-h-64 overflow-y-auto">
              {!results.length && <li className="py-6 text-center text-sm text-ink-mute">没有找到该用户</li>}
              {results.map((u) => (
                <li key={u.userID} className="flex items-center gap-3 border-b border-line py-3" data-testid="search-result">
                  <Avatar src={u.avatar} name={u.nick} size={36} />
                  <span className="flex-1 text-sm">
                    {u.nick || u.userID}
                    <span className="ml-2 text-xs text-ink-mute">ID {u.userID}</span>
                  </span>
                  {u.isFriend ? (
                    <span className="text-xs text-ink-mute">已是好友</span>
                  ) : (
                    <button type="button" className="gf-btn-ghost h-8 px-3" onClick={() => setTarget(u)}>
                      加好友
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <form
          className="space-y-3 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            void add
              .run(() => succeed(addFriend({ to: target.userID, ...form })), { done: '好友申请已发送' })
              .then((r) => r !== undefined && props.onClose());
          }}
        >
          <p className="text-ink-soft">
            添加 <b className="text-ink">{target.nick || target.userID}</b> 为好友
          </p>
          <label className="block">
            <span className="mb-1 block text-ink-soft">验证信息</span>
            <textarea
              value={form.wording}
              maxLength={CHAT_T.wordingMax}
              onChange={(e) => setForm({ ...form, wording: e.target.value })}
              className="gf-input h-20 py-2"
              placeholder="我是…"
            />
          </label>
          <label className="block">
            <span className="mb-1 block text-ink-soft">备注</span>
            <input value={form.remark} maxLength={32} onChange={(e) => setForm({ ...form, remark: e.target.value })} className="gf-input" />
          </label>
          <label className="block">
            <span className="mb-1 block text-ink-soft">分组</span>
            <select value={form.groupName} onChange={(e) => setForm({ ...form, groupName: e.target.value })} className="gf-input">
              <option value="">我的好友</option>
              {groups.map((g) => (
                <option key={g.name} value={g.name}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <div className="flex gap-3 pt-2">
            <button type="button" className="gf-btn-ghost flex-1" onClick={() => setTarget(null)}>
              返回
            </button>
            <button type="submit" disabled={add.busy} className="gf-btn-primary flex-1" data-testid="add-friend-send">
              发送申请
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
