import type { OpenAPIHono } from '@hono/zod-openapi';
import { searchApi } from '~/lib/api/contract/search';
import type { AppEnv } from '../http/context';
import { endpoint } from '../http/endpoint';
import { viewerId } from '../modules/catalogue/viewer';
import { hotWords, suggest } from '../modules/search/suggest.service';
import { searchPage } from './results';

/** The one search box (SPEC §2): results of every kind, and suggestions while typing. */
export function registerSiteSearch(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, searchApi.search, async ({ input, c }) => searchPage(input.type, input.q, input.page, input.limit, await viewerId(c)));
  endpoint(api, searchApi.suggest, async ({ input }) => {
    const [list, hot] = await Promise.all([suggest(input.q, input.type), hotWords()]);
    return { q: input.q, list, hot };
  });
}
