import { eq } from 'drizzle-orm';
import { disabledText } from '~/lib/rules/operations';
import { db } from '../../db';
import { memberBlocks } from '../../db/schema';

/** What login tells a disabled account: the operator's reason when one was recorded. */
export async function disabledMessage(userId: number): Promise<string> {
  const [b] = await db().select({ reason: memberBlocks.reason }).from(memberBlocks).where(eq(memberBlocks.userId, userId)).limit(1);
  return disabledText(b?.reason ?? '');
}
