import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import type { BankCard, IncomeDay, SellerLedgerEntry, Withdrawal } from '~/lib/api/contract/seller-finance';
import {
  BANK_CODES,
  BANK_TEXTS,
  INCOME_CHART_DAYS,
  MAX_BANK_CARDS,
  SELLER_REASONS,
  SELLER_REASON_TEXT,
  PROVIDER_COMMISSION_TEXT,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_STATUS_TEXT,
  bankName,
  maskCard,
  type BankCode,
  type SellerReason,
} from '~/lib/rules/bank';
import { Identity } from '~/lib/rules/roles';
import { db, type TxOrDb } from '../../db';
import { bankCards, sellerAccounts, sellerLedger, sellerWithdrawals, users } from '../../db/schema';
import { env } from '../../env';
import type { SessionUser } from '../../http/context';
import { forbidden, notFound, refuse } from '../../http/errors';
import { consumeSmsCode } from '../verify/sms-code.service';
import { checkPayPassword } from '../commerce/coin-pay.service';
import { cardNumberHash, encryptCardNumber } from './card-crypto';
import { moveSellerMoney, SELLER_INCOME_REASONS, sellerAccountId, type SellerOwner } from '../../ledger/seller-money';
import { coachIdOf, providerIdOf, shopIdOf } from '../catalogue/owner';

/**
 * Seller payouts: the finance overview, income chart and ledger, bank cards, and
 * withdrawals. Every call works on the caller's own account — a coach's coach account, a shop
 * owner's shop account — found from the session, never from the body; another seller's card or
 * withdrawal is "not found". Money moves only through `moveSellerMoney`.
 */

/**
 * Whose money a finance call works on: `seller` = the caller's coach or shop account (the seller
 * areas), `provider` = the caller's service-provider account (/my/service_identity), `member` = the
 * caller's 分销 commission account (/my/promotion; any member, coaches and shop owners included).
 */
export type PayoutScope = 'seller' | 'provider' | 'member';

/** The seller behind the session: identity 2 sells as its coach, identity 1 as its shop; a provider as its provider row. */
export async function sellerOwnerOf(user: SessionUser, scope: PayoutScope = 'seller'): Promise<SellerOwner> {
  if (scope === 'provider') return { kind: 'provider', id: await providerIdOf(user), userId: user.id };
  if (scope === 'member') return { kind: 'member', id: user.id, userId: user.id };
  if (user.identity === Identity.COACH) return { kind: 'coach', id: await coachIdOf(user.id), userId: user.id };
  if (user.identity === Identity.MECHANT) return { kind: 'shop', id: await shopIdOf(user.id), userId: user.id };
  throw forbidden('你还不是教练或店主，无法使用管理功能');
}

/** The caller's account id (created on first use). */
export async function myAccountId(user: SessionUser, scope: PayoutScope = 'seller'): Promise<number> {
  return sellerAccountId(db(), await sellerOwnerOf(user, scope));
}

/** Locks the account row until the transaction ends: card changes and withdrawals of one account run one at a time. */
async function lockAccount(tx: TxOrDb, accountId: number): Promise<void> {
  await tx.execute(sql`select id from seller_accounts where id = ${accountId} for update`);
}

const bankCodeOf = (code: string): BankCode => {
  const c = BANK_CODES.find((b) => b === code);
  if (!c) throw new Error(`bank card with unknown bank ${code}`);
  return c;
};

const reasonOf = (r: string): SellerReason => {
  const reason = SELLER_REASONS.find((x) => x === r);
  if (!reason) throw new Error(`seller ledger row with unknown reason ${r}`);
  return reason;
};

