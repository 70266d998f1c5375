import { PAGES_A } from './pages-a';
import { PAGES_B } from './pages-b';

/** A fixed page: the nine agreements and 关于我们, served by slug. */
export interface SeedPage {
  slug: string;
  title: string;
  content: string;
}

export const PAGES: SeedPage[] = [...PAGES_A, ...PAGES_B];
