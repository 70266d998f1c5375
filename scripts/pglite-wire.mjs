// @ts-check
// The PostgreSQL wire protocol over one PGlite for several client connections (the worker's server).
//
// PGlite is one backend session. With one client connection every query waited for the server's
// event loop to read the previous answer and send the next one, so the database sat idle while a
// page rendered (measured: both threads a third idle, an uncached profile page 25 req/s). Here each
// connection's work arrives as whole units — everything up to a Sync or a simple Query, as
// node-postgres writes it — and units from all connections run back to back. So that the shared
// session behaves like one session per connection:
// - an explicit transaction owns the database: while one is open only its connection's units run
//   (the others wait, exactly as they waited for the single pooled connection before), and a
//   connection that goes away inside one is rolled back;
// - named prepared statements get the connection's prefix (`c3_session_by_token`), so two
//   connections preparing the same name do not collide (42P05), and are dropped when it closes.
// Cancel requests are not supported (as in @electric-sql/pglite-socket); SSL is declined.
import { createServer } from 'node:net';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** Message types that end a unit of work: Sync (extended protocol) and Query (simple protocol). */
const UNIT_END = new Set([0x53 /* S */, 0x51 /* Q */]);

/**
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {{ host?: string; port?: number; log?: (msg: string, err?: unknown) => void }} [opts]
 */