export function withdrawalView(w: typeof sellerWithdrawals.$inferSelect): Withdrawal {
  const status = WITHDRAWAL_STATUSES.find((s) => s === w.status);
  if (!status) throw new Error(`withdrawal ${w.id} has unknown status ${w.status}`);
  return {
    id: w.id,
    amount: w.amount,
    status,
    status_text: WITHDRAWAL_STATUS_TEXT[status],
    bank_name: bankName(w.bankCode),
    card_mask: w.cardMask,
    holder_name: w.holderName,
    refuse_reason: w.refuseReason,
    created_at: w.createdAt.toISOString(),
    decided_at: w.decidedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Overview, chart, ledger

export async function financeSummary(user: SessionUser, scope: PayoutScope = 'seller'): Promise<ApiOutput<'/seller/finance'>> {
  const owner = await sellerOwnerOf(user, scope);
  const accountId = await sellerAccountId(db(), owner);
  const [[acc], [u], [cards], [pendingW]] = await Promise.all([
    db().select().from(sellerAccounts).where(eq(sellerAccounts.id, accountId)).limit(1),
    db().select({ pw: users.payPasswordHash }).from(users).where(eq(users.id, user.id)).limit(1),
    db().select({ n: count() }).from(bankCards).where(eq(bankCards.accountId, accountId)),
    db()
      .select({ id: sellerWithdrawals.id })
      .from(sellerWithdrawals)
      .where(and(eq(sellerWithdrawals.accountId, accountId), eq(sellerWithdrawals.status, 'pending')))
      .limit(1),
  ]);
  if (!acc) throw new Error(`seller account ${accountId} vanished`);
  return {
    owner_kind: owner.kind,
    balance: acc.balance,
    pending: acc.pending,
    frozen: acc.frozen,
    withdrawn: acc.withdrawn,
    min_withdraw: env().WITHDRAW_MIN_FEN,
    has_pay_password: Boolean(u?.pw),
    cards: cards?.n ?? 0,
    pending_withdrawal: pendingW?.id ?? null,
  };
}

/** The China-time calendar day of a moment, `YYYY-MM-DD`. */
const chinaDay = (d: Date): string => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
/** Midnight (China time) at the start of a `YYYY-MM-DD` day. */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/**
 * Income of the last 30 China-time days (today included), one entry per day, empty days as 0:
 * every income the balance counts (sales, agent commission, live gifts) credited that day, and
 * refunds taken back.
 */
export async function incomeChart(
  user: SessionUser,
  scope: PayoutScope = 'seller',
  now = new Date(),
): Promise<ApiOutput<'/seller/incomeChart'>> {
  const accountId = await myAccountId(user, scope);
  const today = chinaDay(now);
  const first = new Date(dayStart(today).getTime() - (INCOME_CHART_DAYS - 1) * 86_400_000);
  const day = sql<string>`to_char(${sellerLedger.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const rows = await db()
    .select({
      day,
      income: sql<number>`coalesce(sum(${sellerLedger.pendingDelta} + ${sellerLedger.balanceDelta}) filter (where ${inArray(sellerLedger.reason, [...SELLER_INCOME_REASONS])}), 0)::int`,
      refund: sql<number>`coalesce(-sum(${sellerLedger.pendingDelta} + ${sellerLedger.balanceDelta}) filter (where ${sellerLedger.reason} = 'refund'), 0)::int`,
    })
    .from(sellerLedger)
    .where(
      and(
        eq(sellerLedger.accountId, accountId),
        gte(sellerLedger.createdAt, first),
        inArray(sellerLedger.reason, [...SELLER_INCOME_REASONS, 'refund']),
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: IncomeDay[] = [];
  for (let i = 0; i < INCOME_CHART_DAYS; i++) {
    const date = chinaDay(new Date(first.getTime() + i * 86_400_000));
    const r = byDay.get(date);
    days.push({ date, income: Number(r?.income ?? 0), refund: Number(r?.refund ?? 0) });
  }
  return { days, total: days.reduce((s, d) => s + d.income - d.refund, 0) };
}

/** One ledger row as the pages see it; a provider's `commission` is its share of a team sale. */
export function ledgerEntryView(r: typeof sellerLedger.$inferSelect, scope: PayoutScope = 'seller'): SellerLedgerEntry {
  const reason = reasonOf(r.reason);
  return {
    id: r.id,
    reason,
    reason_text: scope === 'provider' && reason === 'commission' ? PROVIDER_COMMISSION_TEXT : SELLER_REASON_TEXT[reason],
    pending_delta: r.pendingDelta,
    balance_delta: r.balanceDelta,
    frozen_delta: r.frozenDelta,
    withdrawn_delta: r.withdrawnDelta,
    pending_after: r.pendingAfter,
    balance_after: r.balanceAfter,
    note: r.note,
    created_at: r.createdAt.toISOString(),
  };
}

export async function sellerLedgerPage(
  user: SessionUser,
  q: { page: number; limit: number; reason: SellerReason | ''; from: string; to: string },
  scope: PayoutScope = 'seller',
): Promise<ApiOutput<'/seller/ledger'>> {
  const accountId = await myAccountId(user, scope);
  const where = and(
    eq(sellerLedger.accountId, accountId),
    q.reason ? eq(sellerLedger.reason, q.reason) : undefined,
    q.from ? gte(sellerLedger.createdAt, dayStart(q.from)) : undefined,
    q.to ? lt(sellerLedger.createdAt, new Date(dayStart(q.to).getTime() + 86_400_000)) : undefined,
  );
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
    list: rows.map((r) => ledgerEntryView(r, scope)),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

export async function withdrawalPage(
  user: SessionUser,
  page: number,
  limit: number,
  scope: PayoutScope = 'seller',
): Promise<ApiOutput<'/seller/withdrawals'>> {
  const accountId = await myAccountId(user, scope);
  const where = eq(sellerWithdrawals.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(sellerWithdrawals)
      .where(where)
      .orderBy(desc(sellerWithdrawals.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(sellerWithdrawals).where(where),
  ]);
  return { list: rows.map(withdrawalView), total: total?.n ?? 0, page, limit };
}

// ---------------------------------------------------------------------------------------------
// Bank cards

// Spelt out: drizzle renders a column of the outer table unqualified, which inside the subquery
// would name the withdrawal's own id.
const inUseSql = sql<boolean>`exists (select 1 from seller_withdrawals w where w.card_id = "bank_cards"."id" and w.status = 'pending')`;

function cardView(c: typeof bankCards.$inferSelect, inUse: boolean): BankCard {
  return {
    id: c.id,
    holder_name: c.holderName,
    bank_code: bankCodeOf(c.bankCode),
    bank_name: bankName(c.bankCode),
    card_mask: c.mask,
    in_use: inUse,
    created_at: c.createdAt.toISOString(),
  };
}

export async function listCards(user: SessionUser, scope: PayoutScope = 'seller'): Promise<ApiOutput<'/seller/bankCards'>> {
  const accountId = await myAccountId(user, scope);
  const rows = await db()
    .select({ card: bankCards, inUse: inUseSql })
    .from(bankCards)
    .where(eq(bankCards.accountId, accountId))
    .orderBy(desc(bankCards.id));
  return { list: rows.map((r) => cardView(r.card, Boolean(r.inUse))), max: MAX_BANK_CARDS };
}

/**
 * Adds a card: the number was checked by the contract (digits, 16–19, Luhn); then the SMS code sent
 * to the account's own phone (purpose bank_card) is spent, and the card is stored encrypted under the
 * account lock (at most MAX_BANK_CARDS, the same card once).
 */
export async function addCard(
  user: SessionUser,
  input: { holder_name: string; bank_code: BankCode; card_no: string; yzm: string },
  scope: PayoutScope = 'seller',
): Promise<BankCard> {
  if (!user.phone) throw refuse(BANK_TEXTS.noPhone);
  const accountId = await myAccountId(user, scope);
  const hash = cardNumberHash(input.card_no);
  // Cheap refusals before the code is spent.
  const [[dup], [have]] = await Promise.all([
    db()
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(and(eq(bankCards.accountId, accountId), eq(bankCards.numberHash, hash)))
      .limit(1),
    db().select({ n: count() }).from(bankCards).where(eq(bankCards.accountId, accountId)),
  ]);
  if (dup) throw refuse(BANK_TEXTS.cardTaken);
  if ((have?.n ?? 0) >= MAX_BANK_CARDS) throw refuse(BANK_TEXTS.tooMany);
  await consumeSmsCode(user.phone, 'bank_card', input.yzm);
  return db().transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [n] = await tx.select({ n: count() }).from(bankCards).where(eq(bankCards.accountId, accountId));
    if ((n?.n ?? 0) >= MAX_BANK_CARDS) throw refuse(BANK_TEXTS.tooMany);
    const [row] = await tx
      .insert(bankCards)
      .values({
        accountId,
        holderName: input.holder_name,
        bankCode: input.bank_code,
        numberCipher: encryptCardNumber(input.card_no),
        numberHash: hash,
        mask: maskCard(input.card_no),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw refuse(BANK_TEXTS.cardTaken);
    return cardView(row, false);
  });
}

/** Deletes one of the caller's cards, unless a pending withdrawal pays out to it. */
export async function deleteCard(user: SessionUser, cardId: number, scope: PayoutScope = 'seller'): Promise<null> {
  const accountId = await myAccountId(user, scope);
  await db().transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [card] = await tx
      .select({ id: bankCards.id, inUse: inUseSql })
      .from(bankCards)
      .where(and(eq(bankCards.id, cardId), eq(bankCards.accountId, accountId)))
      .limit(1);
    if (!card) throw notFound(BANK_TEXTS.cardNotFound);
    if (card.inUse) throw refuse(BANK_TEXTS.cardInUse);
    await tx.delete(bankCards).where(and(eq(bankCards.id, cardId), eq(bankCards.accountId, accountId)));
  });
  return null;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Requests a withdrawal of `amount` fen to one of the caller's cards. In one transaction under the
 * account lock: the request row (the partial unique index allows one pending per account) and the
 * hold balance → frozen (refused when the balance is short). Anything refused rolls both back.
 */
export async function requestWithdrawal(
  user: SessionUser,
  input: { card_id: number; amount: number; pay_password: string },
  scope: PayoutScope = 'seller',
): Promise<Withdrawal> {
  const min = env().WITHDRAW_MIN_FEN;
  if (input.amount < min) throw refuse(BANK_TEXTS.amountTooSmall(min));
  const accountId = await myAccountId(user, scope);
  const [card] = await db()
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(and(eq(bankCards.id, input.card_id), eq(bankCards.accountId, accountId)))
    .limit(1);
  if (!card) throw notFound(BANK_TEXTS.cardNotFound);
  await checkPayPassword(user.id, input.pay_password);
  return holdWithdrawal(accountId, card.id, input.amount);
}

/**
 * The request itself, after the caller's checks: under the account lock, the card must still be
 * the account's, no request may be pending, the row is inserted and the amount held (balance →
 * frozen through the ledger). The partial unique index backs the one-pending rule under any race.
 */
export async function holdWithdrawal(accountId: number, cardId: number, amount: number): Promise<Withdrawal> {
  try {
    return await db().transaction(async (tx) => {
      await lockAccount(tx, accountId);
      const [card] = await tx
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.id, cardId), eq(bankCards.accountId, accountId)))
        .limit(1);
      if (!card) throw notFound(BANK_TEXTS.cardNotFound);
      const [open] = await tx
        .select({ id: sellerWithdrawals.id })
        .from(sellerWithdrawals)
        .where(and(eq(sellerWithdrawals.accountId, accountId), eq(sellerWithdrawals.status, 'pending')))
        .limit(1);
      if (open) throw refuse(BANK_TEXTS.onePending);
      const [w] = await tx
        .insert(sellerWithdrawals)
        .values({ accountId, cardId: card.id, amount, bankCode: card.bankCode, holderName: card.holderName, cardMask: card.mask })
        .returning();
      if (!w) throw new Error('withdrawal insert returned nothing');
      await moveSellerMoney(
        tx,
        accountId,
        { balance: -amount, frozen: amount },
        'withdraw',
        { type: 'withdrawal', id: w.id, note: `提现到${bankName(card.bankCode)}（尾号 ${card.mask.slice(-4)}）` },
        BANK_TEXTS.insufficient,
      );
      return withdrawalView(w);
    });
  } catch (err) {
    // The database's own guard: a second pending request that slipped past the check.
    if (isUniqueViolation(err)) throw refuse(BANK_TEXTS.onePending);
    throw err;
  }
}

/** Work the operator console does inside a payout decision's transaction (audit row, notice). */
export type WithdrawalHook = (tx: TxOrDb, w: typeof sellerWithdrawals.$inferSelect) => Promise<void>;

/**
 * Operator: the money left for the card. pending → paid and frozen → withdrawn in one transaction,
 * with `inTx` (the console's audit row and notice) in the same one; answers false when the request
 * is no longer pending (a retry, a second click, or another operator who decided first).
 */
export async function markWithdrawalPaid(withdrawalId: number, inTx?: WithdrawalHook): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [w] = await tx
      .update(sellerWithdrawals)
      .set({ status: 'paid', decidedAt: new Date() })
      .where(and(eq(sellerWithdrawals.id, withdrawalId), eq(sellerWithdrawals.status, 'pending')))
      .returning();
    if (!w) return false;
    await moveSellerMoney(tx, w.accountId, { frozen: -w.amount, withdrawn: w.amount }, 'withdraw_paid', {
      type: 'withdrawal',
      id: w.id,
      note: `提现已打款到${bankName(w.bankCode)}（尾号 ${w.cardMask.slice(-4)}）`,
    });
    if (inTx) await inTx(tx, w);
    return true;
  });
}

/**
 * Operator: refuses a request; the held amount goes back to the balance (frozen → balance) in the
 * same transaction (with `inTx`). False when it is no longer pending.
 */
export async function refuseWithdrawal(withdrawalId: number, reason: string, inTx?: WithdrawalHook): Promise<boolean> {
  const why = reason.trim().slice(0, 200);
  if (!why) throw refuse('请填写退回原因');
  return db().transaction(async (tx) => {
    const [w] = await tx
      .update(sellerWithdrawals)
      .set({ status: 'refused', refuseReason: why, decidedAt: new Date() })
      .where(and(eq(sellerWithdrawals.id, withdrawalId), eq(sellerWithdrawals.status, 'pending')))
      .returning();
    if (!w) return false;
    await moveSellerMoney(tx, w.accountId, { frozen: -w.amount, balance: w.amount }, 'withdraw_back', {
      type: 'withdrawal',
      id: w.id,
      note: `提现退回：${why}`.slice(0, 100),
    });
    if (inTx) await inTx(tx, w);
    return true;
  });
}
