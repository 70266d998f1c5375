/**
 * Bench data: appends `--rows=N` synthetic goods (one SKU each) to the database named by the
 * environment (DATA_DIR for PGlite, DATABASE_URL for PostgreSQL), after `npm run migrate` has seeded it.
 * Titles are built from martial-arts words, so one- and two-character searches (武, 太极) match
 * thousands of rows, as they would in a large real catalogue. Shops, categories and images are the
 * seeded ones; creation times go back one minute per row, so the seeded goods stay first in "new".
 *   npx tsx scripts/bench/bulk-goods.ts --rows=100000
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, database } from '../../src/server/db';

const arg = process.argv.find((a) => a.startsWith('--rows='));
const rows = Math.max(0, Math.floor(Number(arg?.slice('--rows='.length) ?? 100_000)));

const STYLES = [
  '太极',
  '少林',
  '武当',
  '咏春',
  '八卦',
  '形意',
  '八极',
  '南拳',
  '峨眉',
  '散打',
  '截拳',
  '通背',
  '螳螂',
  '洪拳',
  '长拳',
  '醉拳',
];
const ITEMS = [
  '练功服',
  '太极剑',
  '功夫鞋',
  '齐眉棍',
  '拳套',
  '护具',
  '木人桩',
  '太极扇',
  '拳谱',
  '腰带',
  '双节棍',
  '红缨枪',
  '沙袋',
  '手靶',
  '道服',
  '披风',
];
const MODS = ['经典款', '加厚', '儿童款', '比赛款', '晨练款', '初学练习', '手工', '表演款', '透气', '轻便', '专业级', '家用'];
const arr = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]::text[]`;

const started = Date.now();
const handle = database();
try {
  const db = handle.db;
  const before = await db.execute<{ max: number | null }>(sql`SELECT max(id)::int AS max FROM goods`);
  const maxBefore = before.rows[0]?.max ?? 0;
  if (rows > 0) {
    // One statement: generate_series over the seeded shops, categories and image sets.
    await db.execute(
      sql.raw(`
      WITH s AS (SELECT array_agg(id ORDER BY id) AS a FROM shops),
           c AS (SELECT array_agg(id ORDER BY id) AS a FROM goods_categories),
           im AS (SELECT array_agg(images ORDER BY id) AS a FROM goods),
           w AS (SELECT ${arr(STYLES)} AS st, ${arr(ITEMS)} AS it, ${arr(MODS)} AS md)
      INSERT INTO goods (shop_id, category_id, title, images, detail, price, spec_names, sales, status, created_at)
      SELECT s.a[1 + i % cardinality(s.a)],
             c.a[1 + (i / 3) % cardinality(c.a)],
             w.st[1 + i % cardinality(w.st)] || w.it[1 + (i / 16) % cardinality(w.it)] || ' ' || w.md[1 + (i / 256) % cardinality(w.md)] || ' ' || i,
             im.a[1 + i % cardinality(im.a)],
             '<p>批量生成的测评商品。</p>',
             1000 + (i * 37) % 50000,
             '["规格"]'::jsonb,
             (i * 13) % 500,
             1,
             now() - make_interval(mins => 1440 + i)
      FROM generate_series(1, ${rows}) AS i, s, c, im, w`),
    );
    await db.execute(
      sql.raw(
        `INSERT INTO skus (goods_id, specs, price, stock) SELECT id, '["标准"]'::jsonb, price, 100 FROM goods WHERE id > ${maxBefore}`,
      ),
    );
    await db.execute(sql.raw('ANALYZE goods'));
    await db.execute(sql.raw('ANALYZE skus'));
  }
  const after = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM goods`);
  console.log(`[bulk-goods] ${rows} goods added (${after.rows[0]?.n ?? '?'} in all) in ${Date.now() - started} ms`);
} finally {
  await closeDatabase();
}
