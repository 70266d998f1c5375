import type { ReactNode } from 'react';
import { PROVIDER_JOIN } from '~/lib/rules/provider';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/**
 * The gate of every provider page: a guest is asked to log in; a member without
 * service_id gets a clear page (never a 404) pointing at the application; the server checks the
 * role again on every call.
 */
export function ProviderOnly(props: { children: ReactNode }) {
  const { ready, user } = useSession();
  if (!ready) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft" data-testid="provider-login">
        <span className="i-ri-lock-2-line text-5xl text-ink-mute" />
        <p>登录后才能进入服务商管理</p>
        <button type="button" className="gf-btn-primary w-32" onClick={openLogin}>
          登录
        </button>
      </div>
    );
  }
  if (!(user.service_id > 0)) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft" data-testid="provider-not-role">
        <span className="i-ri-building-2-line text-5xl text-ink-mute" />
        <p className="text-[15px] text-ink">你还不是服务商</p>
        <p className="max-w-[420px] text-center text-sm">
          服务商可以组建教练团队、查看团队课程与订单，并按约定比例获得佣金。提交入驻申请，审核通过后即可使用服务商管理。
        </p>
        <a className="gf-btn-primary" href={PROVIDER_JOIN}>
          申请成为服务商
        </a>
      </div>
    );
  }
  return <>{props.children}</>;
}
