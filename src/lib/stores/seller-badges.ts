import { api } from '../api/client';
import { badgeText } from '../rules/badge';
import type { SellerNavCount } from '../rules/seller-nav';

/**
 * The seller nav's counts (作业点评: practice videos waiting for the caller's critique), as badge
 * texts ('' for none, 99+). A count that fails to load shows nothing: the nav stays usable and
 * the page it links to reports its own errors.
 */
export async function sellerNavBadges(kinds: readonly SellerNavCount[]): Promise<Partial<Record<SellerNavCount, string>>> {
  const out: Partial<Record<SellerNavCount, string>> = {};
  if (kinds.includes('homework')) {
    const r = await api('/seller/homework/unreviewed', {}).catch(() => null);
    if (r) out.homework = badgeText(r.count);
  }
  return out;
}
