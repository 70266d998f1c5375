import { sql } from 'drizzle-orm';
import { positiveInt } from '~/lib/format';
import { db } from './db';
import { articles, courses } from './db/schema';
import { errorFields, log } from './log';

/**
 * View counters without a write per view: rendering a page (or answering a detail) only counts
 * in memory, and `flushViews()` adds the counts up in one UPDATE per kind. The job runner flushes
 * every few seconds; a crash loses at most those seconds of views. Memory is bounded: beyond
 * `limit` distinct items a flush starts early, and while one is still running new items are
 * dropped (counted in the log) rather than kept.
 */

const TABLES = { course: courses, article: articles } as const;
export type ViewKind = keyof typeof TABLES;

interface Buffer {
  pending: Map<ViewKind, Map<number, number>>;
  /** Distinct items in `pending`. */
  keys: number;
  limit: number;
  flushing: Promise<number> | null;
  dropped: number;
}

// Kept on globalThis like the database handle: pages and the job runner may load this module
// through different bundles (astro dev), and must count into the same buffer.
const KEY = Symbol.for('gongfu.views');
const holder = globalThis as typeof globalThis & { [KEY]?: Buffer };
const buf: Buffer = (holder[KEY] ??= { pending: new Map(), keys: 0, limit: 5_000, flushing: null, dropped: 0 });

/** Counts one view of an item; answers the views of it not yet written (this one included). */
export function countView(kind: ViewKind, id: number): number {
  let byId = buf.pending.get(kind);
  const known = byId?.get(id);
  if (known === undefined && buf.keys >= buf.limit) {
    if (buf.flushing) {
      buf.dropped++;
      return 0;
    }
    void flushViews().catch(() => undefined);
    byId = undefined;
  }
  if (!byId) {
    byId = buf.pending.get(kind) ?? new Map<number, number>();
    buf.pending.set(kind, byId);
  }
  const n = (byId.get(id) ?? 0) + 1;
  if (n === 1) buf.keys++;
  byId.set(id, n);
  return n;
}

/** Pages whose render counts a view; a page answered from the page cache counts one too. */
const VIEW_PAGES: Record<string, ViewKind> = { '/train/courseDetail': 'course', '/article/detail': 'article' };

/** Counts the view a kept copy of a detail page stands for (src/server/edge/page-cache.ts). */
export function countPageView(url: URL): void {
  const kind = VIEW_PAGES[url.pathname];
  if (!kind) return;
  // Read as the page reads it: an id past the int4 column would fail every later flush.
  const id = positiveInt(url.searchParams.get('id'));
  if (id) countView(kind, id);
}

/** Views of an item counted but not yet written. */
export function unflushedViews(kind: ViewKind, id: number): number {
  return buf.pending.get(kind)?.get(id) ?? 0;
}

/**
 * Writes every counted view, one statement per kind, and answers how many views were written.
 * The counts are taken out first, so views arriving meanwhile wait for the next flush; a failed
 * write puts its counts back (within the limit) for the next try.
 */
export function flushViews(): Promise<number> {
  if (buf.flushing) return buf.flushing.catch(() => 0).then(() => flushViews());
  if (buf.keys === 0) return Promise.resolve(0);
  const batch = buf.pending;
  buf.pending = new Map();
  buf.keys = 0;
  buf.flushing = writeBatch(batch).finally(() => {
    buf.flushing = null;
  });
  return buf.flushing;
}

async function writeBatch(batch: Map<ViewKind, Map<number, number>>): Promise<number> {
  if (buf.dropped) {
    log.warn('views dropped: counter buffer full', { dropped: buf.dropped });
    buf.dropped = 0;
  }
  let written = 0;
  for (const [kind, byId] of batch) {
    if (!byId.size) continue;
    const table = TABLES[kind];
    const rows = sql.join(
      [...byId].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
      sql`, `,
    );
    try {
      await db().execute(
        sql`update ${table} set ${sql.identifier(table.views.name)} = ${table.views} + v.n from (values ${rows}) as v(id, n) where ${table.id} = v.id`,
      );
      for (const n of byId.values()) written += n;
    } catch (err) {
      log.warn('writing views failed', { kind, items: byId.size, ...errorFields(err) });
      for (const [id, n] of byId) restore(kind, id, n);
    }
  }
  return written;
}

function restore(kind: ViewKind, id: number, n: number): void {
  let byId = buf.pending.get(kind);
  if (!byId) {
    byId = new Map();
    buf.pending.set(kind, byId);
  }
  const old = byId.get(id);
  if (old === undefined) {
    if (buf.keys >= buf.limit) return void buf.dropped++;
    buf.keys++;
  }
  byId.set(id, (old ?? 0) + n);
}

/** Tests: the number of distinct items the buffer keeps before flushing early (default 5000). */
export function setViewLimit(n: number): void {
  buf.limit = n;
}

/** Tests: forgets every unwritten view. */
export function resetViews(): void {
  buf.pending = new Map();
  buf.keys = 0;
  buf.dropped = 0;
}
