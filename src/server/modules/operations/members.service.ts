import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminMember } from '~/lib/api/contract/operations';
import { SELLER_REASON_TEXT, type SellerReason } from '~/lib/rules/bank';
import { OPS_TEXTS } from '~/lib/rules/operations';
import { PAY_METHOD_TEXT, statusText, type OrderKind, type OrderStatus, type PayMethod } from '~/lib/rules/order-status';
import { db } from '../../db';
import { coaches, memberBlocks, orderItems, orders, sellerAccounts, sellerLedger, sessions, shops, users, wallets } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import { endChatLogins } from '../../providers/im/account-sync';
import { forgetSessions } from '../auth/session.service';
import { ledgerPage } from '../commerce/wallet.service';
import { changeCoins } from '../../ledger/coins';
import { ownerKindText, type OpsCtx } from './common';

/**
 * Member operations (support, finance): search, the member's orders and ledgers, disable/enable
 * (a disabled account's sessions end at once; login says why), and coin adjustments through the
 * coin ledger.
 */

const IDENTITY_TEXT: Record<number, string> = { 0: '会员', 1: '店主', 2: '教练' };

function base() {
  return db()
    .select({ u: users, coins: wallets.coins, reason: memberBlocks.reason })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .leftJoin(memberBlocks, eq(memberBlocks.userId, users.id));
}
type Joined = Awaited<ReturnType<typeof base>>[number];

function view(r: Joined): AdminMember {
  const u = r.u;
  return {
    id: u.id,
    phone: u.phone ?? '',
    nick_name: u.nickName,
    avatar: u.avatar,
    identity: u.identity,
    identity_text: `${IDENTITY_TEXT[u.identity] ?? '会员'}${u.serviceId > 0 ? ' · 服务商' : ''}`,
    service_id: u.serviceId,
    status: u.status,
    disabled_reason: u.status === 1 ? '' : (r.reason ?? ''),
    coins: r.coins ?? 0,
    created_at: u.createdAt.toISOString(),
  };
}

