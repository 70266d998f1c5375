import { database } from './db';
import { vacuumCatalogue } from './db/maintenance';
import { log, errorFields } from './log';
import { closeExpiredOrders } from './modules/commerce/order.service';
import { advanceOrders } from './modules/commerce/order-lifecycle.service';
import { flushViews } from './views';

/** How often counted page views are written (src/server/views.ts). */
const VIEW_FLUSH_MS = 10_000;
/** How often PGlite's catalogue tables are vacuumed and analysed (PostgreSQL has autovacuum). */
const PGLITE_VACUUM_MS = 30 * 60_000;

let started = false;

/**
 * Background work of a running server: closes unpaid orders past their time and moves
 * long-shipped / long-received goods orders along (and course/class orders past their refund
 * window to completed, settling the seller's income), every minute, and writes counted page views
 * every 10 s. Started on the first request (never at import, which also happens during the
 * build); with several instances each runs it, which is safe because every close is a
 * conditional update and every view write an addition.
 */
export function startJobs(): void {
  if (started) return;
  started = true;
  const tick = () => {
    closeExpiredOrders()
      .then((n) => n && log.info('orders closed', { count: n }))
      .catch((err) => log.warn('closing orders failed', errorFields(err)));
    advanceOrders()
      .then((n) => n && log.info('orders advanced', { count: n }))
      .catch((err) => log.warn('advancing orders failed', errorFields(err)));
  };
  setInterval(tick, 60_000).unref();
  void tick();
  setInterval(() => void flushViews().catch((err) => log.warn('writing views failed', errorFields(err))), VIEW_FLUSH_MS).unref();
  if (database().kind === 'pglite') {
    const vacuum = () => void vacuumCatalogue().catch((err) => log.warn('vacuuming the catalogue failed', errorFields(err)));
    setInterval(vacuum, PGLITE_VACUUM_MS).unref();
  }
  // For server.mjs to call before it closes the database, so a stop loses no counted views.
  Reflect.set(globalThis, Symbol.for('gongfu.flushViews'), flushViews);
}
