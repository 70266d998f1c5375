import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie, setCookie } from 'hono/cookie';
import { adminPromotionApi, promotionApi, sellerPromotionApi } from '~/lib/api/contract/promotion';
import { CLICK_LIMIT, PROMOTION_TEXTS, SHARE_COOKIE, WINDOW_DAYS_MAX } from '~/lib/rules/promotion';
import { clientIp, type AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { tooMany } from '../../http/errors';
import { CallLimiter } from '../../security/limiter';
import { env } from '../../env';
import { myShareLink, newVisitor, recordClick, VISITOR_RE } from './share.service';
import { promotionItems, promotionOrderPage, promotionSummary } from './center.service';
import {
  adminPromotionSettings,
  saveAdminPromotionSettings,
  saveSellerRate,
  sellerPromotionSettings,
  sellerRateItems,
} from './rates.service';

/** Landings per address (every instance counts the same): click counts cannot be inflated from one machine. */
const clickLimiter = new CallLimiter('promotion-click', CLICK_LIMIT.points, CLICK_LIMIT.windowS);

/** 分销: the landing click, the member's links and 推广中心, the seller's rates and the console's limits. */
export function registerPromotion(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, promotionApi.click, async ({ input, user, c }) => {
    // Over budget: refused before anything is recorded or a cookie is set.
    if ((await clickLimiter.take(clientIp(c))) > 0) throw tooMany(PROMOTION_TEXTS.clickTooFast);
    const had = getCookie(c, SHARE_COOKIE) ?? '';
    const visitor = VISITOR_RE.test(had) ? had : newVisitor();
    // The token outlives any window the console may set; the window itself is checked at order time.
    setCookie(c, SHARE_COOKIE, visitor, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api',
      maxAge: WINDOW_DAYS_MAX * 86_400,
      secure: env().SITE_URL.startsWith('https:'),
    });
    return recordClick(visitor, user?.id ?? null, input);
  });
  endpoint(api, promotionApi.link, ({ user, input }) => myShareLink(user.id, input.kind, input.id));
  endpoint(api, promotionApi.summary, ({ user }) => promotionSummary(user.id));
  endpoint(api, promotionApi.items, ({ user, input }) => promotionItems(user.id, input.page, input.limit));
  endpoint(api, promotionApi.orders, ({ user, input }) => promotionOrderPage(user.id, input.page, input.limit));

  endpoint(api, sellerPromotionApi.settings, ({ user }) => sellerPromotionSettings(user));
  endpoint(api, sellerPromotionApi.items, ({ user, input }) => sellerRateItems(user, input));
  endpoint(api, sellerPromotionApi.save, ({ user, input }) => saveSellerRate(user, input));

  endpoint(api, adminPromotionApi.settings, () => adminPromotionSettings());
  endpoint(api, adminPromotionApi.save, ({ staff, c, input }) => saveAdminPromotionSettings({ staff, c }, input));
}
