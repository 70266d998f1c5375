import { log, errorFields } from './log';
import { closeExpiredOrders } from './modules/commerce/order.service';

let started = false;

/**
 * Background work of a running server: closes unpaid orders past their time every minute. Started
 * on the first request (never at import, which also happens during the build); with several
 * instances each runs it, which is safe because every close is a conditional update.
 */
export function startJobs(): void {
  if (started) return;
  started = true;
  const tick = () =>
    closeExpiredOrders()
      .then((n) => n && log.info('orders closed', { count: n }))
      .catch((err) => log.warn('closing orders failed', errorFields(err)));
  setInterval(tick, 60_000).unref();
  void tick();
}
