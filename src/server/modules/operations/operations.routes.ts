import type { OpenAPIHono } from '@hono/zod-openapi';
import { operationsApi as ops } from '~/lib/api/contract/operations';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { disputeInfo, disputeQueue, grantDispute, openDispute, registerDisputeQueue, upholdDispute } from './disputes.service';
import {
  adjustCoins,
  disableMember,
  enableMember,
  memberCoins,
  memberDetail,
  memberOrders,
  memberSellerLedger,
  searchMembers,
} from './members.service';
import { fileReport } from '../report/report.service';
import { dismissReport, registerReportQueue, reportQueue, takeDownReport } from './reports.service';
import { approveCancel, refuseCancel, registerShopCancelQueue, shopCancelQueue } from '../seller/shop-cancel.console';
import { dailyStats } from './stats.service';
import { payWithdrawal, refuseWithdrawalByOperator, registerWithdrawalQueue, revealCard, withdrawalQueue } from './withdrawals.service';

/** 运营后台：提现、店铺注销、退款仲裁、内容举报、会员管理与经营报表（见本模块 README），以及会员侧的仲裁与举报 */
export function registerOperations(api: OpenAPIHono<AppEnv>): void {
  registerWithdrawalQueue();
  registerShopCancelQueue();
  registerDisputeQueue();
  registerReportQueue();

  endpoint(api, ops.withdrawals, ({ input }) => withdrawalQueue(input));
  endpoint(api, ops.withdrawalCard, ({ input, staff, c }) => revealCard({ staff, c }, input.id));
  endpoint(api, ops.withdrawalPay, ({ input, staff, c }) => payWithdrawal({ staff, c }, input.id, input.reference));
  endpoint(api, ops.withdrawalRefuse, ({ input, staff, c }) => refuseWithdrawalByOperator({ staff, c }, input.id, input.reason));

  endpoint(api, ops.shopCancels, ({ input }) => shopCancelQueue(input));
  endpoint(api, ops.shopCancelApprove, ({ input, staff, c }) => approveCancel({ staff, c }, input.id, input.note));
  endpoint(api, ops.shopCancelRefuse, ({ input, staff, c }) => refuseCancel({ staff, c }, input.id, input.reason));

  endpoint(api, ops.disputes, ({ input }) => disputeQueue(input));
  endpoint(api, ops.disputeGrant, ({ input, staff, c }) =>
    grantDispute({ staff, c }, input.id, input.note, (req) => Promise.resolve(api.fetch(req))),
  );
  endpoint(api, ops.disputeUphold, ({ input, staff, c }) => upholdDispute({ staff, c }, input.id, input.note));

  endpoint(api, ops.reports, ({ input }) => reportQueue(input));
  endpoint(api, ops.reportDismiss, ({ input, staff, c }) => dismissReport({ staff, c }, input.id, input.note));
  endpoint(api, ops.reportTakedown, ({ input, staff, c }) => takeDownReport({ staff, c }, input.id, input.note));

  endpoint(api, ops.members, ({ input }) => searchMembers(input));
  endpoint(api, ops.member, ({ input }) => memberDetail(input.id));
  endpoint(api, ops.memberOrders, ({ input }) => memberOrders(input));
  endpoint(api, ops.memberCoins, ({ input }) => memberCoins(input));
  endpoint(api, ops.memberSellerLedger, ({ input }) => memberSellerLedger(input));
  endpoint(api, ops.memberDisable, ({ input, staff, c }) => disableMember({ staff, c }, input.id, input.reason));
  endpoint(api, ops.memberEnable, ({ input, staff, c }) => enableMember({ staff, c }, input.id, input.note));
  endpoint(api, ops.memberCoinsAdjust, ({ input, staff, c }) => adjustCoins({ staff, c }, input));

  endpoint(api, ops.stats, ({ input }) => dailyStats(input.from, input.to));

  endpoint(api, ops.memberDispute, ({ input, user }) => openDispute(user.id, input.order_id, input.reason));
  endpoint(api, ops.memberDisputeInfo, ({ input, user }) => disputeInfo(user.id, input.order_id));
  endpoint(api, ops.report, ({ input, user }) => fileReport(user.id, input));
}
