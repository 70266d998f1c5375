import type { ApiContext } from '../../http/context';
import { currentUser } from '../../http/endpoint';

/** The logged-in caller's id on a public endpoint (personalises is_follow / is_favorite), or null. */
export async function viewerId(c: ApiContext): Promise<number | null> {
  return (await currentUser(c))?.id ?? null;
}
