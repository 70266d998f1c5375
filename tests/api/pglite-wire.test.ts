// The embedded database's wire server (scripts/pglite-wire.mjs): several pooled connections over
// one PGlite session must behave like separate sessions to the app — statements, transactions and
// failures of one connection never reach another.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '~/server/db';
import { metrics } from '~/server/metrics';
import { startWireServer } from '../../scripts/pglite-wire.mjs';

interface Wire {
  url: string;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  stats(): { connections: number; queued: number; inTransaction: number | null };
  close(): Promise<void>;
}

let db: PGlite;
let wire: Wire;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: wire.url });
  await c.connect();
  clients.push(c);
  return c;
}

beforeAll(async () => {
  db = await PGlite.create('memory://');
  await db.exec('create table t (id int primary key, v text)');
  wire = (await startWireServer(db)) as Wire;
});

afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  await wire.close();
  await db.close();
});

describe('PGlite wire server', () => {
  it('answers many parameterised queries in flight on several connections, each with its own result', async () => {
    const pool = new pg.Pool({ connectionString: wire.url, max: 6 });
    try {
      const got = await Promise.all(
        Array.from({ length: 200 }, (_, i) => pool.query('select $1::int * 2 as n, $2::text as s', [i, `q${i}`])),
      );
      expect(got.map((r) => [r.rows[0].n, r.rows[0].s])).toEqual(Array.from({ length: 200 }, (_, i) => [i * 2, `q${i}`]));
      expect(pool.totalCount).toBe(6);
    } finally {
      await pool.end();
    }
  });

  it('lets two connections prepare the same statement name, and keeps it working after one closes', async () => {
    const a = await connect();
    const b = await connect();
    const q = (n: number) => ({ name: 'by_n', text: 'select $1::int + 1 as n', values: [n] });
    expect((await a.query(q(1))).rows[0].n).toBe(2);
    expect((await b.query(q(10))).rows[0].n).toBe(11);
    await a.end();
    expect((await b.query(q(20))).rows[0].n).toBe(21);
    // A new connection prepares the name afresh (no "already exists" from the closed one).
    const c = await connect();
    expect((await c.query(q(30))).rows[0].n).toBe(31);
  });

  it('runs another connection’s query only after an open transaction ends, and it sees the commit', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('begin');
    await a.query("insert into t values (1, 'a')");
    const order: string[] = [];
    const read = b.query('select count(*)::int as n from t where id = 1').then((r) => {
      order.push('read');
      return r.rows[0].n as number;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual([]);
    expect(wire.stats().queued).toBe(1);
    order.push('commit');
    await a.query('commit');
    expect(await read).toBe(1);
    expect(order).toEqual(['commit', 'read']);
  });

  it('rolls back the transaction of a connection that goes away, and the others go on', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('begin');
    await a.query("insert into t values (2, 'lost')");
    const waiting = b.query('select count(*)::int as n from t where id = 2');
    // The connection drops without COMMIT (a crashed request, a killed socket).
    a.on('error', () => {});
    (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await waiting).rows[0].n).toBe(0);
    expect(wire.stats().inTransaction).toBeNull();
  });

  it('keeps a connection usable after a failed statement, inside and outside a transaction', async () => {
    const a = await connect();
    await expect(a.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    expect((await a.query('select 1 as one')).rows[0].one).toBe(1);
    await a.query('begin');
    await expect(a.query('insert into t values (1, $1)', ['dup'])).rejects.toThrow(/duplicate key/);
    await a.query('rollback');
    expect((await a.query('select v from t where id = 1')).rows[0].v).toBe('a');
  });

  it('runs an exclusive task (the backup) only when no transaction is open', async () => {
    const a = await connect();
    await a.query('begin');
    await a.query("insert into t values (3, 'c')");
    let seen = -1;
    const task = wire.exclusive(async () => {
      seen = (await db.query<{ n: number }>('select count(*)::int as n from t where id = 3')).rows[0]?.n ?? -1;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toBe(-1);
    await a.query('commit');
    await task;
    expect(seen).toBe(1);
  });
});

describe('the app pool over the wire', () => {
  it('counts a slow query whether it comes alone (pool.query, a callback) or inside a transaction (a promise)', async () => {
    const handle = openDatabase({ url: wire.url, pgliteWorker: true });
    const slow = async () => (await metrics().slowQueries.get()).values[0]?.value ?? 0;
    try {
      const before = await slow();
      await handle.db.execute(sql`select 1`);
      expect(await slow()).toBe(before);
      // SLOW_QUERY_MS is 200 by default.
      await handle.db.execute(sql`select pg_sleep(0.25)`);
      expect(await slow()).toBe(before + 1);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.25)`);
      });
      expect(await slow()).toBe(before + 2);
    } finally {
      await handle.close();
    }
  });
});
