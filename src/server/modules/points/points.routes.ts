import type { OpenAPIHono } from '@hono/zod-openapi';
import { adminPointsApi, pointsApi } from '~/lib/api/contract/points';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import * as A from './admin.service';
import { ledgerPage } from './history.service';
import { myRedemptions, redeem, shopItems } from './shop.service';
import { pointsSummary, signIn, signinCalendar } from './signin.service';

export function registerPoints(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, pointsApi.summary, ({ user }) => pointsSummary(user.id));
  endpoint(api, pointsApi.signin, ({ user }) => signIn(user.id));
  endpoint(api, pointsApi.calendar, ({ user, input }) => signinCalendar(user.id, input.month));
  endpoint(api, pointsApi.ledger, ({ user, input }) => ledgerPage(user.id, input.page, input.limit));
  endpoint(api, pointsApi.items, ({ user, input }) => shopItems(user.id, input.page, input.limit));
  endpoint(api, pointsApi.redeem, ({ user, input }) => redeem(user.id, input.id, input.address_id));
  endpoint(api, pointsApi.redemptions, ({ user, input }) => myRedemptions(user.id, input.page, input.limit));

  endpoint(api, adminPointsApi.config, () => A.adminPointsConfig());
  endpoint(api, adminPointsApi.configSave, ({ input, staff, c }) => A.saveAdminPointsConfig({ staff, c }, input).then(() => null));
  endpoint(api, adminPointsApi.items, ({ input }) => A.adminItems(input.page, input.limit));
  endpoint(api, adminPointsApi.itemSave, ({ input, staff, c }) => A.saveItem({ staff, c }, input));
  endpoint(api, adminPointsApi.itemStatus, ({ input, staff, c }) => A.setItemStatus({ staff, c }, input.id, input.status).then(() => null));
  endpoint(api, adminPointsApi.redemptions, ({ input }) => A.adminRedemptions(input.page, input.limit, input.pending === 1));
  endpoint(api, adminPointsApi.ship, ({ input, staff, c }) =>
    A.shipRedemption({ staff, c }, input.id, input.company, input.no).then(() => null),
  );
  endpoint(api, adminPointsApi.memberLedger, ({ input }) => A.memberLedger(input.id, input.page, input.limit));
}
