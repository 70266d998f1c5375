import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { managementLinks, roleName } from '~/lib/rules/roles';
import { badgeText } from '~/lib/rules/badge';
import { $cartCount, refreshCartCount } from '~/lib/stores/cart';
import { $shopCancelStatus, loadShopCancelStatus } from '~/lib/stores/shop-cancel';
import { logout } from '~/lib/stores/account';
import { openLogin } from '~/lib/stores/ui';
import { img } from '~/lib/media';
import { useAction } from '../ui/useAction';
import { useSession } from './useSession';

/**
 * The right side of the header (SPEC §2): cart (guests get the login dialog), then either 登录 or
 * 我的课程 plus the avatar whose hover popover holds the member and role menus and 退出登录.
 */
export default function HeaderUser(props: { afterLogout: 'home' | 'reload' }) {
  const { ready, user } = useSession();
  const cartCount = useStore($cartCount);
  const shopCancelStatus = useStore($shopCancelStatus);
  const out = useAction();
  useEffect(() => {
    if (user) void refreshCartCount();
    else $cartCount.set(0);
    // SPEC §4/§6: a shop owner's management link depends on the shop's cancel status.
    void loadShopCancelStatus(user);
  }, [user]);

  const cart = (
    <a
      href="/cart"
      aria-label="购物车"
      className="relative flex h-9 w-9 items-center justify-center rounded-full text-ink-soft hover:(bg-brand-light text-brand)"
      onClick={(e) => {
        if (!user) {
          e.preventDefault();
          openLogin();
        }
      }}
    >
      <span className="i-ri-shopping-cart-2-line text-xl" />
      {user && cartCount > 0 && (
        <span
          className="absolute -right-1 -top-1 min-w-4 rounded-full bg-danger px-1 text-center text-[11px] leading-4 text-white"
          data-testid="cart-badge"
        >
          {badgeText(cartCount)}
        </span>
      )}
    </a>
  );

  if (!ready) return <div className="h-9 w-[170px] shrink-0" aria-hidden="true" />;

  if (!user) {
    return (
      <div className="flex shrink-0 items-center gap-3 whitespace-nowrap">
        {cart}
        <button type="button" className="gf-btn-primary h-8 rounded-full px-5" onClick={openLogin}>
          登录
        </button>
      </div>
    );
  }

  const menu = [
    { label: '个人中心', href: '/my/order/goods' },
    { label: '个人主页', href: '/my/homepage' },
    ...managementLinks(user, shopCancelStatus),
    { label: '账号设置', href: '/account/setting' },
    { label: '意见反馈', href: '/account/other' },
  ];

  return (
    <div className="flex shrink-0 items-center gap-3 whitespace-nowrap">
      {cart}
      <a href="/my/course" className="gf-link text-sm">
        我的课程
      </a>
      <div className="group relative">
        <a href="/my/order/goods" className="flex items-center gap-2" aria-label="个人中心">
          <img
            src={img(user.avatar)}
            width={34}
            height={34}
            alt=""
            className="h-[34px] w-[34px] rounded-full border border-line object-cover"
          />
          {/* 13em: 13 characters, as much as the 1180px header has beside the menu and the search box
              at its 180px minimum; a longer nickname ends in … with the whole of it as the tooltip. */}
          <span className="max-w-[13em] truncate text-sm text-ink" title={user.nick_name} data-testid="header-nick">
            {user.nick_name}
          </span>
        </a>
        <div className="invisible absolute right-0 top-full z-50 pt-2 opacity-0 transition-opacity group-hover:(visible opacity-100) group-focus-within:(visible opacity-100)">
          <div className="w-44 rounded-lg bg-white py-2 shadow-lg ring-1 ring-black/5">
            <div className="border-b border-line px-4 pb-2 text-xs text-ink-mute">
              {roleName(user)} · ID {user.user_id}
            </div>
            <ul role="menu">
              {menu.map((m) => (
                <li key={m.href} role="none">
                  <a role="menuitem" href={m.href} className="block px-4 py-2 text-sm text-ink hover:(bg-brand-light text-brand)">
                    {m.label}
                  </a>
                </li>
              ))}
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  disabled={out.busy}
                  onClick={() => void out.run(() => logout(props.afterLogout))}
                  className="block w-full px-4 py-2 text-left text-sm text-ink hover:(bg-brand-light text-brand)"
                >
                  退出登录
                </button>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </div>
  );
}
