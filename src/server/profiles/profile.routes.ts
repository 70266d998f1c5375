import type { OpenAPIHono } from '@hono/zod-openapi';
import { socialApi } from '~/lib/api/contract/catalogue-social';
import type { AppEnv } from '../http/context';
import { endpoint } from '../http/endpoint';
import { viewerId } from '../modules/catalogue/viewer';
import { coachIndex, shopIndex } from './profile.service';

/** The coach and shop homepages in one call each (/api/coach/public/indexInfo, /api/shop/public/indexInfo). */
export function registerProfiles(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, socialApi.coachIndex, async ({ input, c }) => coachIndex(input.coach_id, await viewerId(c)));
  endpoint(api, socialApi.shopIndex, async ({ input, c }) => shopIndex(input.shop_id, await viewerId(c)));
}
