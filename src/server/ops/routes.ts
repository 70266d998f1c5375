import { knownPaths } from '../http/endpoint';

/** Page routes seen so far; past this many, new ones are counted together (label cardinality). */
const MAX_PAGE_ROUTES = 300;
const pageRoutes = new Set<string>();

/**
 * The `route` label of a request's metrics: a bounded set, never raw client input. API paths are
 * the registered endpoints (anything else is `/api/unknown`); pages are their path with numeric
 * segments as `:id` (`/live/room/:id`), 404s are `not_found`, and built files are `static`.
 */
export function routeLabel(rawUrl: string, status: number, kind: 'static' | 'app'): string {
  if (kind === 'static') return 'static';
  const q = rawUrl.indexOf('?');
  const path = (q >= 0 ? rawUrl.slice(0, q) : rawUrl).replace(/\/+$/, '') || '/';
  if (path === '/api' || path.startsWith('/api/')) return knownPaths.has(path) ? path : '/api/unknown';
  if (path.startsWith('/uploads/')) return '/uploads';
  if (path.startsWith('/media/live/')) return '/media/live';
  if (status === 404) return 'not_found';
  if (!/^[\w\-/.]{1,100}$/.test(path)) return 'other';
  const label = path.replace(/\/\d+(?=\/|$)/g, '/:id');
  if (pageRoutes.has(label)) return label;
  if (pageRoutes.size >= MAX_PAGE_ROUTES) return 'other';
  pageRoutes.add(label);
  return label;
}
