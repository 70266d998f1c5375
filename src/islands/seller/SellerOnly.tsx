import type { ReactNode } from 'react';
import { SELLER_AREA, type SellerArea } from '~/lib/rules/seller-nav';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/**
 * The gate of every management page: a guest is asked to log in, a member without
 * the area's identity is told so and pointed at the application page, and only the owner's own
 * data is ever loaded (the server checks the role again on every call).
 */
export function SellerOnly(props: { area: SellerArea; children: ReactNode }) {
  const { ready, user } = useSession();
  const area = SELLER_AREA[props.area];
  if (!ready) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft" data-testid="seller-login">
        <span className="i-ri-lock-2-line text-5xl text-ink-mute" />
        <p>登录后才能进入{area.title}</p>
        <button type="button" className="gf-btn-primary w-32" onClick={openLogin}>
          登录
        </button>
      </div>
    );
  }
  if (user.identity !== area.identity) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft" data-testid="seller-not-role">
        <span className="i-ri-user-forbid-line text-5xl text-ink-mute" />
        <p className="text-[15px]">
          你还不是{area.who}，入驻后即可使用{area.title}
        </p>
        <a className="gf-btn-primary" href={area.join}>
          去入驻
        </a>
      </div>
    );
  }
  return <>{props.children}</>;
}
