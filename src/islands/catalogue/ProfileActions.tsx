import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { requireLogin } from '~/lib/stores/guard';
import { createFollow } from '~/lib/stores/social';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';

/**
 * SPEC §2 profile actions: 去分享 copies the link, 联系TA opens /chat?cid=C2C{uid} in a new tab,
 * 关注/取消关注 (SPEC §4: is_follow 0 sends 1, 1 sends 0; the info is refetched on success).
 */
export default function ProfileActions(props: { type: 'coach' | 'mechant'; id: number; uid: number; fans: number }) {
  const { ready, user } = useSession();
  const [follow] = useState(() => createFollow({ type: props.type, id: props.id, uid: props.uid }, props.fans));
  const info = useStore(follow.$follow);
  const action = useAction();

  useEffect(() => {
    if (ready && user) void follow.refresh().catch(() => undefined);
  }, [ready, user, follow]);

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

  return (
    <div className="flex items-center gap-3">
      <span className="mr-2 text-sm text-white/90" data-testid="fans-count">
        {info.fans_count} 粉丝
      </span>
      <button type="button" className="gf-btn border border-white/70 text-white hover:bg-white/15" onClick={share}>
        <span className="i-ri-share-forward-line" />
        去分享
      </button>
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
    </div>
  );
}