export function startWireServer(db, opts = {}) {
  const log = opts.log ?? (() => {});
  /** Units of work, and the clean-up of a closed connection, in arrival order. */
  /** @type {{ conn?: Conn; bytes?: Buffer; task?: () => Promise<void> }[]} */
  let queue = [];
  /** The connection whose explicit transaction is open, if any. @type {Conn | null} */
  let owner = null;
  let running = false;
  let nextId = 1;
  /** @type {Set<Conn>} */
  const conns = new Set();

  /** @typedef {{ id: number; socket: import('node:net').Socket; buf: Buffer; started: boolean; unit: Buffer[]; names: Set<string>; closed: boolean }} Conn */

  /** Takes the next item that may run: the owner's while its transaction is open, else the oldest. */
  function next() {
    const i = owner ? queue.findIndex((u) => u.conn === owner) : 0;
    return i < 0 || i >= queue.length ? undefined : queue.splice(i, 1)[0];
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      for (let item = next(); item; item = next()) {
        const { conn, bytes, task } = item;
        if (task) {
          await task();
          continue;
        }
        if (!conn) continue;
        if (!bytes) {
          await release(conn);
          continue;
        }
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
              onRawData: (data) => {
                if (!conn.closed && data.length > 0) conn.socket.write(Buffer.from(data));
              },
            }),
          );
        } catch (err) {
          log(`connection ${conn.id}: a unit failed, closing it`, err);
          conn.socket.destroy();
        }
        owner = db.isInTransaction() ? conn : null;
      }
    } finally {
      running = false;
    }
  }

  /**
   * Rolls back what a closed connection left open and drops its prepared statements.
   * @param {Conn} conn
   */
  async function release(conn) {
    if (owner === conn) {
      owner = null;
      if (db.isInTransaction()) await db.exec('ROLLBACK').catch((err) => log(`rollback for connection ${conn.id} failed`, err));
    }
    for (const name of conn.names) await db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => {});
    conn.names.clear();
  }

  /** @param {Conn} conn @param {Buffer} bytes */
  function enqueue(conn, bytes) {
    queue.push({ conn, bytes });
    void drain();
  }

  /**
   * Reads whole messages off the connection's buffer; a unit is queued at its Sync or Query.
   * @param {Conn} conn
   * @param {Buffer} chunk
   */
  function onData(conn, chunk) {
    conn.buf = conn.buf.length ? Buffer.concat([conn.buf, chunk]) : chunk;
    for (;;) {
      if (!conn.started) {
        // Startup phase: a length-prefixed packet without a type byte.
        if (conn.buf.length < 8) return;
        const len = conn.buf.readInt32BE(0);
        if (conn.buf.length < len) return;
        const code = conn.buf.readInt32BE(4);
        const packet = conn.buf.subarray(0, len);
        conn.buf = conn.buf.subarray(len);
        if (len === 8 && code === SSL_REQUEST) {
          conn.socket.write('N');
          continue;
        }
        if (len === 16 && code === CANCEL_REQUEST) {
          conn.socket.end();
          return;
        }
        conn.started = true;
        enqueue(conn, Buffer.from(packet));
        continue;
      }
      if (conn.buf.length < 5) return;
      const type = conn.buf.readUInt8(0);
      const len = 1 + conn.buf.readInt32BE(1);
      if (conn.buf.length < len) return;
      const msg = conn.buf.subarray(0, len);
      conn.buf = conn.buf.subarray(len);
      if (type === 0x58 /* X: Terminate */) {
        conn.socket.end();
        return;
      }
      conn.unit.push(renameStatement(msg, conn));
      if (UNIT_END.has(type)) {
        const bytes = Buffer.concat(conn.unit);
        conn.unit = [];
        enqueue(conn, bytes);
      }
    }
  }

  /**
   * Its queued units are dropped; its clean-up runs in turn (after its own unit, if one is running).
   * @param {Conn} conn
   */
  function onClose(conn) {
    if (conn.closed) return;
    conn.closed = true;
    conns.delete(conn);
    queue = queue.filter((u) => u.conn !== conn);
    queue.push({ conn });
    void drain();
  }

  const server = createServer((socket) => {
    socket.setNoDelay(true);
    const conn = { id: nextId++, socket, buf: Buffer.alloc(0), started: false, unit: [], names: new Set(), closed: false };
    conns.add(conn);
    socket.on('data', (chunk) => {
      try {
        onData(conn, chunk);
      } catch (err) {
        log(`connection ${conn.id}: bad message`, err);
        socket.destroy();
      }
    });
    socket.on('error', () => onClose(conn));
    socket.on('close', () => onClose(conn));
  });

  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
      ok({
        url: `postgres://postgres@${addr.address}:${addr.port}/postgres?sslmode=disable`,
        /**
         * Runs `fn` between units, when no transaction is open (a consistent backup).
         * @template T
         * @param {() => Promise<T>} fn
         * @returns {Promise<T>}
         */
        exclusive: (fn) =>
          new Promise((done, failed) => {
            queue.push({ task: () => fn().then(done, failed) });
            void drain();
          }),
        stats: () => ({ connections: conns.size, queued: queue.length, inTransaction: owner ? owner.id : null }),
        close: () =>
          new Promise((done) => {
            for (const c of conns) c.socket.destroy();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}

/**
 * Gives a named prepared statement the connection's prefix in Parse, Bind, Describe and Close
 * (the unnamed statement and portals are left alone: a unit runs whole, so nothing lands between).
 * @param {Buffer} msg
 * @param {{ id: number; names: Set<string> }} conn
 */
function renameStatement(msg, conn) {
  const type = msg[0];
  let at;
  if (type === 0x50 /* P */) at = 5;
  else if (type === 0x42 /* B */)
    at = msg.indexOf(0, 5) + 1; // after the portal name
  else if ((type === 0x44 /* D */ || type === 0x43) /* C */ && msg[5] === 0x53 /* 'S' */) at = 6;
  else return msg;
  const end = msg.indexOf(0, at);
  if (end <= at) return msg; // the unnamed statement
  const name = `c${conn.id}_${msg.toString('utf8', at, end)}`;
  if (type === 0x50) conn.names.add(name);
  if (type === 0x43) conn.names.delete(name);
  const head = Buffer.from(name, 'utf8');
  const out = Buffer.concat([msg.subarray(0, at), head, msg.subarray(end)]);
  out.writeInt32BE(out.length - 1, 1);
  return out;
}
