import type { MouseEvent } from 'react';
import type { SellerNavGroup } from '~/lib/rules/seller-nav';
import { $session, restoreSession } from '~/lib/stores/session';
import { openLogin } from '~/lib/stores/ui';

/**
 * The management areas' left nav (SPEC §2): plain links, except that a guest clicking any item
 * gets the login dialog instead (SPEC §4). Hydrated on interaction; a click that came first is
 * replayed, so the guard holds from the first click.
 */
export default function SellerNav(props: { label: string; groups: SellerNavGroup[]; active: string | null }) {
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
              return (
                <li key={l.href}>
                  <a
                    href={l.href}
                    onClick={guard}
                    aria-current={on ? 'page' : undefined}
                    className={`block py-1.5 pl-12 text-sm ${on ? 'bg-brand-light text-brand border-r-3 border-brand-accent' : 'text-ink-soft hover:text-brand'}`}
                  >
                    {l.label}
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
