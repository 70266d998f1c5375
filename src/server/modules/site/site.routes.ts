import type { OpenAPIHono } from '@hono/zod-openapi';
import { siteApi } from '~/lib/api/contract/site';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { advertsAt, configValues, kefu } from './site.service';
import { wxJsConfig } from './wx-jssdk';

/** Public site data: config, adverts, customer service (SPEC §7 "Public"), the WeChat share card's signature. */
export function registerSite(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, siteApi.config, ({ input }) => configValues(input.keys));
  endpoint(api, siteApi.adverts, ({ input }) => advertsAt(input.position));
  endpoint(api, siteApi.kefu, () => kefu());
  endpoint(api, siteApi.wxJsConfig, ({ input }) => wxJsConfig(input.url));
}
