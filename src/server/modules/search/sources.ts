import { sql, type SQL } from 'drizzle-orm';
import type { SearchKind } from '~/lib/rules/search';
import { LIVE_LIMITS } from '~/lib/rules/live';
import { intArray } from './arrays';

/**
 * What each kind's source rows give the index: the shown title, the heading matched literally and
 * by pinyin, the body matched literally, a popularity signal, and whether the row is publicly shown
 * (each kind's list rule: status, a room not banned, a 直播预告 still waiting). Read straight from the
 * tables (the search module imports no other domain); the result pages load the items through their
 * own domains, which check visibility again.
 */
export interface SourceRow {
  id: number;
  title: string;
  heading: string;
  body: string;
  popularity: number;
  listed: boolean;
  visible_until: Date | null;
}

/** HTML text as plain words, cut to `n` characters. */
const plain = (col: string, n: number) => `left(regexp_replace(regexp_replace(${col}, '<[^>]*>', ' ', 'g'), '\\s+', ' ', 'g'), ${n})`;
const jsonWords = (col: string) => `coalesce((select string_agg(x, ' ') from jsonb_array_elements_text(${col}) as x), '')`;
const ownerName = (kindCol: string, idCol: string) =>
  `coalesce(case ${kindCol} when 'coach' then (select name from coaches where id = ${idCol}) else (select name from shops where id = ${idCol}) end, '')`;

const SELECTS: Record<SearchKind, string> = {
  course: `select id, title, title as heading, coalesce(summary, '') as body, sales as popularity, status = 1 as listed, null::timestamptz as visible_until from courses`,
  class: `select id, title, concat_ws(' ', title, style) as heading, concat_ws(' ', venue, city, address) as body, enrolled as popularity, status = 1 as listed, null::timestamptz as visible_until from classes`,
  coach: `select id, name as title, concat_ws(' ', name, ${jsonWords('styles')}, title) as heading, ${plain('intro', 300)} as body, fans_count as popularity, status = 1 as listed, null::timestamptz as visible_until from coaches`,
  goods: `select id, title, title as heading, '' as body, sales as popularity, status = 1 as listed, null::timestamptz as visible_until from goods`,
  shop: `select id, name as title, concat_ws(' ', name, ${jsonWords('labels')}) as heading, ${plain('intro', 300)} as body, fans_count as popularity, status = 1 as listed, null::timestamptz as visible_until from shops`,
  live: `select id, title, concat_ws(' ', title, ${ownerName('owner_kind', 'owner_id')}) as heading, category as body, case when status = 'live' then 1000 else 0 end as popularity, status <> 'banned' as listed, null::timestamptz as visible_until from live_rooms`,
  notice: `select n.id, n.title, concat_ws(' ', n.title, ${ownerName('r.owner_kind', 'r.owner_id')}) as heading, n.intro as body, n.bookings as popularity, n.status = 'waiting' and r.status <> 'banned' as listed, n.start_at + make_interval(secs => ${LIVE_LIMITS.noticeWindowS}) as visible_until from live_notices n join live_rooms r on r.id = n.room_id`,
  post: `select id, left(regexp_replace(content, '\\s+', ' ', 'g'), 40) as title, concat_ws(' ', left(content, 40), ${jsonWords('tags')}) as heading, left(content, 400) as body, likes + comments as popularity, status = 1 as listed, null::timestamptz as visible_until from circle_posts`,
  article: `select id, title, title as heading, coalesce(summary, '') as body, views as popularity, status = 1 as listed, null::timestamptz as visible_until from articles`,
};

/** The source rows of `ids` of a kind (a missing id was deleted). */
export function sourceRows(kind: SearchKind, ids: number[]): SQL {
  const idCol = kind === 'notice' ? 'n.id' : 'id';
  return sql`select * from (${sql.raw(SELECTS[kind])} where ${sql.raw(idCol)} = any(${intArray(ids)})) as s`;
}

/** Every source row id of a kind (a full rebuild queues them all). */
export function allIds(kind: SearchKind): SQL {
  const table = {
    course: 'courses',
    class: 'classes',
    coach: 'coaches',
    goods: 'goods',
    shop: 'shops',
    live: 'live_rooms',
    notice: 'live_notices',
    post: 'circle_posts',
    article: 'articles',
  }[kind];
  return sql.raw(`select id from ${table}`);
}
