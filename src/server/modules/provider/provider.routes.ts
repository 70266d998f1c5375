import type { OpenAPIHono } from '@hono/zod-openapi';
import { providerApi, supplierApi } from '~/lib/api/contract/provider';
import { adminProviderApi } from '~/lib/api/contract/admin-providers';
import { audit } from '../../console/audit';
import { registerQueue } from '../../console/queues';
import { refuse } from '../../http/errors';
import { PROVIDER_TEXTS } from '~/lib/rules/provider';
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
import {
  applicationPage,
  approveApplication,
  pendingApplicationCount,
  providerPage,
  refuseApplication,
  submitApplication,
  supplierStatus,
} from './application.service';
import { ledgerDetail, overview, providerInfo, saveProviderInfo, teamCourses, teamOrderDetail, teamOrders } from './area.service';
import { invite, registerTeamConsent, removeMember, teamPage } from './team.service';

/** Provider applications and the provider area. */
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

  // The operator console (/admin/providers): reviewers decide, each decision audited in its transaction.
  registerQueue({
    key: 'provider_applications',
    label: '服务商入驻申请',
    href: '/admin/providers',
    roles: ['reviewer'],
    count: pendingApplicationCount,
  });
  endpoint(api, adminProviderApi.applications, ({ input }) => applicationPage(input));
  endpoint(api, adminProviderApi.list, ({ input }) => providerPage(input));
  endpoint(api, adminProviderApi.approve, async ({ input, staff, c }) => {
    const done = await approveApplication(input.id, staff.id, input.note, (tx, d) =>
      audit(tx, { staff, c }, { action: 'provider.approve', target: 'provider_applications', targetId: input.id, ...d, note: input.note }),
    );
    if (!done) throw refuse(PROVIDER_TEXTS.notPending);
    return { provider_id: done.providerId };
  });
  endpoint(api, adminProviderApi.refuse, async ({ input, staff, c }) => {
    const done = await refuseApplication(input.id, staff.id, input.reason, (tx, d) =>
      audit(tx, { staff, c }, { action: 'provider.refuse', target: 'provider_applications', targetId: input.id, ...d, note: input.reason }),
    );
    if (!done) throw refuse(PROVIDER_TEXTS.notPending);
    return null;
  });
}
