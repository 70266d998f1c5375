import { invalidate } from '../../cache';
import { invalidatePages } from '../../edge/page-cache';

/** After a coach changes what catalogue lists or public pages show: the list caches and the kept guest pages. */
export function invalidateCatalogue(): void {
  invalidate('catalogue:');
  invalidatePages();
}
