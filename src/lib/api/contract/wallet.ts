import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';
import { isoTime, pageInput, pageSchema } from '../fields';

const tags = ['交易'];

/** Whole kung fu coins (1 功夫币 = ¥1), not fen. */
const coins = () => z.number().int().describe('功夫币（个）');

/** Why a balance moved: 充值, 支付, 退款, 打赏, 收到打赏, 平台赠送. */
export const LEDGER_REASONS = ['topup', 'pay', 'refund', 'gift', 'reward', 'grant', 'adjust'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** One line of the coin ledger. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  delta: coins().describe('收入为正，支出为负'),
  balance_after: coins(),
  reason: z.enum(LEDGER_REASONS),
  reason_text: z.string(),
  note: z.string(),
  created_at: isoTime(),
});
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;

/** The member's wallet: balance, usable coupons, the ledger. */
export const walletApi = {
  summary: defineEndpoint({
    path: '/member/wallet',
    summary: '钱包概况：功夫币余额、可用优惠券数',
    tags,
    access: 'member',
    input: noInput,
    output: z.object({ coins: coins(), coupons: z.number().int().describe('可用优惠券张数') }),
  }),
  ledger: defineEndpoint({
    path: '/member/coinLedger',
    summary: '功夫币收支明细（type=gift 为打赏流水）',
    tags,
    access: 'member',
    input: z.object({ ...pageInput, type: z.enum(['all', 'gift'], { error: '流水类型不正确' }).default('all') }),
    output: pageSchema(ledgerEntrySchema),
  }),
};
