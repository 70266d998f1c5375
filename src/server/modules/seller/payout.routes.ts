import type { OpenAPIHono } from '@hono/zod-openapi';
import { promotionApi } from '~/lib/api/contract/promotion';
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

/**
 * A member's 分销 commission money (/my/promotion): the same finance code path on the member's own
 * account (owner kind `member`): ledger, bank cards, withdrawals behind the pay password.
 */
export function registerMemberPayouts(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, promotionApi.finance, ({ user }) => financeSummary(user, 'member'));
  endpoint(api, promotionApi.income, ({ user }) => incomeChart(user, 'member'));
  endpoint(api, promotionApi.ledger, ({ user, input }) => sellerLedgerPage(user, input, 'member'));
  endpoint(api, promotionApi.withdrawals, ({ user, input }) => withdrawalPage(user, input.page, input.limit, 'member'));
  endpoint(api, promotionApi.withdraw, ({ user, input }) => requestWithdrawal(user, input, 'member'));
  endpoint(api, promotionApi.cards, ({ user }) => listCards(user, 'member'));
  endpoint(api, promotionApi.addCard, ({ user, input }) => addCard(user, input, 'member'));
  endpoint(api, promotionApi.deleteCard, ({ user, input }) => deleteCard(user, input.id, 'member'));
}
