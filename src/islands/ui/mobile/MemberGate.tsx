import type { ReactNode } from 'react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { useSession } from '~/islands/chrome/useSession';

/**
 * A mobile page's member-only part: its children for a member; for a guest, what the page is and a
 * link to /m/login that comes back here (`redirect`, SPEC §5 请先登录). Pages stay the same HTML for
 * everyone, so this decides after hydration.
 */
export function MemberGate(props: { children: ReactNode; icon?: string; text?: string }) {
  const { ready, user } = useSession();
  if (!ready) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-16 text-center text-ink-soft" data-testid="m-login-needed">
        <span className={`${props.icon ?? 'i-ri-lock-2-line'} text-5xl text-placeholder`} aria-hidden="true" />
        <p>{props.text ?? '登录后才能查看此页面'}</p>
        <a className="gf-m-btn-primary w-40" href={`${MOBILE_PATHS.login}?redirect=${encodeURIComponent(here)}`}>
          登录
        </a>
      </div>
    );
  }
  return <>{props.children}</>;
}
