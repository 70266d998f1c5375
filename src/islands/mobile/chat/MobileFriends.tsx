import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Avatar } from '~/islands/chat/Avatar';
import { succeed } from '~/islands/chat/succeed';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import type { UserSearchResult } from '~/lib/chat/types';
import { CHAT_T } from '~/lib/rules/chat';
import { acceptFriend, addFriend, friendName, refuseFriend, searchUser } from '~/lib/stores/chat/contacts';
import { $friendApplications, $friends, $friendsLoaded } from '~/lib/stores/chat/state';
import { ChatGate, Centre } from './ChatGate';
import { threadHref } from './links';

/** /m/chat/friends: 添加好友 (by phone or user id), 新的朋友 with 同意/拒绝, and the friends (tap to chat). */
export default function MobileFriends() {
  return (
    <ChatGate>
      <AddFriend />
      <Applications />
      <FriendList />
    </ChatGate>
  );
}

function AddFriend() {
  const [key, setKey] = useState('');
  const [results, setResults] = useState<UserSearchResult[] | null>(null);
  const [target, setTarget] = useState<UserSearchResult | null>(null);
  const find = useAction();
  return (
    <section className="bg-white px-3 py-3">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void find.run(() => searchUser(key)).then((r) => r && setResults(r));
        }}
      >
        <input
          value={key}
          onChange={(e) => setKey(e.target.value)}
          inputMode="numeric"
          placeholder="手机号或用户 ID"
          aria-label="搜索手机号或用户 ID"
          className="gf-m-input min-w-0 flex-1"
        />
        <button type="submit" disabled={find.busy} className="gf-m-btn-primary shrink-0 px-4">
          搜索
        </button>
      </form>
      {results &&
        (results.length ? (
          <ul className="mt-2 divide-y divide-line">
            {results.map((u) => (
              <li key={u.userID} className="flex min-h-14 items-center gap-3" data-testid="m-user-result">
                <Avatar src={u.avatar} name={u.nick} />
                <span className="min-w-0 flex-1 truncate">{u.nick || u.userID}</span>
                {u.isFriend ? (
                  <a href={threadHref(`C2C${u.userID}`)} className="gf-m-btn-ghost px-3">
                    发消息
                  </a>
                ) : (
                  <button type="button" className="gf-m-btn-primary px-3" onClick={() => setTarget(u)}>
                    加好友
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-center text-sm text-ink-mute">没有找到这个用户</p>
        ))}
      {target && <AddSheet target={target} onClose={() => setTarget(null)} />}
    </section>
  );
}

function AddSheet(props: { target: UserSearchResult; onClose: () => void }) {
  const [wording, setWording] = useState('');
  const [remark, setRemark] = useState('');
  const act = useAction();
  return (
    <Sheet
      open
      title="添加好友"
      onClose={props.onClose}
      footer={
        <button
          type="button"
          disabled={act.busy}
          className="gf-m-btn-primary w-full"
          onClick={() =>
            void act
              .run(() => succeed(addFriend({ to: props.target.userID, wording, remark, groupName: '' })), { done: '好友申请已发送' })
              .then((r) => r !== undefined && props.onClose())
          }
        >
          发送申请
        </button>
      }
    >
      <p className="mb-3 flex items-center gap-3">
        <Avatar src={props.target.avatar} name={props.target.nick} />
        {props.target.nick || props.target.userID}
      </p>
      <label className="mb-1 block text-sm text-ink-soft" htmlFor="m-add-wording">
        验证信息
      </label>
      <textarea
        id="m-add-wording"
        value={wording}
        maxLength={CHAT_T.wordingMax}
        onChange={(e) => setWording(e.target.value)}
        placeholder="我是…"
        className="gf-m-input h-20 py-2"
      />
      <label className="mb-1 mt-3 block text-sm text-ink-soft" htmlFor="m-add-remark">
        备注（选填）
      </label>
      <input id="m-add-remark" value={remark} maxLength={32} onChange={(e) => setRemark(e.target.value)} className="gf-m-input" />
    </Sheet>
  );
}

function Applications() {
  const apps = useStore($friendApplications);
  const act = useAction();
  if (!apps.applicationList.length) return null;
  return (
    <section className="mt-2 bg-white" aria-label="新的朋友">
      <h2 className="px-4 pt-3 text-sm font-600 text-ink-soft">新的朋友</h2>
      <ul className="divide-y divide-line">
        {apps.applicationList.map((a) => (
          <li key={`${a.type}-${a.userID}`} className="flex items-center gap-3 px-4 py-3" data-testid="friend-application">
            <Avatar src={a.avatar} name={a.nick} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-[15px] text-ink">{a.nick || a.userID}</p>
              <p className="truncate text-xs text-ink-mute">{a.wording || (a.type === 'Pendency_Type_ComeIn' ? '请求添加你为好友' : '')}</p>
            </div>
            {a.type === 'Pendency_Type_ComeIn' ? (
              <>
                <button
                  type="button"
                  disabled={act.busy}
                  className="gf-m-btn-ghost px-3"
                  onClick={() => void act.run(() => refuseFriend(a.userID), { done: '已拒绝' })}
                >
                  拒绝
                </button>
                <button
                  type="button"
                  disabled={act.busy}
                  className="gf-m-btn-primary px-3"
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
    </section>
  );
}

function FriendList() {
  const friends = useStore($friends);
  const loaded = useStore($friendsLoaded);
  if (!loaded) return <Centre text="加载中…" />;
  if (!friends.length) return <p className="px-6 py-12 text-center text-sm text-ink-mute">{CHAT_T.noFriends}</p>;
  return (
    <section className="mt-2 bg-white" aria-label="我的好友">
      <h2 className="px-4 pt-3 text-sm font-600 text-ink-soft">我的好友（{friends.length}）</h2>
      <ul className="divide-y divide-line">
        {friends.map((f) => (
          <li key={f.userID}>
            <a href={threadHref(`C2C${f.userID}`)} className="flex min-h-14 items-center gap-3 px-4 py-2" data-testid="m-friend">
              <Avatar src={f.profile.avatar} name={friendName(f)} />
              <span className="min-w-0 flex-1 truncate text-[15px]">{friendName(f)}</span>
              <span className="i-ri-chat-3-line text-xl text-brand" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
