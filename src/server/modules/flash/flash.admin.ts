import { and, count, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { AdminFlash } from '~/lib/api/contract/flash';
import { escapeHtml } from '~/lib/rules/admin-content';
import { FLASH_TEXTS, type FlashPhase } from '~/lib/rules/flash';
import { SELLER_NOTICE } from '~/lib/rules/growth-console';
import { db } from '../../db';
import { flashSales } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import type { Actor } from '../../console/shared';
import { sellersOf } from '../../console/sellers';
import { sendMessage } from '../notice/notice.service';
import { cardOf, salesWithItems } from './flash-read';
import { cancelActiveSale } from './flash-seller.service';

/*
 * 秒杀监管 (console, content operators): every seller's sales, and the platform's cancel — the
 * seller's own guarded cancel (cancelActiveSale) without the owner filter, audited and noticed to
 * the seller in the same transaction.
 */

/** The phase filter as SQL, the same split flashPhase() makes. */
function phaseWhere(phase: 'all' | FlashPhase, now: Date): SQL | undefined {
  const active = eq(flashSales.status, 'active');
  if (phase === 'cancelled') return eq(flashSales.status, 'cancelled');
  if (phase === 'upcoming') return and(active, gt(flashSales.startsAt, now));
  if (phase === 'running') return and(active, lte(flashSales.startsAt, now), gt(flashSales.endsAt, now));
  if (phase === 'ended') return and(active, lte(flashSales.endsAt, now));
  return undefined;
}

/** /admin/flash/list: newest first, filtered by phase. */
export async function adminFlashList(input: { page: number; limit: number; phase: 'all' | FlashPhase }) {
  const now = new Date();
  const where = phaseWhere(input.phase, now);
  const [rows, [total]] = await Promise.all([
    salesWithItems(where)
      .orderBy(desc(flashSales.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db().select({ n: count() }).from(flashSales).where(where),
  ]);
  const seller = await sellersOf(rows.map((r) => r.s));
  const list: AdminFlash[] = rows.map((r) => {
    const card = cardOf(r, now);
    const who = seller(r.s);
    return {
      ...card,
      seller_type: who.type,
      seller_name: who.name,
      sold: r.s.sold,
      can_cancel: card.phase === 'upcoming' || card.phase === 'running' ? 1 : 0,
    };
  });
  return { list, total: total?.n ?? 0, page: input.page, limit: input.limit };
}

/** /admin/flash/cancel: the seller's cancel on any seller's sale, with the reason audited and sent to the seller. */
export async function adminCancelFlash(a: Actor, id: number, reason: string): Promise<{ id: number }> {
  const [cur] = await salesWithItems(eq(flashSales.id, id)).limit(1);
  if (!cur) throw notFound(FLASH_TEXTS.notFound);
  const title = cardOf(cur).title;
  const who = (await sellersOf([cur.s]))(cur.s);
  await db().transaction(async (tx) => {
    const row = await cancelActiveSale(tx, id);
    if (!row) throw refuse(FLASH_TEXTS.cancelState);
    if (who.userId)
      await sendMessage(
        {
          userId: who.userId,
          kind: 'notice',
          title: SELLER_NOTICE.flashTitle,
          content: `<p>${escapeHtml(SELLER_NOTICE.flashBody(title, reason))}</p>`,
          link: `/${who.type === 'coach' ? 'coach' : 'mechant'}/marketing?tab=flash`,
        },
        tx,
      );
    await audit(tx, a, {
      action: 'flash_sale.cancel',
      target: 'flash_sales',
      targetId: id,
      before: { status: cur.s.status, title, seller: who.name },
      after: { status: row.status },
      note: reason,
    });
  });
  return { id };
}
