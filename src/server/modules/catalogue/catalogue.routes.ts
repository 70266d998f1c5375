import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { registerTraining } from './training.routes';
import { registerMall } from './shop.routes';
import { registerSocial } from './social.routes';

/** The catalogue (SPEC §7 "Live and content" lists, profiles, follow, favourites, search). */
export function registerCatalogue(api: OpenAPIHono<AppEnv>): void {
  registerTraining(api);
  registerMall(api);
  registerSocial(api);
}
