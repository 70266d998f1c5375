import { inArray, sql } from 'drizzle-orm';
import { POINTS_CONFIG_DEFAULTS, POINTS_CONFIG_FIELDS, type PointsConfig } from '~/lib/rules/points';
import { db, type TxOrDb } from '../../db';
import { config } from '../../db/schema';

/** The console's points settings live in `config` as `points_<name>`; a missing or bad value reads as its default. */
const keyOf = (k: keyof PointsConfig) => `points_${k}`;

/** The points settings, read through `tx` when inside one (the embedded database has one connection). */
export async function pointsConfig(tx: TxOrDb = db()): Promise<PointsConfig> {
  const rows = await tx
    .select({ key: config.key, value: config.value })
    .from(config)
    .where(
      inArray(
        config.key,
        POINTS_CONFIG_FIELDS.map((f) => keyOf(f.key)),
      ),
    );
  const got = new Map(rows.map((r) => [r.key, r.value]));
  const out = { ...POINTS_CONFIG_DEFAULTS };
  for (const f of POINTS_CONFIG_FIELDS) {
    const v = got.get(keyOf(f.key));
    const n = Number(v);
    if (v !== undefined && v.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= f.max) out[f.key] = n;
  }
  return out;
}

/** Saves every setting (staff write: the caller audits it in the same transaction). */
export async function savePointsConfig(tx: TxOrDb, values: PointsConfig): Promise<void> {
  for (const f of POINTS_CONFIG_FIELDS) {
    const value = String(values[f.key]);
    await tx
      .insert(config)
      .values({ key: keyOf(f.key), value, title: f.label })
      .onConflictDoUpdate({ target: config.key, set: { value, updatedAt: sql`now()` } });
  }
}
