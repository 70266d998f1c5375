import type { OpenAPIHono } from '@hono/zod-openapi';
import { searchApi, type SearchResult } from '~/lib/api/contract/catalogue-search';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { classPage, coachPage, coursePage } from './training.service';
import { goodsPage, shopPage } from './shop.service';

/** One kind of search result, tagged with its type and key. */
async function search(type: SearchResult['type'], q: string, page: number, limit: number): Promise<SearchResult> {
  const o = { q, page, limit };
  switch (type) {
    case 'class':
      return { type, q, ...(await classPage(o)) };
    case 'coach':
      return { type, q, ...(await coachPage(o)) };
    case 'goods':
      return { type, q, ...(await goodsPage(o)) };
    case 'shop':
      return { type, q, ...(await shopPage(o)) };
    case 'course':
      return { type, q, ...(await coursePage(o)) };
  }
}

/** Site search: what `ILIKE '%key%'` answers, found through search tokens and postings (listing.ts, search.ts). */
export function registerSearch(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, searchApi.search, ({ input }) => search(input.type, input.q, input.page, input.limit));
}
