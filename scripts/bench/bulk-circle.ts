/**
 * Bench data for 功夫圈: adds posts until the circle holds `--total=N` (100,000 by default) in the
 * database named by the environment (DATA_DIR for PGlite, DATABASE_URL for PostgreSQL), after
 * `npm run migrate` has seeded it. Authors are the seeded users; texts are built from training
 * words (so searches match many posts), a third carry images, likes and comments vary, and
 * creation times go back one minute per post, oldest first, so ids follow time as in real use.
 *   npx tsx scripts/bench/bulk-circle.ts --total=100000
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, database } from '../../src/server/db';

const arg = process.argv.find((a) => a.startsWith('--total='));
const total = Math.max(0, Math.floor(Number(arg?.slice('--total='.length) ?? 100_000)));

const WORDS = [
  '晨练',
  '站桩',
  '太极',
  '咏春',
  '少林',
  '八卦掌',
  '散打',
  '压腿',
  '扎马步',
  '推手',
  '形意',
  '南拳',
  '长拳',
  '基本功',
  '套路',
];
const CITIES = ['北京', '上海', '广州', '佛山', '郑州', '杭州', '成都', '武汉', '西安', '天津'];
const arr = (xs: string[]) => `ARRAY[${xs.map((w) => `'${w}'`).join(',')}]::text[]`;

const started = Date.now();
const handle = database();
try {
  const db = handle.db;
  const have = Number((await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM circle_posts`)).rows[0]?.n ?? 0);
  const add = Math.max(0, total - have);
  if (add > 0) {
    // Batches keep PGlite's memory flat; each batch is one INSERT … SELECT.
    const BATCH = 20_000;
    for (let done = 0; done < add; done += BATCH) {
      const n = Math.min(BATCH, add - done);
      await db.execute(
        sql.raw(`
        WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users),
             w AS (SELECT ${arr(WORDS)} AS words, ${arr(CITIES)} AS cities)
        INSERT INTO circle_posts (user_id, content, images, tags, city, likes, comments, created_at)
        SELECT u.ids[1 + (g % array_length(u.ids, 1))],
               w.words[1 + g % 15] || '第' || g || '天：今天' || w.words[1 + (g / 15) % 15] || '练了' || (10 + g % 50) || '分钟，' || w.words[1 + (g / 7) % 15] || '有进步。',
               CASE WHEN g % 3 = 0 THEN '["/uploads/seed/circle-1-1.svg","/uploads/seed/circle-1-2.svg","/uploads/seed/circle-1-3.svg"]'::jsonb ELSE '[]'::jsonb END,
               jsonb_build_array(w.words[1 + g % 15]),
               w.cities[1 + g % 10],
               (g * 7) % 60,
               (g * 3) % 12,
               now() - make_interval(mins => ${add} - g + 10)
        FROM generate_series(${done + 1}, ${done + n}) AS g, u, w`),
      );
    }
    await db.execute(sql`ANALYZE circle_posts`);
  }
  const after = Number((await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM circle_posts`)).rows[0]?.n ?? 0);
  console.log(`circle posts: ${have} → ${after} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await closeDatabase();
}
