import { api } from '../api/client';
import type { BankCard, FinanceSummary, IncomeDay, SellerLedgerEntry, Withdrawal } from '../api/contract/seller-finance';
import { BANK_CODES, BANK_TEXTS, cardDigits, cardNoError, holderError, yuanToFen, type BankCode, type SellerReason } from '../rules/bank';
import { smsCodeError } from '../rules/sms';
import type { SellerArea } from '../rules/seller-nav';
import { InputError, check } from './action';
import { createPagedList } from './paged';

export type { BankCard, FinanceSummary, IncomeDay, SellerLedgerEntry, Withdrawal };

/**
 * Whose finance pages: a seller area's (the coach's or shop's account), the provider area's (the
 * provider's own account, same pages and rules, `/api/provider/*` endpoints), or a member's 分销
 * commission account (`promotion`, `/api/member/promotion/*`).
 */
export type FinanceArea = SellerArea | 'provider' | 'promotion';
const isProvider = (area: FinanceArea) => area === 'provider';
const isPromotion = (area: FinanceArea) => area === 'promotion';

/** The finance pages of an area: /coach/finance…, /mechant/finance…, /my/service_identity/finance…, /my/promotion/finance… */
export const financeBase = (area: FinanceArea): string =>
  isPromotion(area) ? '/my/promotion/finance' : isProvider(area) ? '/my/service_identity/finance' : `/${area}/finance`;
/** Where the money overview (with the withdrawal button) lives. */
export const financeHome = (area: FinanceArea): string => (isProvider(area) ? '/my/service_identity/money' : financeBase(area));

export const fetchFinance = (area: FinanceArea = 'coach'): Promise<FinanceSummary> =>
  isPromotion(area) ? api('/member/promotion/finance') : isProvider(area) ? api('/provider/finance') : api('/seller/finance');
export const fetchIncome = (area: FinanceArea = 'coach') =>
  isPromotion(area) ? api('/member/promotion/incomeChart') : isProvider(area) ? api('/provider/incomeChart') : api('/seller/incomeChart');
export const fetchCards = (area: FinanceArea = 'coach') =>
  isPromotion(area) ? api('/member/promotion/bankCards') : isProvider(area) ? api('/provider/bankCards') : api('/seller/bankCards');

export const LEDGER_PAGE = 10;

/** What the ledger is filtered by: a reason ('' = all) and a China-time day range ('' = open). */
export interface LedgerFilter {
  reason: SellerReason | '';
  from: string;
  to: string;
}
export const NO_FILTER: LedgerFilter = { reason: '', from: '', to: '' };

export function ledgerFilterError(f: LedgerFilter): string | null {
  return f.from && f.to && f.from > f.to ? '开始日期不能晚于结束日期' : null;
}

export const createSellerLedger = (area: FinanceArea = 'coach') =>
  createPagedList<SellerLedgerEntry, LedgerFilter>(
    (f, page) =>
      isPromotion(area)
        ? api('/member/promotion/ledger', { page, limit: LEDGER_PAGE, ...f })
        : isProvider(area)
          ? api('/provider/ledger', { page, limit: LEDGER_PAGE, ...f })
          : api('/seller/ledger', { page, limit: LEDGER_PAGE, ...f }),
    NO_FILTER,
  );

export const createWithdrawalList = (area: FinanceArea = 'coach') =>
  createPagedList<Withdrawal, null>(
    (_, page) =>
      isPromotion(area)
        ? api('/member/promotion/withdrawals', { page, limit: LEDGER_PAGE })
        : isProvider(area)
          ? api('/provider/withdrawals', { page, limit: LEDGER_PAGE })
          : api('/seller/withdrawals', { page, limit: LEDGER_PAGE }),
    null,
  );

/** The change a ledger line made to what the seller sees first: the withdrawable balance, else pending. */
export function ledgerAmount(e: SellerLedgerEntry): { column: string; delta: number } {
  if (e.balance_delta !== 0) return { column: '可提现', delta: e.balance_delta };
  if (e.pending_delta !== 0) return { column: '待结算', delta: e.pending_delta };
  if (e.frozen_delta !== 0) return { column: '提现中', delta: e.frozen_delta };
  return { column: '已提现', delta: e.withdrawn_delta };
}

/** The chart's axes: `MM-DD` labels and yuan values. */
export function chartSeries(days: IncomeDay[]): { labels: string[]; income: number[]; refund: number[] } {
  return {
    labels: days.map((d) => d.date.slice(5)),
    income: days.map((d) => d.income / 100),
    refund: days.map((d) => d.refund / 100),
  };
}

// ----------------------------------------------------------------------------------------------
// Bank cards

export interface CardForm {
  holder_name: string;
  bank_code: string;
  card_no: string;
  yzm: string;
}
export const EMPTY_CARD: CardForm = { holder_name: '', bank_code: '', card_no: '', yzm: '' };

const isBank = (v: string): v is BankCode => (BANK_CODES as readonly string[]).includes(v);

/** Checks the form like the server does (name, bank, digits/length/Luhn, code) and adds the card. */
export async function addBankCard(form: CardForm, area: FinanceArea = 'coach'): Promise<BankCard> {
  check(holderError(form.holder_name));
  const bank = form.bank_code;
  if (!isBank(bank)) throw new InputError(BANK_TEXTS.bankRequired);
  check(cardNoError(form.card_no));
  check(smsCodeError(form.yzm));
  const body = { holder_name: form.holder_name.trim(), bank_code: bank, card_no: cardDigits(form.card_no), yzm: form.yzm.trim() };
  return isPromotion(area)
    ? api('/member/promotion/bankCardAdd', body)
    : isProvider(area)
      ? api('/provider/bankCardAdd', body)
      : api('/seller/bankCardAdd', body);
}

export const deleteBankCard = (id: number, area: FinanceArea = 'coach') =>
  isPromotion(area)
    ? api('/member/promotion/bankCardDelete', { id })
    : isProvider(area)
      ? api('/provider/bankCardDelete', { id })
      : api('/seller/bankCardDelete', { id });

// ----------------------------------------------------------------------------------------------
// Withdrawals

export interface WithdrawForm {
  card_id: number | null;
  amount: string;
  pay_password: string;
}

/** The amount in fen after the same checks as the server (card, yuan with ≤ 2 decimals, minimum, balance, password). */
export function withdrawAmount(form: WithdrawForm, summary: Pick<FinanceSummary, 'balance' | 'min_withdraw'>): number {
  check(form.card_id ? null : BANK_TEXTS.cardChoose);
  check(form.amount.trim() ? null : BANK_TEXTS.amountRequired);
  const fen = yuanToFen(form.amount);
  check(fen === null ? BANK_TEXTS.amountInvalid : null);
  const amount = fen ?? 0;
  check(amount < summary.min_withdraw ? BANK_TEXTS.amountTooSmall(summary.min_withdraw) : null);
  check(amount > summary.balance ? BANK_TEXTS.amountTooLarge : null);
  check(/^\d{6}$/.test(form.pay_password) ? null : form.pay_password ? '支付密码为 6 位数字' : BANK_TEXTS.payPwRequired);
  return amount;
}

export async function submitWithdrawal(form: WithdrawForm, summary: FinanceSummary, area: FinanceArea = 'coach'): Promise<Withdrawal> {
  const amount = withdrawAmount(form, summary);
  const body = { card_id: form.card_id ?? 0, amount, pay_password: form.pay_password };
  return isPromotion(area)
    ? api('/member/promotion/withdraw', body)
    : isProvider(area)
      ? api('/provider/withdraw', body)
      : api('/seller/withdraw', body);
}
