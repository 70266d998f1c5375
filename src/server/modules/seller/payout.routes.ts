import type { OpenAPIHono } from '@hono/zod-openapi';
import { sellerFinanceApi } from '~/lib/api/contract/seller-finance';
import { shopCancelApi } from '~/lib/api/contract/shop-cancel';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import {
  addCard,
  deleteCard,
  financeSummary,
  incomeChart,
  listCards,
  requestWithdrawal,
  sellerLedgerPage,
  withdrawalPage,
} from './payout.service';
import { applyCancel, applyCancelInfo, applyCancelStatus, withdrawCancel } from './shop-cancel.service';

/** Seller finance (overview, income chart, ledger, bank cards, withdrawals) and shop cancellation. */
export function registerSellerPayouts(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, sellerFinanceApi.summary, ({ user }) => financeSummary(user));
  endpoint(api, sellerFinanceApi.income, ({ user }) => incomeChart(user));
  endpoint(api, sellerFinanceApi.ledger, ({ user, input }) => sellerLedgerPage(user, input));
  endpoint(api, sellerFinanceApi.withdrawals, ({ user, input }) => withdrawalPage(user, input.page, input.limit));
  endpoint(api, sellerFinanceApi.withdraw, ({ user, input }) => requestWithdrawal(user, input));
  endpoint(api, sellerFinanceApi.cards, ({ user }) => listCards(user));
  endpoint(api, sellerFinanceApi.addCard, ({ user, input }) => addCard(user, input));
  endpoint(api, sellerFinanceApi.deleteCard, ({ user, input }) => deleteCard(user, input.id));

  endpoint(api, shopCancelApi.status, ({ user }) => applyCancelStatus(user.id));
  endpoint(api, shopCancelApi.info, ({ user }) => applyCancelInfo(user.id));
  endpoint(api, shopCancelApi.apply, ({ user, input }) => applyCancel(user.id, input.reason));
  endpoint(api, shopCancelApi.withdraw, ({ user }) => withdrawCancel(user.id));
}
