import { and, count, desc, eq } from 'drizzle-orm';
import type { AdminWithdrawal } from '~/lib/api/contract/operations';
import { WITHDRAWAL_STATUS_TEXT, bankName, type WithdrawalStatus } from '~/lib/rules/bank';
import { OPS_TEXTS } from '~/lib/rules/operations';
import { db, type TxOrDb } from '../../db';
import { bankCards, coaches, sellerAccounts, sellerWithdrawals, shops, users, withdrawalTransfers } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import { registerQueue } from '../../console/queues';
import { sendMessage } from '../notice/notice.service';
import { decryptCardNumber } from '../seller/card-crypto';
import { markWithdrawalPaid, refuseWithdrawal } from '../seller/payout.service';
import { esc, ownerKindText, yuan, type OpsCtx } from './common';

/**
 * The withdrawal queue (finance). Decisions go through the seller module's `markWithdrawalPaid` /
 * `refuseWithdrawal` (guarded pending → paid/refused, money through the seller ledger); the audit
 * row, the transfer reference and the seller's notice are written in their transaction.
 */

const selection = {
  w: sellerWithdrawals,
  ownerKind: sellerAccounts.ownerKind,
  balance: sellerAccounts.balance,
  userId: sellerAccounts.userId,
  phone: users.phone,
  nick: users.nickName,
  coachName: coaches.name,
  shopName: shops.name,
  ref: withdrawalTransfers.reference,
};

function base() {
  return db()
    .select(selection)
    .from(sellerWithdrawals)
    .innerJoin(sellerAccounts, eq(sellerAccounts.id, sellerWithdrawals.accountId))
    .innerJoin(users, eq(users.id, sellerAccounts.userId))
    .leftJoin(coaches, and(eq(sellerAccounts.ownerKind, 'coach'), eq(coaches.id, sellerAccounts.ownerId)))
    .leftJoin(shops, and(eq(sellerAccounts.ownerKind, 'shop'), eq(shops.id, sellerAccounts.ownerId)))
    .leftJoin(withdrawalTransfers, eq(withdrawalTransfers.withdrawalId, sellerWithdrawals.id));
}

type Joined = Awaited<ReturnType<typeof base>>[number];

function view(r: Joined): AdminWithdrawal {
  const status = r.w.status as WithdrawalStatus;
  return {
    id: r.w.id,
    owner_kind: r.ownerKind,
    owner_kind_text: ownerKindText(r.ownerKind),
    owner_name: r.coachName ?? r.shopName ?? r.nick,
    user_id: r.userId,
    user_phone: r.phone ?? '',
    amount: r.w.amount,
    status,
    status_text: WITHDRAWAL_STATUS_TEXT[status] ?? r.w.status,
    bank_name: bankName(r.w.bankCode),
    holder_name: r.w.holderName,
    card_mask: r.w.cardMask,
    transfer_ref: r.ref ?? '',
    refuse_reason: r.w.refuseReason,
    balance: r.balance,
    created_at: r.w.createdAt.toISOString(),
    decided_at: r.w.decidedAt?.toISOString() ?? null,
  };
}

