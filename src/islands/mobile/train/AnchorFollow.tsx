import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { createFollow } from '~/lib/stores/social';
import { useSession } from '~/islands/chrome/useSession';
import { useAction } from '~/islands/ui/useAction';

/**
 * The fans count and 关注 / 取消关注 of a coach's or shop's mobile homepage (SPEC §4: is_follow 0 sends
 * 1, 1 sends 0; the info is refetched on success). A guest is sent to log in (请先登录); on their
 * own page the owner gets 编辑资料 (SPEC §5: nobody follows themself — the store refuses with
 * 不能关注自己 as well). The page HTML is the same for everyone: decided once the session is known.
 */
export default function AnchorFollow(props: { type: 'coach' | 'mechant'; id: number; uid: number; fans: number; editHref: string }) {
  const { ready, user } = useSession();
  const [follow] = useState(() => createFollow({ type: props.type, id: props.id, uid: props.uid }, props.fans));
  const info = useStore(follow.$follow);
  const action = useAction();
  const own = user !== null && user.user_id === props.uid;
  const chatWith = `${MOBILE_PATHS.chatThread}?peer=${props.uid}`;

  useEffect(() => {
    if (ready && user && user.user_id !== props.uid) void follow.refresh().catch(() => undefined);
  }, [ready, user, follow, props.uid]);

  return (
    <div className="flex items-center gap-3">
      <span className="text-sm text-white/90" data-testid="fans-count">
        {info.fans_count} 粉丝
      </span>
      {own ? (
        <>
          <a href={props.editHref} className="gf-m-btn min-w-22 border border-white/70 px-4 text-white" data-testid="edit-profile">
            编辑资料
          </a>
          {/* The owner's way to 手机开播 (SPEC live: coaches and shop owners go live). */}
          <a href={MOBILE_PATHS.liveAnchor} className="gf-m-btn bg-brand px-4 text-white" data-testid="m-go-live">
            <span className="i-ri-live-line" aria-hidden="true" />
            开播
          </a>
        </>
      ) : (
        <>
          <button
            type="button"
            disabled={action.busy}
            aria-pressed={info.is_follow === 1}
            className={`gf-m-btn min-w-22 px-4 ${info.is_follow ? 'bg-white/90 text-ink-soft' : 'bg-brand text-white'}`}
            onClick={() => void action.run(follow.toggle)}
          >
            {info.is_follow ? (
              '取消关注'
            ) : (
              <>
                <span className="i-ri-add-line" aria-hidden="true" />
                关注
              </>
            )}
          </button>
          {/* SPEC §2 联系TA: the phone's chat thread with them (a guest logs in first and comes back). */}
          <a
            href={ready && !user ? `${MOBILE_PATHS.login}?redirect=${encodeURIComponent(chatWith)}` : chatWith}
            className="gf-m-btn min-w-22 border border-white/70 px-4 text-white"
            data-testid="contact-anchor"
          >
            联系TA
          </a>
        </>
      )}
    </div>
  );
}
