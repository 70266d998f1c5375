import type { PageSlug } from '~/lib/rules/agreements';

/** A fixed page: the nine agreements and 关于我们, served by slug. */
export interface SeedPage {
  slug: PageSlug;
  title: string;
  content: string;
  /** The document's own date, shown once as 最近更新 (the body carries no date of its own). */
  updated?: Date;
}
