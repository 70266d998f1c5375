// @ts-check
// drizzle-kit writes foreign keys as "public"."table"; the API tests run each file in its own
// PostgreSQL schema (search_path), so the migrations must not name a schema. Run after db:generate.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = 'src/server/db/migrations';
for (const f of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
  const sql = readFileSync(`${dir}/${f}`, 'utf8');
  const out = sql.replaceAll('"public".', '');
  if (out !== sql) writeFileSync(`${dir}/${f}`, out);
}
