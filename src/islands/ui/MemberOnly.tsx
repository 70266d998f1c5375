import type { ReactNode } from 'react';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/** Renders its children for a logged-in member; a guest gets the login prompt (pages stay static). */
export function MemberOnly(props: { children: ReactNode }) {
  const { ready, user } = useSession();
  if (!ready) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft">
        <span className="i-ri-lock-2-line text-5xl text-ink-mute" />
        <p>登录后才能查看此页面</p>
        <button type="button" className="gf-btn-primary w-32" onClick={openLogin}>
          登录
        </button>
      </div>
    );
  }
  return <>{props.children}</>;
}
