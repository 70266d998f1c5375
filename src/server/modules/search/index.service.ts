import { sql } from 'drizzle-orm';
import { SEARCH_KINDS, isSearchKind, type SearchKind } from '~/lib/rules/search';
import { db, type TxOrDb } from '../../db';
import { log } from '../../log';
import { intArray } from './arrays';
import { titlePinyin } from './pinyin';
import { allIds, sourceRows, type SourceRow } from './sources';
import { charTokens } from './tokens';

/*
 * Keeping `search_entries` in step with the source tables. Triggers on every source table queue the
 * (kind, id) of each written row in the same transaction as the write (migration 0032); the queue is
 * drained here, by a timer on every instance and before each search, so a search sees every write
 * committed before it. One drain at a time across instances (an advisory lock), so the postings and
 * token-count triggers never race; a crash leaves the queue rows in place for the next drain.
 */

const LOCK = 0x5ea4c4;

export const rankBucket = (popularity: number) => Math.min(30, Math.floor(Math.log2(Math.max(0, popularity) + 1)));

/** The entry a source row becomes. */
function entryOf(kind: SearchKind, r: SourceRow) {
  const heading = r.heading.replace(/\s+/gu, ' ').trim().slice(0, 200);
  const p = titlePinyin(heading);
  return {
    kind,
    ref_id: r.id,
    title: r.title.replace(/\s+/gu, ' ').trim().slice(0, 120),
    heading,
    heading_py: p.py,
    heading_ini: p.ini.slice(0, 200),
    body: r.body.replace(/\s+/gu, ' ').trim().slice(0, 400),
    tokens: [...new Set([...charTokens(heading), ...p.tokens])].sort(),
    popularity: Math.max(0, Number(r.popularity) || 0),
    rank_bucket: rankBucket(Number(r.popularity) || 0),
    listed: r.listed,
    visible_until: r.visible_until ? new Date(r.visible_until).toISOString() : null,
  };
}

/** Rewrites the entries of `ids` of a kind from their source rows; a row gone takes its entry along. */
async function reindex(tx: TxOrDb, kind: SearchKind, ids: number[]): Promise<void> {
  const rows = (await tx.execute(sourceRows(kind, ids))).rows as unknown as SourceRow[];
  const found = new Set(rows.map((r) => Number(r.id)));
  const gone = ids.filter((id) => !found.has(id));
  if (gone.length) await tx.execute(sql`delete from search_entries where kind = ${kind} and ref_id = any(${intArray(gone)})`);
  if (!rows.length) return;
  const entries = rows.map((r) => entryOf(kind, { ...r, id: Number(r.id) }));
  // One statement for the batch, so the postings triggers run once per batch.
  await tx.execute(sql`
    insert into search_entries (kind, ref_id, title, heading, heading_py, heading_ini, body, tokens, popularity, rank_bucket, listed, visible_until, indexed_at)
    select j->>'kind', (j->>'ref_id')::int, j->>'title', j->>'heading', j->>'heading_py', j->>'heading_ini', j->>'body',
      array(select jsonb_array_elements_text(j->'tokens')), (j->>'popularity')::int, (j->>'rank_bucket')::smallint,
      (j->>'listed')::boolean, (j->>'visible_until')::timestamptz, now()
    from jsonb_array_elements(${JSON.stringify(entries)}::jsonb) as j
    on conflict (kind, ref_id) do update set title = excluded.title, heading = excluded.heading, heading_py = excluded.heading_py,
      heading_ini = excluded.heading_ini, body = excluded.body, tokens = excluded.tokens, popularity = excluded.popularity,
      rank_bucket = excluded.rank_bucket, listed = excluded.listed, visible_until = excluded.visible_until, indexed_at = excluded.indexed_at`);
}

/**
 * Takes up to `limit` queued rows and rewrites their entries, in one transaction. Answers how many
 * were taken (0 when the queue is empty or another instance is draining it).
 */
export async function drainSearchQueue(limit = 500): Promise<number> {
  return db().transaction(async (tx) => {
    const [lock] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK}) as ok`)).rows as { ok: boolean }[];
    if (!lock?.ok) return 0;
    const taken = (
      await tx.execute(sql`
        delete from search_queue q using (select kind, ref_id from search_queue order by queued_at limit ${limit}) as p
        where q.kind = p.kind and q.ref_id = p.ref_id returning q.kind, q.ref_id`)
    ).rows as { kind: string; ref_id: number }[];
    const byKind = new Map<SearchKind, number[]>();
    for (const t of taken) if (isSearchKind(t.kind)) byKind.set(t.kind, [...(byKind.get(t.kind) ?? []), Number(t.ref_id)]);
    for (const [kind, ids] of byKind) await reindex(tx, kind, ids);
    return taken.length;
  });
}

/** Whether anything waits in the queue (one index probe). */
async function queued(): Promise<boolean> {
  const r = await db().execute(sql`select 1 from search_queue limit 1`);
  return r.rows.length > 0;
}

/**
 * Before a search: what was written before it is in the index. Drains at most a few batches (a
 * backlog after a bulk import is left to the timer); a drain running elsewhere is not waited for.
 */
export async function freshIndex(): Promise<void> {
  for (let i = 0; i < 4 && (await queued()); i++) if ((await drainSearchQueue(200)) === 0) return;
}

/**
 * Drains the whole queue (start-up, the timer, tests and the bench after a bulk load), `batch` rows a
 * transaction: a larger batch after a bulk load writes the postings in fewer, better-ordered passes.
 */
export async function drainAll(batch = 1000): Promise<number> {
  let n = 0;
  for (;;) {
    const k = await drainSearchQueue(batch);
    if (k === 0) return n;
    n += k;
  }
}

/** Queues every source row of every kind (a full rebuild: `npm run migrate` after the index is emptied, or the console). */
export async function queueEverything(): Promise<void> {
  for (const kind of SEARCH_KINDS) {
    await db().execute(sql`insert into search_queue (kind, ref_id) select ${kind}, id from (${allIds(kind)}) as s on conflict do nothing`);
  }
}

/** The timer's tick: drains the queue, never throwing (a failure is logged and retried next tick). */
export async function searchIndexTick(): Promise<void> {
  try {
    await drainAll();
  } catch (err) {
    log.warn('search index drain failed', { error: err instanceof Error ? err.message : String(err) });
  }
}
