import { sql } from 'drizzle-orm';
import { database } from './index';

/**
 * The tables whose statistics and visibility maps the catalogue's plans rely on: the list indexes
 * are read index-only for capped counts and deep pages, the postings decide a search's plan (the
 * catalogue's and the site search's).
 */
const TABLES = [
  'goods',
  'courses',
  'lessons',
  'goods_postings',
  'course_postings',
  'classes',
  'coaches',
  'shops',
  // The site search's index: its walks read the postings in order and the entries by key.
  'search_entries',
  'search_postings',
  'search_token_counts',
];

/**
 * VACUUM (ANALYZE) of the catalogue tables. PostgreSQL's autovacuum does this by itself; embedded
 * PGlite has no background workers, so the job runner calls this every half hour and
 * `npm run migrate` after seeding (docs/PERFORMANCE.md, "Search and lists at scale").
 */
export async function vacuumCatalogue(): Promise<void> {
  const { db } = database();
  for (const t of TABLES) await db.execute(sql.raw(`VACUUM (ANALYZE) ${t}`));
}
