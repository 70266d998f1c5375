import { inArray } from 'drizzle-orm';
import { PROMOTION_CONFIG, PROMOTION_DEFAULTS, WINDOW_DAYS_MAX } from '~/lib/rules/promotion';
import { db, type TxOrDb } from '../../db';
import { config } from '../../db/schema';

export interface Limits {
  minBp: number;
  maxBp: number;
  windowDays: number;
}

const intIn = (v: string | undefined, lo: number, hi: number, dflt: number): number => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= lo && n <= hi ? n : dflt;
};

/**
 * The operator's 分销 limits (console /admin/marketing → 分销设置), read in the caller's transaction so
 * an order is priced with the values it commits with; a missing or bad value means the default.
 */
export async function promotionLimits(tx: TxOrDb = db()): Promise<Limits> {
  const rows = await tx
    .select({ key: config.key, value: config.value })
    .from(config)
    .where(inArray(config.key, Object.values(PROMOTION_CONFIG)));
  const v = (k: string) => rows.find((r) => r.key === k)?.value;
  const minBp = intIn(v(PROMOTION_CONFIG.minBp), 1, 10_000, PROMOTION_DEFAULTS.minBp);
  const maxBp = intIn(v(PROMOTION_CONFIG.maxBp), 1, 10_000, PROMOTION_DEFAULTS.maxBp);
  return {
    // A pair saved out of order never happens (the console refuses it); the defaults hold if it did.
    ...(minBp <= maxBp ? { minBp, maxBp } : { minBp: PROMOTION_DEFAULTS.minBp, maxBp: PROMOTION_DEFAULTS.maxBp }),
    windowDays: intIn(v(PROMOTION_CONFIG.windowDays), 1, WINDOW_DAYS_MAX, PROMOTION_DEFAULTS.windowDays),
  };
}

/** A seller's rate as it applies now: inside the operator's limits (a later change of limits moves old rates into them). */
export const clampRate = (bp: number, l: Limits): number => (bp <= 0 ? 0 : Math.min(l.maxBp, Math.max(l.minBp, bp)));
