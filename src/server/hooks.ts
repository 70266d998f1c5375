import { markWired, on } from './events';
import { providerShareOfPaid } from './modules/provider/commission';
import { rewardReferral } from './modules/referral/referral.service';
import { creditSale, reverseIncome, settleOrder } from './modules/seller/income';
import { memberSeesSubmission } from './modules/learning/homework-access';
import { reportedSubmission } from './modules/learning/homework.service';
import { registerReportTarget } from './modules/report/report.service';
import { registerGradingOrders } from './modules/learning/grading-orders';
import { registerVipOrders } from './modules/vip/vip-orders';
import { rewardFirstOrder, rewardHomework, rewardReview, takeBackOrderPoints } from './modules/points/earn';
import { registerFlashOrders } from './modules/flash/flash-orders';
import { registerGroupBuyOrders } from './modules/groupbuy/group-orders';
import { attributeOrder, reverseCommission, settleCommission } from './modules/promotion/commission';

/**
 * Every cross-module reaction in one list (module order: composition). The module where something
 * happens emits (src/server/events.ts); the handlers below run in the emitter's transaction, in
 * this order. Every entry point that can emit imports this file: the API (app.ts), the job runner
 * (jobs.ts), start-up and the scripts.
 */

// A new order: 分销 — the sharer of the buyer's latest click within the window is recorded with the commission.
on('order.created', ({ tx, order, visitor }) => attributeOrder(tx, order, visitor));

// A paid order: the seller's (and an agent's) income enters pending; then a team coach's provider's share.
on('order.paid', ({ tx, order }) => creditSale(tx, order));
on('order.paid', ({ tx, order }) => providerShareOfPaid(tx, order));

// A completed order: the income settles pending → balance; the buyer's inviter is rewarded on a first order (推荐好友).
on('order.completed', ({ tx, order }) => settleOrder(tx, order));
on('order.completed', ({ tx, order }) => rewardReferral(tx, order));
// 积分: a member's first completed order (past the refund window: only a dispute can still refund it), a
// published review, homework a coach reviewed — each once, in the transaction of its cause.
on('order.completed', ({ tx, order }) => rewardFirstOrder(tx, order));
on('review.published', ({ tx, userId, reviewId }) => rewardReview(tx, userId, reviewId));
on('homework.reviewed', ({ tx, userId, submissionId }) => rewardHomework(tx, userId, submissionId));
// …then 分销: the sharer's commission is paid out of the seller's just-settled balance.
on('order.completed', ({ tx, order }) => settleCommission(tx, order));

// An approved refund: what the order credited (owner, agent, provider) comes back out of pending, or of the
// balance once settled; a balance that cannot cover it refuses the refund.
// 分销 first: a settled commission comes back to the seller's balance before the seller's income is taken back.
on('refund.approved', ({ tx, order }) => reverseCommission(tx, order));
on('refund.approved', ({ tx, order }) => reverseIncome(tx, order));
// 积分: what the order earned (first-order bonus, its reviews) is taken back once, never below a zero balance.
on('refund.approved', ({ tx, order }) => takeBackOrderPoints(tx, order));

// A homework video can be reported (learning may not import report) by those who may see it — the
// course's owner (the learner's own is refused as self) — so nobody can flood the queue with guessed
// ids; staff handling it play it on the console page, the only other place where it plays.
registerReportTarget('homework', {
  find: reportedSubmission,
  visibleTo: memberSeesSubmission,
  href: (id) => `/admin/homework-video?id=${id}`,
});
// 考评 seats are orders of kind 'grading': commerce's order code calls learning back through its registry.
registerGradingOrders();
// VIP plans are orders of kind 'vip'; the membership answers the catalogue's VIP免费 and commerce's 会员价 checks.
registerVipOrders();
// 秒杀 items are course and goods orders at a flash price: commerce gives their flash stock back through its registry.
registerFlashOrders();
// 拼团 orders are held until their group forms: commerce calls groupbuy back through its registry.
registerGroupBuyOrders();

markWired();