/** Phone digits (prefix), a member id, or part of a nickname. */
export async function searchMembers(q: { page: number; limit: number; key: string }) {
  const key = q.key.trim();
  let where: SQL | undefined;
  if (key) {
    const conds: SQL[] = [ilike(users.nickName, `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)];
    if (/^\d{1,11}$/.test(key)) conds.push(sql`${users.phone} like ${`${key}%`}`);
    if (/^\d{1,10}$/.test(key) && Number(key) <= 2_147_483_647) conds.push(eq(users.id, Number(key)));
    where = or(...conds);
  }
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(users).where(where),
  ]);
  return { list: rows.map(view), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

async function one(id: number): Promise<AdminMember> {
  const [r] = await base().where(eq(users.id, id)).limit(1);
  if (!r) throw notFound(OPS_TEXTS.memberGone);
  return view(r);
}

export async function memberDetail(id: number) {
  const member = await one(id);
  const accounts = await db()
    .select({ a: sellerAccounts, coachName: coaches.name, shopName: shops.name })
    .from(sellerAccounts)
    .leftJoin(coaches, and(eq(sellerAccounts.ownerKind, 'coach'), eq(coaches.id, sellerAccounts.ownerId)))
    .leftJoin(shops, and(eq(sellerAccounts.ownerKind, 'shop'), eq(shops.id, sellerAccounts.ownerId)))
    .where(eq(sellerAccounts.userId, id))
    .orderBy(sellerAccounts.id);
  return {
    member,
    seller_accounts: accounts.map((r) => ({
      id: r.a.id,
      owner_kind: r.a.ownerKind,
      owner_kind_text: ownerKindText(r.a.ownerKind),
      owner_name: r.coachName ?? r.shopName ?? member.nick_name,
      pending: r.a.pending,
      balance: r.a.balance,
      frozen: r.a.frozen,
      withdrawn: r.a.withdrawn,
    })),
  };
}

export async function memberOrders(q: { id: number; page: number; limit: number }) {
  await one(q.id);
  const where = eq(orders.userId, q.id);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(orders).where(where),
  ]);
  const items = rows.length
    ? await db()
        .select({ orderId: orderItems.orderId, title: orderItems.title, num: orderItems.num })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((o) => o.id),
          ),
        )
    : [];
  return {
    list: rows.map((o) => ({
      id: o.id,
      order_no: o.orderNo,
      kind: o.kind,
      status_text: statusText(o.kind as OrderKind, o.status as OrderStatus),
      pay_amount: o.payAmount,
      pay_method: PAY_METHOD_TEXT[o.payMethod as PayMethod] ?? o.payMethod,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => `${i.title} ×${i.num}`)
        .join('；'),
      created_at: o.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

export async function memberCoins(q: { id: number; page: number; limit: number }) {
  await one(q.id);
  const p = await ledgerPage(q.id, q.page, q.limit);
  return {
    ...p,
    list: p.list.map((r) => ({
      id: r.id,
      delta: r.delta,
      balance_after: r.balance_after,
      reason_text: r.reason_text,
      note: r.note,
      created_at: r.created_at,
    })),
  };
}

export async function memberSellerLedger(q: { id: number; page: number; limit: number }) {
  await one(q.id);
  const accounts = db().select({ id: sellerAccounts.id }).from(sellerAccounts).where(eq(sellerAccounts.userId, q.id));
  const where = inArray(sellerLedger.accountId, accounts);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(sellerLedger)
      .where(where)
      .orderBy(desc(sellerLedger.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(sellerLedger).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account_id: r.accountId,
      reason_text: SELLER_REASON_TEXT[r.reason as SellerReason] ?? r.reason,
      pending_delta: r.pendingDelta,
      balance_delta: r.balanceDelta,
      frozen_delta: r.frozenDelta,
      withdrawn_delta: r.withdrawnDelta,
      note: r.note,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Disable: status 1 → 0 (guarded), the reason kept for the login message, and every open session
 * revoked in the same transaction; the session cache forgets the user after commit.
 */
export async function disableMember(ctx: OpsCtx, id: number, reason: string): Promise<AdminMember> {
  await db().transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ status: 0, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.status, 1)))
      .returning({ id: users.id });
    if (!u) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      throw exists ? refuse(OPS_TEXTS.alreadyDisabled) : notFound(OPS_TEXTS.memberGone);
    }
    await tx
      .insert(memberBlocks)
      .values({ userId: id, reason, staffId: ctx.staff.id })
      .onConflictDoUpdate({ target: memberBlocks.userId, set: { reason, staffId: ctx.staff.id, createdAt: new Date() } });
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await audit(tx, ctx, {
      action: 'member.disable',
      target: 'users',
      targetId: id,
      before: { status: 1 },
      after: { status: 0, sessions_ended: ended.length },
      note: reason,
    });
  });
  forgetSessions({ userId: id });
  await endChatLogins(id);
  return one(id);
}

export async function enableMember(ctx: OpsCtx, id: number, note: string): Promise<AdminMember> {
  await db().transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ status: 1, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.status, 0)))
      .returning({ id: users.id });
    if (!u) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      throw exists ? refuse(OPS_TEXTS.alreadyEnabled) : notFound(OPS_TEXTS.memberGone);
    }
    const [block] = await tx.delete(memberBlocks).where(eq(memberBlocks.userId, id)).returning({ reason: memberBlocks.reason });
    await audit(tx, ctx, {
      action: 'member.enable',
      target: 'users',
      targetId: id,
      before: { status: 0, reason: block?.reason ?? '' },
      after: { status: 1 },
      note,
    });
  });
  return one(id);
}

/**
 * Coins in or out through one ledger row (reason 'adjust'). The wallet row is locked and must still
 * hold `balanceWas` (what the operator saw), so a double submit or a stale page adjusts nothing;
 * changeCoins refuses a result below 0.
 */
export async function adjustCoins(ctx: OpsCtx, input: { id: number; delta: number; balance_was: number; reason: string }) {
  await one(input.id);
  await db().transaction(async (tx) => {
    await tx.insert(wallets).values({ userId: input.id, coins: 0 }).onConflictDoNothing();
    const [w] = await tx.select({ coins: wallets.coins }).from(wallets).where(eq(wallets.userId, input.id)).for('update').limit(1);
    if ((w?.coins ?? 0) !== input.balance_was) throw refuse(OPS_TEXTS.balanceChanged);
    const after = await changeCoins(tx, input.id, input.delta, 'adjust', { type: 'staff', id: ctx.staff.id, note: input.reason });
    await audit(tx, ctx, {
      action: 'member.adjust_coins',
      target: 'users',
      targetId: input.id,
      before: { coins: input.balance_was },
      after: { coins: after, delta: input.delta },
      note: input.reason,
    });
  });
  return one(input.id);
}
