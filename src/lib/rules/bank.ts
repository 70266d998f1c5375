/**
 * Bank cards and withdrawals of the seller areas: the banks a card may belong to,
 * the card-number check (digits, 16–19 long, Luhn), masking, and the texts both sides show.
 * Zod-free so the browser can use it without pulling zod.
 */

/** Major Chinese banks (code → name); a card must belong to one of them. */
export const BANKS = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'SPDB', name: '浦发银行' },
  { code: 'CITIC', name: '中信银行' },
  { code: 'CEB', name: '中国光大银行' },
  { code: 'CMBC', name: '中国民生银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'PAB', name: '平安银行' },
  { code: 'HXB', name: '华夏银行' },
  { code: 'GDB', name: '广发银行' },
] as const;

export type BankCode = (typeof BANKS)[number]['code'];
export const BANK_CODES = BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];

/** The bank's name for a code ('' for an unknown code). */
export const bankName = (code: string): string => BANKS.find((b) => b.code === code)?.name ?? '';

/** At most this many cards per seller account. */
export const MAX_BANK_CARDS = 5;

export const BANK_TEXTS = {
  holderRequired: '请输入持卡人姓名',
  holderInvalid: '持卡人姓名须为 2–20 个汉字或字母',
  bankRequired: '请选择开户银行',
  cardRequired: '请输入银行卡号',
  cardDigits: '银行卡号只能包含数字',
  cardLength: '银行卡号应为 16–19 位数字',
  cardLuhn: '银行卡号有误，请核对后重新输入',
  cardTaken: '这张银行卡已添加过',
  tooMany: `最多只能添加 ${MAX_BANK_CARDS} 张银行卡`,
  cardNotFound: '银行卡不存在',
  cardInUse: '这张银行卡有正在处理的提现，处理完成后才能删除',
  noPhone: '请先绑定手机号，再添加银行卡',
  amountRequired: '请输入提现金额',
  amountInvalid: '提现金额最多保留两位小数',
  amountTooSmall: (minFen: number) => `单笔提现金额不能低于 ¥${(minFen / 100).toFixed(2)}`,
  amountTooLarge: '提现金额不能超过可提现余额',
  cardChoose: '请选择提现到账的银行卡',
  payPwRequired: '请输入支付密码',
  onePending: '已有一笔提现正在处理，请等待处理完成后再申请',
  insufficient: '可提现余额不足',
  withdrawalNotFound: '提现记录不存在',
} as const;

/** The digits of a typed card number (spaces and dashes people type in groups are dropped). */
export const cardDigits = (raw: string): string => raw.replace(/[\s-]/g, '');

/** Luhn (mod 10) check of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What is wrong with a typed card number, or null when it may be saved. */
export function cardNoError(raw: string): string | null {
  const d = cardDigits(raw);
  if (!d) return BANK_TEXTS.cardRequired;
  if (!/^\d+$/.test(d)) return BANK_TEXTS.cardDigits;
  if (d.length < 16 || d.length > 19) return BANK_TEXTS.cardLength;
  if (!luhnValid(d)) return BANK_TEXTS.cardLuhn;
  return null;
}

/** Holder names: 2–20 Chinese characters or letters, with the middle dot or spaces of foreign names. */
export const HOLDER_RE = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·.\s]{0,18}[\u4e00-\u9fa5A-Za-z]$/;

export function holderError(raw: string): string | null {
  const v = raw.trim();
  if (!v) return BANK_TEXTS.holderRequired;
  return HOLDER_RE.test(v) ? null : BANK_TEXTS.holderInvalid;
}

/** `6222 **** **** 1234`: the first and last four digits, the rest hidden. */
export function maskCard(digits: string): string {
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}

/** Groups of four as the user types: `6222 0212 3456 7890 123`. */
export const groupCardDigits = (raw: string): string =>
  cardDigits(raw)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Yuan typed by a person ("100", "99.5", "10.05") → fen; null when it is not a money amount with at
 * most two decimals.
 */
export function yuanToFen(raw: string): number | null {
  const v = raw.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  const [whole = '0', frac = ''] = v.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Withdrawal states: pending until the operator pays it out or refuses it (the amount comes back). */
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'refused'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_STATUS_TEXT: Record<WithdrawalStatus, string> = {
  pending: '处理中',
  paid: '已到账',
  refused: '已退回',
};

/** Seller ledger reasons as the finance page names them. */
export const SELLER_REASON_TEXT = {
  sale: '销售收入',
  commission: '代理佣金',
  settle: '收入结算',
  refund: '退款扣回',
  withdraw: '申请提现',
  withdraw_paid: '提现到账',
  withdraw_back: '提现退回',
  gift: '直播打赏',
  share: '推广佣金',
  share_paid: '推广佣金支出',
  share_back: '推广佣金退回',
} as const;
export type SellerReason = keyof typeof SELLER_REASON_TEXT;
/** A provider's `commission` rows are its share of its team's sales. */
export const PROVIDER_COMMISSION_TEXT = '服务商佣金';
export const SELLER_REASONS = Object.keys(SELLER_REASON_TEXT) as [SellerReason, ...SellerReason[]];

/** How many days the income chart covers. */
export const INCOME_CHART_DAYS = 30;

/** Fen as money with thousands separators: 123456 → ¥1,234.56. */
export function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}
