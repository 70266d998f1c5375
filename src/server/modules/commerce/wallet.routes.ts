import type { OpenAPIHono } from '@hono/zod-openapi';
import { walletApi } from '~/lib/api/contract/wallet';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { GIFT_REASONS, ledgerPage, walletSummary } from './wallet.service';

/** 钱包：余额与功夫币流水 */
export function registerWallet(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, walletApi.summary, ({ user }) => walletSummary(user.id));
  endpoint(api, walletApi.ledger, ({ input, user }) =>
    ledgerPage(user.id, input.page, input.limit, input.type === 'gift' ? GIFT_REASONS : undefined),
  );
}
