import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { adminFlashApi, flashApi } from '~/lib/api/contract/flash';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { FLASH_TEXTS } from '~/lib/rules/flash';
import { SHARE_COOKIE } from '~/lib/rules/promotion';
import { flashDetail, flashList } from './flash-read';
import { buyFlash } from './flash-orders';
import { adminCancelFlash, adminFlashList } from './flash.admin';
import { cancelFlash, flashOptions, saveFlash, sellerFlashList } from './flash-seller.service';

/** 秒杀 (README.md): the public list, buying, the seller's sales and the console's oversight. Orders are wired in hooks.ts. */
export function registerFlash(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, flashApi.list, ({ input }) => flashList(input));
  endpoint(api, flashApi.detail, async ({ input }) => {
    const card = await flashDetail(input.id);
    if (!card) throw notFound(FLASH_TEXTS.notFound);
    return card;
  });
  // The 分销 attribution cookie rides along to commerce's order.created, as on an ordinary checkout.
  endpoint(api, flashApi.buy, ({ user, input, c }) => buyFlash(user.id, input, getCookie(c, SHARE_COOKIE) ?? null));
  endpoint(api, flashApi.sellerList, ({ user, input }) => sellerFlashList(user.id, input.page, input.limit));
  endpoint(api, flashApi.sellerOptions, ({ user }) => flashOptions(user.id));
  endpoint(api, flashApi.save, ({ user, input }) => saveFlash(user.id, input));
  endpoint(api, flashApi.cancel, ({ user, input }) => cancelFlash(user.id, input.id));
  endpoint(api, adminFlashApi.list, ({ input }) => adminFlashList(input));
  endpoint(api, adminFlashApi.cancel, ({ input, staff, c }) => adminCancelFlash({ staff, c }, input.id, input.reason));
}