export async function withdrawalQueue(q: { page: number; limit: number; status: WithdrawalStatus | '' }) {
  const where = q.status ? eq(sellerWithdrawals.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      // The oldest pending first (first come, first paid); decided ones newest first.
      .orderBy(q.status === 'pending' ? sellerWithdrawals.id : desc(sellerWithdrawals.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(sellerWithdrawals).where(where),
  ]);
  return { list: rows.map(view), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

async function one(id: number): Promise<AdminWithdrawal> {
  const [r] = await base().where(eq(sellerWithdrawals.id, id)).limit(1);
  if (!r) throw notFound(OPS_TEXTS.withdrawalGone);
  return view(r);
}

/** The full card number for the transfer; each look is audited. */
export async function revealCard(ctx: OpsCtx, id: number): Promise<{ card_no: string }> {
  const [w] = await db()
    .select({ id: sellerWithdrawals.id, cipher: bankCards.numberCipher, mask: sellerWithdrawals.cardMask })
    .from(sellerWithdrawals)
    .leftJoin(bankCards, eq(bankCards.id, sellerWithdrawals.cardId))
    .where(eq(sellerWithdrawals.id, id))
    .limit(1);
  if (!w) throw notFound(OPS_TEXTS.withdrawalGone);
  if (!w.cipher) throw refuse(OPS_TEXTS.cardGone);
  const cardNo = decryptCardNumber(w.cipher);
  await audit(db(), ctx, { action: 'withdrawal.reveal_card', target: 'seller_withdrawals', targetId: id, note: `查看完整卡号 ${w.mask}` });
  return { card_no: cardNo };
}

async function sellerUserOf(accountId: number, tx: TxOrDb) {
  const [a] = await tx
    .select({ userId: sellerAccounts.userId, kind: sellerAccounts.ownerKind })
    .from(sellerAccounts)
    .where(eq(sellerAccounts.id, accountId));
  return a;
}

const financeLink = (kind: string) =>
  kind === 'shop'
    ? '/mechant/finance'
    : kind === 'coach'
      ? '/coach/finance'
      : kind === 'member'
        ? '/my/promotion/finance'
        : '/my/service_identity/money';

export async function payWithdrawal(ctx: OpsCtx, id: number, reference: string): Promise<AdminWithdrawal> {
  const before = await one(id);
  const done = await markWithdrawalPaid(id, async (tx, w) => {
    await tx.insert(withdrawalTransfers).values({ withdrawalId: w.id, reference, staffId: ctx.staff.id });
    const seller = await sellerUserOf(w.accountId, tx);
    if (seller)
      await sendMessage(
        {
          userId: seller.userId,
          kind: 'notice',
          title: '提现已打款',
          content: `<p>你申请的提现 ${yuan(w.amount)} 已打款到${esc(bankName(w.bankCode))}（尾号 ${esc(w.cardMask.slice(-4))}），转账流水号 ${esc(reference)}。到账时间以银行为准。</p>`,
          link: financeLink(seller.kind),
        },
        tx,
      );
    await audit(tx, ctx, {
      action: 'withdrawal.pay',
      target: 'seller_withdrawals',
      targetId: w.id,
      before: { status: before.status, amount: before.amount },
      after: { status: 'paid', amount: w.amount, reference },
      note: reference,
    });
  });
  if (!done) throw refuse(OPS_TEXTS.withdrawalDecided);
  return one(id);
}

export async function refuseWithdrawalByOperator(ctx: OpsCtx, id: number, reason: string): Promise<AdminWithdrawal> {
  const before = await one(id);
  const done = await refuseWithdrawal(id, reason, async (tx, w) => {
    const seller = await sellerUserOf(w.accountId, tx);
    if (seller)
      await sendMessage(
        {
          userId: seller.userId,
          kind: 'notice',
          title: '提现申请被退回',
          content: `<p>你申请的提现 ${yuan(w.amount)} 已被退回，金额已回到可提现余额。</p><p>原因：${esc(reason)}</p>`,
          link: financeLink(seller.kind),
        },
        tx,
      );
    await audit(tx, ctx, {
      action: 'withdrawal.refuse',
      target: 'seller_withdrawals',
      targetId: w.id,
      before: { status: before.status, amount: before.amount },
      after: { status: 'refused', amount: w.amount },
      note: reason,
    });
  });
  if (!done) throw refuse(OPS_TEXTS.withdrawalDecided);
  return one(id);
}

export function registerWithdrawalQueue(): void {
  registerQueue({
    key: 'withdrawals',
    label: '待处理提现',
    href: '/admin/withdrawals',
    roles: ['finance'],
    count: async () => {
      const [r] = await db().select({ n: count() }).from(sellerWithdrawals).where(eq(sellerWithdrawals.status, 'pending'));
      return r?.n ?? 0;
    },
  });
}
