import { count, desc, eq } from 'drizzle-orm';
import type { AdminShopCancel } from '~/lib/api/contract/operations';
import { OPS_TEXTS } from '~/lib/rules/operations';
import { CANCEL_APPLICATION_TEXT, cancelConditionError, type CancelApplicationState } from '~/lib/rules/shop-cancel';
import { db } from '../../db';
import { shopCancelApplications, shops, users } from '../../db/schema';
import type { ApiContext, StaffUser } from '../../http/context';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import { registerQueue } from '../../console/queues';
import { sendMessage } from '../notice/notice.service';
import { approveShopCancel, cancelConditions, refuseShopCancel } from './shop-cancel.service';

/**
 * Shop cancellation, the operator console's side (reviewer; mounted by modules/operations): the
 * queue and the two decisions. The application and its state machine are this module's
 * (shop-cancel.service.ts); a decision is its guarded approve/refuse (shop row locked, pending →
 * approved/refused) with the owner's notice and the audit row written in that transaction.
 */

/** The operator and request behind a console write (its audit row). */
type StaffCtx = { staff: StaffUser; c: ApiContext };

/** Text for notice HTML (notices are rendered as HTML). */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function base() {
  return db()
    .select({ a: shopCancelApplications, shopName: shops.name, phone: users.phone })
    .from(shopCancelApplications)
    .innerJoin(shops, eq(shops.id, shopCancelApplications.shopId))
    .innerJoin(users, eq(users.id, shopCancelApplications.userId));
}
type Joined = Awaited<ReturnType<typeof base>>[number];

async function view(r: Joined): Promise<AdminShopCancel> {
  const status = r.a.status as CancelApplicationState;
  // Only a pending application can be approved; say now what would stop it.
  const problem = status === 'pending' ? (cancelConditionError(await cancelConditions(db(), r.a.shopId)) ?? '') : '';
  return {
    id: r.a.id,
    shop_id: r.a.shopId,
    shop_name: r.shopName,
    user_id: r.a.userId,
    user_phone: r.phone ?? '',
    reason: r.a.reason,
    status,
    status_text: CANCEL_APPLICATION_TEXT[status] ?? r.a.status,
    refuse_reason: r.a.refuseReason,
    off_goods: r.a.offGoods.length,
    off_courses: r.a.offCourses.length,
    problem,
    created_at: r.a.createdAt.toISOString(),
    decided_at: r.a.decidedAt?.toISOString() ?? null,
  };
}

export async function shopCancelQueue(q: { page: number; limit: number; status: CancelApplicationState | '' }) {
  const where = q.status ? eq(shopCancelApplications.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(q.status === 'pending' ? shopCancelApplications.id : desc(shopCancelApplications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(shopCancelApplications).where(where),
  ]);
  const list: AdminShopCancel[] = [];
  for (const r of rows) list.push(await view(r));
  return { list, total: total?.n ?? 0, page: q.page, limit: q.limit };
}

async function one(id: number): Promise<AdminShopCancel> {
  const [r] = await base().where(eq(shopCancelApplications.id, id)).limit(1);
  if (!r) throw notFound(OPS_TEXTS.applicationGone);
  return view(r);
}

export async function approveCancel(ctx: StaffCtx, id: number, note: string): Promise<AdminShopCancel> {
  const before = await one(id);
  const done = await approveShopCancel(id, async (tx, a) => {
    await sendMessage(
      {
        userId: a.userId,
        kind: 'notice',
        title: '店铺注销申请已通过',
        content: `<p>你的店铺「${esc(before.shop_name)}」已注销，账号恢复为普通会员。${note ? `</p><p>备注：${esc(note)}` : ''}</p>`,
        link: '/my',
      },
      tx,
    );
    await audit(tx, ctx, {
      action: 'shop_cancel.approve',
      target: 'shop_cancel_applications',
      targetId: a.id,
      before: { status: before.status, shop_id: a.shopId },
      after: { status: 'approved', shop_id: a.shopId },
      note,
    });
  });
  if (!done) throw refuse(OPS_TEXTS.applicationDecided);
  return one(id);
}

export async function refuseCancel(ctx: StaffCtx, id: number, reason: string): Promise<AdminShopCancel> {
  const before = await one(id);
  const done = await refuseShopCancel(id, reason, async (tx, a) => {
    await sendMessage(
      {
        userId: a.userId,
        kind: 'notice',
        title: '店铺注销申请被驳回',
        content: `<p>你的店铺「${esc(before.shop_name)}」的注销申请未通过，审核期间下架的商品与课程已恢复上架。</p><p>原因：${esc(reason)}</p>`,
        link: '/mechant/applycancel',
      },
      tx,
    );
    await audit(tx, ctx, {
      action: 'shop_cancel.refuse',
      target: 'shop_cancel_applications',
      targetId: a.id,
      before: { status: before.status },
      after: { status: 'refused' },
      note: reason,
    });
  });
  if (!done) throw refuse(OPS_TEXTS.applicationDecided);
  return one(id);
}

export function registerShopCancelQueue(): void {
  registerQueue({
    key: 'shop_cancel',
    label: '待审核店铺注销',
    href: '/admin/shop-cancel',
    roles: ['reviewer'],
    count: async () => {
      const [r] = await db().select({ n: count() }).from(shopCancelApplications).where(eq(shopCancelApplications.status, 'pending'));
      return r?.n ?? 0;
    },
  });
}
