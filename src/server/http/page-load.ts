import { Code } from '~/lib/api/codes';
import { AppError } from './errors';

/**
 * For pages that render one record: the loaded value, or null when the service refused with "not
 * found" (AppError 404), so the page can answer 404. Any other failure (a database fault, a bug)
 * propagates and Astro renders the 500 page.
 *
 *   const c = id ? await orNotFound(courseDetail(id, null)) : null;
 *   if (!c) return new Response(null, { status: 404 });
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof AppError && err.code === Code.NOT_FOUND) return null;
    throw err;
  }
}
