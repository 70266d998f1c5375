import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { formatDateTime } from '~/lib/format';
import { VIP_REMIND_BEFORE_MS, VIP_TEXTS } from '~/lib/rules/vip';
import { db } from '../../db';
import { vipMembers } from '../../db/schema';
import { sendMessage } from '../notice/notice.service';

/**
 * The renewal reminder (jobs.ts, a shared job): a notice to each member whose membership ends within
 * three days, once per period. The guard is `reminded_for`: set to the `ends_at` it was sent for by a
 * conditional update in the notice's transaction, so two runners or a repeated tick send it once; a
 * renewal moves `ends_at`, so the new period is reminded again. Answers how many were sent.
 */
export async function remindExpiring(now = new Date()): Promise<number> {
  const notYet = sql`${vipMembers.remindedFor} is distinct from ${vipMembers.endsAt}`;
  const due = await db()
    .select({ userId: vipMembers.userId, endsAt: vipMembers.endsAt })
    .from(vipMembers)
    .where(and(gt(vipMembers.endsAt, now), lte(vipMembers.endsAt, new Date(now.getTime() + VIP_REMIND_BEFORE_MS)), notYet))
    .limit(500);
  let sent = 0;
  for (const d of due) {
    await db().transaction(async (tx) => {
      const [won] = await tx
        .update(vipMembers)
        .set({ remindedFor: d.endsAt })
        .where(and(eq(vipMembers.userId, d.userId), eq(vipMembers.endsAt, d.endsAt), notYet))
        .returning({ userId: vipMembers.userId });
      if (!won) return;
      await sendMessage(
        {
          userId: d.userId,
          kind: 'notice',
          title: VIP_TEXTS.remindTitle,
          content: VIP_TEXTS.remind(formatDateTime(d.endsAt.toISOString())),
          link: '/my/vip',
        },
        tx,
      );
      sent++;
    });
  }
  return sent;
}
