import type { PageSlug } from '~/lib/rules/agreements';
import { AGREEMENTS_1 } from './agreements-1';
import { AGREEMENTS_2 } from './agreements-2';

/** A fixed page: the nine agreements and 关于我们, served by slug. */
export interface SeedPage {
  slug: PageSlug;
  title: string;
  content: string;
  /** The document's own date, shown once as 最近更新 (the body carries no date of its own). */
  updated?: Date;
}

export const PAGES: SeedPage[] = [...AGREEMENTS_1, ...AGREEMENTS_2];
