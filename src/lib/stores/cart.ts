import { atom } from 'nanostores';
import { untypedApi } from '../api/client';

/** Lines in the member's cart, for the header badge (0 for guests or before the first count). */
export const $cartCount = atom(0);

/** Asks the server; a failure keeps the last count (the badge is a hint, not a record). */
export async function refreshCartCount(): Promise<void> {
  try {
    $cartCount.set((await untypedApi<{ count: number }>('/cart/count')).count);
  } catch {
    /* keep the last known count */
  }
}
