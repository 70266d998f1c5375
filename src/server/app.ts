import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { Code } from '~/lib/api/codes';
import { T } from '~/lib/texts';
import { env } from './env';
import { errorFields, log, requestContext } from './log';
import type { AppEnv } from './http/context';
import { AppError } from './http/errors';
import { API_PREFIX, fail } from './http/envelope';
import { knownPaths } from './http/endpoint';
import { registerAuth } from './modules/auth/auth.routes';
import { resolveSession } from './modules/auth/session.service';
import { registerSite } from './modules/site/site.routes';
import { registerContent } from './modules/content/content.routes';
import { registerVerify } from './modules/verify/verify.routes';
import { registerAccount } from './modules/account/account.routes';
import { registerOAuth } from './modules/oauth/oauth.routes';
import { registerUpload } from './modules/upload/upload.routes';
import { registerNotice } from './modules/notice/notice.routes';
import { registerCatalogue } from './modules/catalogue/catalogue.routes';
import { registerCommerce } from './modules/commerce/commerce.routes';
import { registerSellerContent } from './modules/seller-content/seller-content.routes';
import { registerSellerShop } from './modules/seller/seller-shop.routes';
import { registerSellerOrders } from './modules/seller/seller-orders.routes';
import { registerMemberPayouts, registerSellerPayouts } from './modules/seller/payout.routes';
import { registerProviders } from './modules/provider/provider.routes';
import { registerApplications } from './modules/applications/application.routes';
import { registerAdmin } from './modules/admin/admin.routes';
import { registerOperations } from './modules/operations/operations.routes';
import { registerAdminContent } from './modules/admin-content/admin-content.routes';
import { registerIm } from './modules/im/im.routes';
import { registerLive } from './modules/live/live.routes';
import { registerCircle } from './modules/circle/circle.routes';
import { registerReferral } from './modules/referral/referral.routes';
import { registerPoints } from './modules/points/points.routes';
import { registerReview } from './modules/review/review.routes';
import { registerCritique } from './modules/learning/critique.routes';
import { registerDuan } from './modules/learning/duan.routes';
import { registerHomework } from './modules/learning/homework.routes';
import { registerLearn } from './modules/learning/learn.routes';
import { registerGrading } from './modules/learning/grading.routes';
import { registerVip } from './modules/vip/vip.routes';
import { registerFlash } from './modules/flash/flash.routes';
import { registerGroupBuy } from './modules/groupbuy/groupbuy.routes';
import { registerPromotion } from './modules/promotion/promotion.routes';
import { resolveStaff } from './modules/admin/staff.service';
// Registers the Tencent IM backend (IM_PROVIDER=tim); the local one registers with its module.
import './providers/im/backend-tim';
import { registerImSocial } from './modules/im/social.routes';
import { registerProfiles } from './profiles/profile.routes';
import { registerSiteSearch } from './site-search/search.routes';
// Cross-module reactions (order paid, order completed) must be subscribed before anything can emit.
import './hooks';

// zod's own messages in Chinese for the generic cases our schemas do not word themselves.
z.config(z.locales.zhCN());

/** The /api application: envelope, errors, request ids, CORS and every feature module. */
export function createApi(): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>().basePath(API_PREFIX);

  // endpoint() resolves sessions through this, not by importing the auth module.
  api.use(async (c, next) => {
    c.set('resolveSession', resolveSession);
    c.set('resolveStaff', resolveStaff);
    await next();
  });
  api.use(requestId({ headerName: 'X-Request-Id', generator: () => crypto.randomUUID().slice(0, 18) }));
  api.use(async (c, next) => {
    const started = performance.now();
    await requestContext.run({ requestId: c.get('requestId') }, async () => {
      await next();
      const ms = Math.round(performance.now() - started);
      log.info('api', { method: c.req.method, path: c.req.path, status: c.res.status, ms });
    });
  });
  api.use(
    cors({
      origin: (origin) => (origin === env().MOBILE_SITE_ORIGIN || origin === new URL(env().SITE_URL).origin ? origin : null),
      allowHeaders: ['content-type', 'authSource', 'authToken'],
      allowMethods: ['POST', 'GET', 'OPTIONS'],
      exposeHeaders: ['X-Request-Id'],
      maxAge: 600,
    }),
  );

  registerAuth(api);
  registerSite(api);
  registerContent(api);
  registerVerify(api);
  registerAccount(api);
  registerOAuth(api);
  registerUpload(api);
  registerNotice(api);
  registerCatalogue(api);
  registerSiteSearch(api);
  registerProfiles(api);
  registerCommerce(api);
  registerSellerContent(api);
  registerSellerShop(api);
  registerSellerOrders(api);
  registerSellerPayouts(api);
  registerProviders(api);
  registerApplications(api);
  registerAdmin(api);
  registerOperations(api);
  registerAdminContent(api);
  registerIm(api);
  registerLive(api);
  registerCircle(api);
  registerReferral(api);
  registerReview(api);
  registerCritique(api);
  registerDuan(api);
  registerHomework(api);
  registerLearn(api);
  registerImSocial(api);
  registerGrading(api);
  registerVip(api);
  registerPoints(api);
  registerFlash(api);
  registerGroupBuy(api);
  registerPromotion(api);
  registerMemberPayouts(api);

  api.openAPIRegistry.registerComponent('securitySchemes', 'authToken', { type: 'apiKey', in: 'header', name: 'authToken' });
  api.openAPIRegistry.registerComponent('securitySchemes', 'staffCookie', { type: 'apiKey', in: 'cookie', name: 'gf_staff' });
  api.get('/openapi.json', (c) =>
    c.json(
      api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: '功夫 API', version: '1', description: '所有接口均为 POST JSON；请求头 authSource=web，登录后带 authToken。' },
      }),
    ),
  );

  api.notFound((c) => {
    const msg = knownPaths.has(c.req.path) ? T.methodNotAllowed : T.apiNotFound;
    return c.json(fail(knownPaths.has(c.req.path) ? Code.REFUSED : Code.NOT_FOUND, msg));
  });

  api.onError((err, c) => {
    if (err instanceof AppError) return c.json(fail(err.code, err.message, err.info, err.data));
    const id = c.get('requestId') ?? '';
    log.error('unhandled', { path: c.req.path, ...errorFields(err) });
    return c.json(fail(Code.SERVER_ERROR, `${T.serverError}（请求编号 ${id}）`, '', { request_id: id }), 500);
  });

  return api;
}
