import { and, count, desc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { AdminGroupCampaign } from '~/lib/api/contract/groupbuy';
import { escapeHtml } from '~/lib/rules/admin-content';
import { GROUP_BUY_TEXTS, type CampaignState } from '~/lib/rules/groupbuy';
import { SELLER_NOTICE } from '~/lib/rules/growth-console';
import { db } from '../../db';
import { one } from '../../db/rows';
import { groupBuyGroups, groupBuys } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import type { Actor } from '../../console/shared';
import { sellersOf } from '../../console/sellers';
import { sendMessage } from '../notice/notice.service';
import { campaignViews, itemsOf, stopActiveCampaign } from './campaign.service';

/*
 * 拼团监管 (console, content operators): every seller's campaigns, and the platform's stop — the
 * seller's own guarded stop (stopActiveCampaign; open groups run to their deadline), audited and
 * noticed to the seller in the same transaction.
 */

type Campaign = typeof groupBuys.$inferSelect;

/** The state filter as SQL, the same split campaignState() makes. */
function stateWhere(state: 'all' | CampaignState, now: Date): SQL | undefined {
  const active = eq(groupBuys.status, 'active');
  if (state === 'stopped') return eq(groupBuys.status, 'stopped');
  if (state === 'upcoming') return and(active, gt(groupBuys.startsAt, now));
  if (state === 'running') return and(active, lte(groupBuys.startsAt, now), gt(groupBuys.endsAt, now));
  if (state === 'ended') return and(active, lte(groupBuys.endsAt, now));
  return undefined;
}

/** The campaigns as the console shows them: the seller's view plus the seller and failed groups. */
async function adminViews(list: Campaign[]): Promise<AdminGroupCampaign[]> {
  if (!list.length) return [];
  const [views, who, failed] = await Promise.all([
    campaignViews(list),
    sellersOf(list),
    db()
      .select({ id: groupBuyGroups.campaignId, n: count() })
      .from(groupBuyGroups)
      .where(
        and(
          inArray(
            groupBuyGroups.campaignId,
            list.map((c) => c.id),
          ),
          eq(groupBuyGroups.status, 'failed'),
        ),
      )
      .groupBy(groupBuyGroups.campaignId),
  ]);
  return views.flatMap((v) => {
    const c = list.find((x) => x.id === v.id);
    if (!c) return [];
    const s = who(c);
    return [{ ...v, seller_type: s.type, seller_name: s.name, failed: failed.find((f) => f.id === v.id)?.n ?? 0 }];
  });
}

/** /admin/groupBuy/list: newest first, filtered by state. */
export async function adminCampaigns(input: { page: number; limit: number; state: 'all' | CampaignState }) {
  const where = stateWhere(input.state, new Date());
  const [list, [total]] = await Promise.all([
    db()
      .select()
      .from(groupBuys)
      .where(where)
      .orderBy(desc(groupBuys.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db().select({ n: count() }).from(groupBuys).where(where),
  ]);
  return { list: await adminViews(list), total: total?.n ?? 0, page: input.page, limit: input.limit };
}

/** /admin/groupBuy/stop: the seller's stop on any seller's campaign, with the reason audited and sent to the seller. */
export async function adminStopCampaign(a: Actor, id: number, reason: string): Promise<AdminGroupCampaign> {
  const [cur] = await db().select().from(groupBuys).where(eq(groupBuys.id, id)).limit(1);
  if (!cur) throw notFound(GROUP_BUY_TEXTS.notFound);
  const title = (await itemsOf([cur])).get(cur.id)?.title ?? '';
  const who = (await sellersOf([cur]))(cur);
  const row = await db().transaction(async (tx) => {
    const stopped = await stopActiveCampaign(tx, id);
    if (!stopped) throw refuse(GROUP_BUY_TEXTS.stopped);
    if (who.userId)
      await sendMessage(
        {
          userId: who.userId,
          kind: 'notice',
          title: SELLER_NOTICE.groupTitle,
          content: `<p>${escapeHtml(SELLER_NOTICE.groupBody(title, reason))}</p>`,
          link: `/${who.type === 'coach' ? 'coach' : 'mechant'}/marketing?tab=groupbuy`,
        },
        tx,
      );
    await audit(tx, a, {
      action: 'group_buy.stop',
      target: 'group_buys',
      targetId: id,
      before: { status: cur.status, title, seller: who.name },
      after: { status: stopped.status },
      note: reason,
    });
    return stopped;
  });
  return one(await adminViews([row]), 'campaign view');
}
