import { AGREEMENTS_1 } from './agreements-1';
import { AGREEMENTS_2 } from './agreements-2';

/** A fixed page: the nine agreements and 关于我们, served by slug. */
export interface SeedPage {
  slug: string;
  title: string;
  content: string;
}

export const PAGES: SeedPage[] = [...AGREEMENTS_1, ...AGREEMENTS_2];
