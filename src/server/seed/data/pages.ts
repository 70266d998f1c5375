import type { SeedPage } from './seed-page';
import { AGREEMENTS_1 } from './agreements-1';
import { AGREEMENTS_2 } from './agreements-2';

/** Every fixed page the seed writes. */
export const PAGES: SeedPage[] = [...AGREEMENTS_1, ...AGREEMENTS_2];
