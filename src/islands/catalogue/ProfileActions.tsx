import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { coachShare, createGroupShare, type ShareData } from '~/lib/stores/chat/share';
import { requireLogin } from '~/lib/stores/guard';
import { createFollow } from '~/lib/stores/social';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';

/**
 * SPEC §2 profile actions: 去分享 copies the link, 联系TA opens /chat?cid=C2C{uid} in a new tab,
 * 关注/取消关注 (SPEC §4: is_follow 0 sends 1, 1 sends 0; the info is refetched on success).
 * A coach's page also offers 分享到群聊 (`share` is the coach's card: nickname, title line, head).
 * On their own page the owner gets 编辑资料 instead of 关注 and 联系TA (SPEC §5: nobody follows
 * themself); the page HTML is the same for everyone, so this is decided once the session is known.
 */
export default function ProfileActions(props: {
  type: 'coach' | 'mechant';
  id: number;
  uid: number;
  fans: number;
  share?: { nick: string; desc: string; img: string } | undefined;
}) {
  const { ready, user } = useSession();
  const [follow] = useState(() => createFollow({ type: props.type, id: props.id, uid: props.uid }, props.fans));
  const info = useStore(follow.$follow);
  const action = useAction();
  const [picking, setPicking] = useState(false);
  const own = user !== null && user.user_id === props.uid;

  useEffect(() => {
    if (ready && user && user.user_id !== props.uid) void follow.refresh().catch(() => undefined);
  }, [ready, user, follow, props.uid]);

  async function share() {
    try {
      await navigator.clipboard.writeText(location.href);
      toast.success(T.copyOk);
    } catch {
      toast.error(T.copyFailed);
    }
  }

  function contact() {
    void action.run(async () => {
      requireLogin();
      window.open(`/chat?cid=C2C${props.uid}`, '_blank', 'noopener');
    });
  }

  function shareToGroup() {
    void action.run(async () => {
      requireLogin();
      setPicking(true);
    });
  }

  return (
    <div className="flex items-center gap-3">
      <span className="mr-2 text-sm text-white/90" data-testid="fans-count">
        {info.fans_count} 粉丝
      </span>
      <button type="button" className="gf-btn border border-white/70 text-white hover:bg-white/15" onClick={share}>
        <span className="i-ri-share-forward-line" />
        去分享
      </button>
      {props.type === 'coach' && props.share && (
        <button
          type="button"
          className="gf-btn border border-white/70 text-white hover:bg-white/15"
          onClick={shareToGroup}
          data-testid="share-group"
        >
          <span className="i-ri-group-line" />
          分享到群聊
        </button>
      )}
      {own ? (
        <a
          className="gf-btn w-28 bg-brand text-white hover:bg-brand-dark"
          href={props.type === 'coach' ? '/coach/setting' : '/mechant/setting'}
          data-testid="edit-profile"
        >
          <span className="i-ri-edit-line" />
          编辑资料
        </a>
      ) : (
        <>
          <button type="button" className="gf-btn border border-white/70 text-white hover:bg-white/15" onClick={contact}>
            <span className="i-ri-chat-3-line" />
            联系TA
          </button>
          <button
            type="button"
            disabled={action.busy}
            aria-pressed={info.is_follow === 1}
            className={`gf-btn w-28 ${info.is_follow ? 'bg-white/90 text-ink-soft' : 'bg-brand text-white hover:bg-brand-dark'}`}
            onClick={() => void action.run(follow.toggle)}
          >
            {info.is_follow ? '取消关注' : '关注'}
          </button>
        </>
      )}
      {picking && props.share && <ShareGroupDialog data={coachShare({ id: props.id, ...props.share })} onClose={() => setPicking(false)} />}
    </div>
  );
}

/** Picks one of the viewer's groups and sends the share card to it. */
function ShareGroupDialog(props: { data: ShareData; onClose: () => void }) {
  const [share] = useState(() => createGroupShare(props.data));
  const groups = useStore(share.$groups);
  const send = useAction();

  useEffect(() => {
    void share.load();
  }, [share]);

  function pick(groupID: string) {
    void send.run(() => share.shareTo(groupID), { done: T.shareOk }).then((ok) => ok && props.onClose());
  }

  return (
    <Modal open title="分享到群聊" onClose={props.onClose}>
      <div className="text-sm text-ink" data-testid="share-groups">
        {groups.phase === 'ready' ? (
          groups.list.length === 0 ? (
            <p className="py-6 text-center text-ink-mute">{T.noGroups}</p>
          ) : (
            <ul className="max-h-80 space-y-1 overflow-y-auto">
              {groups.list.map((g) => (
                <li key={g.GroupId}>
                  <button
                    type="button"
                    disabled={send.busy}
                    onClick={() => pick(g.GroupId)}
                    className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-brand-accent/8 disabled:opacity-60"
                  >
                    {g.FaceUrl ? (
                      <img src={g.FaceUrl} alt="" className="h-9 w-9 rounded object-cover" />
                    ) : (
                      <span className="i-ri-group-fill h-9 w-9 rounded bg-brand-accent/15 text-brand" />
                    )}
                    <span className="flex-1 truncate">{g.Name}</span>
                    <span className="text-xs text-brand">发送</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : groups.phase === 'error' ? (
          <p className="py-6 text-center text-red-500">
            {groups.error}
            <button type="button" className="ml-2 text-brand underline" onClick={() => void share.load()}>
              重试
            </button>
          </p>
        ) : (
          <p className="py-6 text-center text-ink-mute">加载中…</p>
        )}
      </div>
    </Modal>
  );
}
