import { useEffect, useState, type MouseEvent } from 'react';
import type { SellerNavCount, SellerNavGroup } from '~/lib/rules/seller-nav';
import { sellerNavBadges } from '~/lib/stores/seller-badges';
import { $session, restoreSession } from '~/lib/stores/session';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/**
 * The management areas' left nav (SPEC §2): plain links, except that a guest clicking any item
 * gets the login dialog instead (SPEC §4). Hydrated on interaction; a click that came first is
 * replayed, so the guard holds from the first click. Entries with a count (作业点评) show it as a
 * small badge once the signed-in seller is known.
 */
export default function SellerNav(props: { label: string; groups: SellerNavGroup[]; active: string | null }) {
  const { user } = useSession();
  const [badges, setBadges] = useState<Partial<Record<SellerNavCount, string>>>({});
  const token = user?.token;
  const { groups } = props;
  useEffect(() => {
    const kinds = groups.flatMap((g) => g.links.flatMap((l) => (l.count ? [l.count] : [])));
    if (!token || kinds.length === 0) return;
    let live = true;
    void sellerNavBadges(kinds).then((b) => live && setBadges(b));
    return () => {
      live = false;
    };
  }, [token, groups]);

  function guard(e: MouseEvent<HTMLAnchorElement>) {
    restoreSession();
    if ($session.get()) return;
    e.preventDefault();
    openLogin();
  }
  return (
    <nav className="gf-card py-3" aria-label={props.label} data-testid="seller-nav">
      {props.groups.map((g) => (
        <section key={g.name} className="mb-1">
          <h2 className="flex items-center gap-1.5 px-6 py-2 text-[15px] font-600 text-ink">
            <span className={`${g.icon} text-brand`} />
            {g.name}
          </h2>
          <ul>
            {g.links.map((l) => {
              const on = props.active === l.href;
              const badge = l.count ? badges[l.count] : '';
              return (
                <li key={l.href}>
                  <a
                    href={l.href}
                    onClick={guard}
                    aria-current={on ? 'page' : undefined}
                    className={`flex items-center gap-2 py-1.5 pl-12 pr-4 text-sm ${on ? 'bg-brand-light text-brand border-r-3 border-brand-accent' : 'text-ink-soft hover:text-brand'}`}
                  >
                    {l.label}
                    {badge && (
                      <span
                        className="min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] leading-[18px] text-white"
                        data-testid={`nav-count-${l.count}`}
                      >
                        {badge}
                        <span className="sr-only">份待处理</span>
                      </span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
