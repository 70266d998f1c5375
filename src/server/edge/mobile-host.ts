import { isMobilePath } from '~/lib/rules/mobile-redirect';
import { env } from '../env';

/**
 * Where the mobile site answers (SPEC §2 "a separate mobile site"). It is served by this app under
 * `/m`; MOBILE_SITE_ORIGIN may name a second host that points at this same deployment (m.example.com
 * behind the same nginx), and then every page request to that host is a mobile one.
 */
export function mobileSiteOrigin(): string | undefined {
  const m = env().MOBILE_SITE_ORIGIN;
  if (!m) return undefined;
  return new URL(m).origin === new URL(env().SITE_URL).origin ? undefined : new URL(m).origin;
}

/** True when `host` (a Host header) is the separate mobile host. */
export function isMobileHost(host: string | null | undefined): boolean {
  const m = mobileSiteOrigin();
  return !!m && !!host && new URL(m).host === host.toLowerCase();
}

/** True when the request must go through the app's redirect guard rather than a kept desktop page. */
export function needsMobileGuard(host: string | null | undefined, path: string): boolean {
  return isMobileHost(host) && !isMobilePath(path);
}
