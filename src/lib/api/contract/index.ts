import { authApi } from './auth';
import { siteApi } from './site';
import { trainingApi } from './catalogue-training';
import { mallApi } from './catalogue-shop';
import { socialApi } from './catalogue-social';
import { searchApi } from './search';
import { accountApi } from './account';
import { oauthApi } from './oauth';
import { verifyApi } from './verify';
import { uploadApi } from './upload';
import { noticeApi } from './notice';
import { contentApi } from './content';
import { cartApi } from './cart';
import { addressApi } from './address';
import { couponApi } from './coupon';
import { walletApi } from './wallet';
import { studyApi } from './study';
import { checkoutApi } from './checkout';
import { payApi } from './pay';
import { orderApi } from './order';
import { sellerContentApi } from './seller-content';
import { sellerShopApi } from './seller-shop';
import { sellerOrderApi } from './seller-orders';
import { sellerFinanceApi } from './seller-finance';
import { shopCancelApi } from './shop-cancel';
import { providerApi, supplierApi } from './provider';
import { adminProviderApi } from './admin-providers';
import { applicationApi } from './applications';
import { adminApplicationApi } from './admin-applications';
import { adminApi, adminStaffApi } from './admin';
import { operationsApi } from './operations';
import { adminContentApi } from './admin-content';
import { imApi } from './im';
import { imSocialApi } from './im-social';
import { liveApi } from './live';
import { liveGiftApi } from './live-gifts';
import { liveCoachNoticeApi, liveNoticeApi, liveShopNoticeApi } from './live-notices';
import { livePlaybackApi } from './live-playback';
import { adminLiveApi } from './admin-live';
import { circleApi } from './circle';
import { referralApi } from './referral';
import { reviewApi } from './review';
import { critiqueApi } from './critique';
import { duanApi } from './duan';
import { homeworkApi } from './homework';
import { learnApi } from './learn';
import { adminCertificateApi, coachGradingApi, gradingApi } from './grading';
import { vipApi } from './vip';
import { adminPointsApi, pointsApi } from './points';
import { adminFlashApi, flashApi } from './flash';
import { adminGroupBuyApi, groupBuyApi, sellerGroupBuyApi } from './groupbuy';
import { adminPromotionApi, promotionApi, sellerPromotionApi } from './promotion';

/**
 * Every endpoint contract, grouped by feature. The server registers a handler for each (a test
 * checks none is missing); the browser types its calls from `ApiMap`.
 */
export const contracts = {
  auth: authApi,
  site: siteApi,
  training: trainingApi,
  mall: mallApi,
  social: socialApi,
  search: searchApi,
  account: accountApi,
  oauth: oauthApi,
  verify: verifyApi,
  upload: uploadApi,
  notice: noticeApi,
  content: contentApi,
  cart: cartApi,
  address: addressApi,
  coupon: couponApi,
  wallet: walletApi,
  study: studyApi,
  checkout: checkoutApi,
  pay: payApi,
  order: orderApi,
  sellerContent: sellerContentApi,
  sellerShop: sellerShopApi,
  sellerOrder: sellerOrderApi,
  sellerFinance: sellerFinanceApi,
  shopCancel: shopCancelApi,
  supplier: supplierApi,
  provider: providerApi,
  adminProvider: adminProviderApi,
  applications: applicationApi,
  adminApplications: adminApplicationApi,
  admin: adminApi,
  adminStaff: adminStaffApi,
  operations: operationsApi,
  adminContent: adminContentApi,
  im: imApi,
  imSocial: imSocialApi,
  live: liveApi,
  liveGift: liveGiftApi,
  liveNotice: liveNoticeApi,
  liveCoachNotice: liveCoachNoticeApi,
  liveShopNotice: liveShopNoticeApi,
  livePlayback: livePlaybackApi,
  adminLive: adminLiveApi,
  circle: circleApi,
  referral: referralApi,
  review: reviewApi,
  critique: critiqueApi,
  duan: duanApi,
  homework: homeworkApi,
  learn: learnApi,
  grading: gradingApi,
  groupBuy: groupBuyApi,
  sellerGroupBuy: sellerGroupBuyApi,
  adminGroupBuy: adminGroupBuyApi,
  coachGrading: coachGradingApi,
  adminCertificate: adminCertificateApi,
  vip: vipApi,
  points: pointsApi,
  adminPoints: adminPointsApi,
  flash: flashApi,
  adminFlash: adminFlashApi,
  promotion: promotionApi,
  sellerPromotion: sellerPromotionApi,
  adminPromotion: adminPromotionApi,
} as const;

type Groups = typeof contracts;
type AllDefs = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** Endpoint definitions keyed by path. */
export type ApiMap = { [D in AllDefs as D['path']]: D };

/** Every contract as a flat list (registration checks, fuzzing). */
export const allEndpoints = Object.values(contracts).flatMap((g) => Object.values(g));
