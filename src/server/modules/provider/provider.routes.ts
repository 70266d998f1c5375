import type { OpenAPIHono } from '@hono/zod-openapi';
import { providerApi, supplierApi } from '~/lib/api/contract/provider';
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
} from '../seller/payout.service';
import { submitApplication, supplierStatus } from './application.service';
import { ledgerDetail, overview, providerInfo, saveProviderInfo, teamCourses, teamOrderDetail, teamOrders } from './area.service';
import { invite, registerTeamConsent, removeMember, teamPage } from './team.service';

/** Provider applications and the provider area (issue 13 §1–§2). */
export function registerProviders(api: OpenAPIHono<AppEnv>): void {
  registerTeamConsent();
  endpoint(api, supplierApi.settle, ({ user, input }) => submitApplication(user, input));
  endpoint(api, supplierApi.status, ({ user }) => supplierStatus(user));

  endpoint(api, providerApi.overview, ({ user }) => overview(user));
  endpoint(api, providerApi.info, ({ user }) => providerInfo(user));
  endpoint(api, providerApi.infoSave, ({ user, input }) => saveProviderInfo(user, input));
  endpoint(api, providerApi.team, ({ user, input }) => teamPage(user, input));
  endpoint(api, providerApi.invite, ({ user, input }) => invite(user, input.phone));
  endpoint(api, providerApi.remove, ({ user, input }) => removeMember(user, input.id));
  endpoint(api, providerApi.courses, ({ user, input }) => teamCourses(user, input));
  endpoint(api, providerApi.orders, ({ user, input }) => teamOrders(user, input));
  endpoint(api, providerApi.orderDetail, ({ user, input }) => teamOrderDetail(user, input.id));
  endpoint(api, providerApi.ledgerDetail, ({ user, input }) => ledgerDetail(user, input.id));

  endpoint(api, providerApi.summary, ({ user }) => financeSummary(user, 'provider'));
  endpoint(api, providerApi.income, ({ user }) => incomeChart(user, 'provider'));
  endpoint(api, providerApi.ledger, ({ user, input }) => sellerLedgerPage(user, input, 'provider'));
  endpoint(api, providerApi.withdrawals, ({ user, input }) => withdrawalPage(user, input.page, input.limit, 'provider'));
  endpoint(api, providerApi.withdraw, ({ user, input }) => requestWithdrawal(user, input, 'provider'));
  endpoint(api, providerApi.cards, ({ user }) => listCards(user, 'provider'));
  endpoint(api, providerApi.addCard, ({ user, input }) => addCard(user, input, 'provider'));
  endpoint(api, providerApi.deleteCard, ({ user, input }) => deleteCard(user, input.id, 'provider'));
}
