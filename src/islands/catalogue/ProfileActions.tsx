import { useCallback, useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { openLogin } from '~/lib/stores/ui';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';

/**
 * SPEC §2 profile actions: 去分享 copies the link, 联系TA opens /chat?cid=C2C{uid} in a new tab,
 * 关注/取消关注 (SPEC §4: is_follow 0 sends 1, 1 sends 0; the info is refetched on success).
 */
export default function ProfileActions(props: { type: 'coach' | 'mechant'; id: number; uid: number; fans: number }) {
  const { ready, user } = useSession();
  const [info, setInfo] = useState({ is_follow: 0, fans_count: props.fans });
  const [busy, setBusy] = useState(false);
  const key = props.type === 'coach' ? 'coach_id' : 'shop_id';
  const infoPath = props.type === 'coach' ? '/coach/public/info' : '/shop/public/info';

  const refetch = useCallback(async () => {
    const d = await untypedApi<{ is_follow: number; fans_count: number }>(infoPath, { [key]: props.id });
    setInfo({ is_follow: d.is_follow, fans_count: d.fans_count });
  }, [infoPath, key, props.id]);

  useEffect(() => {
    if (ready && user) void refetch().catch(() => {});
  }, [ready, user, refetch]);

  async function follow() {
    if (!user) {
      toast.warning(T.loginFirst);
      return openLogin();
    }
    if (user.user_id === props.uid) return void toast.warning(T.cannotFollowSelf);
    setBusy(true);
    try {
      await untypedApi('/member/follow', { status: info.is_follow ? 0 : 1, [key]: props.id });
      await refetch();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function share() {
    try {
      await navigator.clipboard.writeText(location.href);
      toast.success(T.copyOk);
    } catch {
      toast.error(T.copyFailed);
    }
  }

  function contact() {
    if (!user) {
      toast.warning(T.loginFirst);
      return openLogin();
    }
    window.open(`/chat?cid=C2C${props.uid}`, '_blank', 'noopener');
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
        disabled={busy}
        className={`gf-btn w-28 ${info.is_follow ? 'bg-white/90 text-ink-soft' : 'bg-brand text-white hover:bg-brand-dark'}`}
        onClick={follow}
      >
        {info.is_follow ? '取消关注' : '关注'}
      </button>
    </div>
  );
}
