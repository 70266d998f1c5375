import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { db } from '../db';
import { spentTokens } from '../db/schema';

/** Marks a pass as spent; false when it already was (replay). */
export async function spendOnce(id: string, expiresAt: Date): Promise<boolean> {
  const signature = createHash('sha256').update(id).digest('hex');
  await db().delete(spentTokens).where(lt(spentTokens.expiresAt, new Date()));
  const rows = await db().insert(spentTokens).values({ signature, expiresAt }).onConflictDoNothing().returning();
  return rows.length === 1;
}
