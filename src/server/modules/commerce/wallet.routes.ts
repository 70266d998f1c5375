import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { ledgerPage, walletSummary } from './wallet.service';

const anyObj = z.record(z.string(), z.unknown());

/** 钱包：余额与功夫币流水 */
export function registerWallet(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    {
      path: '/member/wallet',
      summary: '钱包概况：功夫币余额、可用优惠券数',
      tags,
      access: 'member',
      output: z.object({ coins: z.number(), coupons: z.number() }),
    },
    ({ user }) => walletSummary(user.id),
  );
  endpoint(
    api,
    {
      path: '/member/coinLedger',
      summary: '功夫币收支明细（type=gift 为打赏流水）',
      tags,
      access: 'member',
      input: z.object({ ...pageInput, type: z.enum(['all', 'gift']).default('all') }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => ledgerPage(user.id, input.page, input.limit, input.type === 'gift' ? ['gift', 'reward'] : undefined) as never,
  );
}
