import type { SearchResult } from '~/lib/api/contract/search';
import type { SearchKind } from '~/lib/rules/search';
import { articlesByIds } from '../modules/content/content.service';
import { classesByIds, coachesByIds, coursesByIds, goodsByIds, shopsByIds } from '../modules/catalogue/by-ids';
import { postsByIds } from '../modules/circle/circle.service';
import { noticesByIds } from '../modules/live/notices.service';
import { roomsByIds } from '../modules/live/rooms.service';
import { findAll } from '../modules/search/search.service';

/**
 * One page of the site search (`/index/comSeach`, and the /search, /shopsearch, /livesearch and
 * /friendSearch pages): the search module ranks ids of every kind, each kind's own domain shows its
 * cards (and checks again that each is shown). `viewer` fills a 直播预告's booked and a post's liked.
 */
export async function searchPage(type: SearchKind, q: string, page: number, limit: number, viewer: number | null): Promise<SearchResult> {
  const found = await findAll(q, type, page, limit);
  const head = {
    q,
    page,
    limit,
    total: found.total,
    ...(found.total_capped ? { total_capped: 1 as const } : {}),
    counts: found.counts.map((c) => ({ kind: c.kind, n: c.n, capped: c.capped ? (1 as const) : (0 as const) })),
    did_you_mean: found.did_you_mean,
  };
  const ids = found.ids;
  switch (type) {
    case 'course':
      return { type, ...head, list: await coursesByIds(ids) };
    case 'class':
      return { type, ...head, list: await classesByIds(ids) };
    case 'coach':
      return { type, ...head, list: await coachesByIds(ids) };
    case 'goods':
      return { type, ...head, list: await goodsByIds(ids) };
    case 'shop':
      return { type, ...head, list: await shopsByIds(ids) };
    case 'live':
      return { type, ...head, list: await roomsByIds(ids) };
    case 'notice':
      return { type, ...head, list: await noticesByIds(ids, viewer) };
    case 'post':
      return { type, ...head, list: await postsByIds(ids, viewer) };
    case 'article':
      return { type, ...head, list: await articlesByIds(ids) };
  }
}
