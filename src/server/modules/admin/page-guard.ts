import type { AstroGlobal } from 'astro';
import { STAFF_COOKIE } from '~/lib/rules/staff';
import type { StaffUser } from '../../http/context';
import { resolveStaff } from './staff.service';

/**
 * The first line of every console page's frontmatter (a layout cannot redirect once rendering has
 * begun, so the page does it):
 *
 *   const staff = await staffPage(Astro);
 *   if (staff instanceof Response) return staff;
 *
 * No live staff session → a redirect to /admin/login that comes back here afterwards.
 */
export async function staffPage(astro: AstroGlobal): Promise<StaffUser | Response> {
  const staff = await resolveStaff(astro.cookies.get(STAFF_COOKIE)?.value ?? '');
  if (staff) return staff;
  return astro.redirect(`/admin/login?redirect=${encodeURIComponent(astro.url.pathname + astro.url.search)}`);
}
