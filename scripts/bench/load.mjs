// @ts-check
// autocannon, run in this process, reduced to the figures the report uses.
import autocannon from 'autocannon';
import { round } from './util.mjs';

const running = new Set();

/** Stops every autocannon instance still running (Ctrl-C). */
export function stopAllLoad() {
  for (const inst of running) inst.stop();
}

/**
 * One autocannon round. `opts` are autocannon's (url, connections, duration, method, headers, body,
 * requests …). Resolves with req/s (completed responses over the measured time), latency
 * percentiles in ms, and every failure counted, so a round that errs is visible in the report.
 */
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    const inst = autocannon({ connections: 50, timeout: 30, ...opts }, (err, res) => {
      running.delete(inst);
      if (err) reject(err);
      else resolve(summarise(res));
    });
    running.add(inst);
  });
}

function summarise(res) {
  const total = res.requests.total;
  return {
    rps: round(total / Math.max(res.duration, 0.001), 1),
    p50: res.latency.p50,
    p90: res.latency.p90,
    p99: res.latency.p99,
    max: res.latency.max,
    mean: round(res.latency.average, 2),
    requests: total,
    duration_s: res.duration,
    kb_per_s: round(res.throughput.average / 1024, 1),
    non2xx: res.non2xx,
    errors: res.errors,
    timeouts: res.timeouts,
  };
}

/** "" when the round is clean, otherwise what went wrong (non-2xx answers, errors, timeouts). */
export function faults(r) {
  const parts = [];
  if (r.non2xx) parts.push(`${r.non2xx} non-2xx`);
  if (r.errors) parts.push(`${r.errors} errors`);
  if (r.timeouts) parts.push(`${r.timeouts} timeouts`);
  if (!r.requests) parts.push('no responses');
  return parts.join(', ');
}

/**
 * Waits until the server has worked off what a finished round left queued (Node keeps rendering
 * requests whose client has gone): a small static file must come back within `fastMs` twice in a row.
 * Without this, one round's backlog would eat into the next round, whichever target it measures.
 */
export async function drain(base, fastMs = 30, maxMs = 20_000) {
  const until = Date.now() + maxMs;
  let fast = 0;
  while (fast < 2 && Date.now() < until) {
    const t = performance.now();
    try {
      const res = await fetch(`${base}/favicon.svg`, { signal: AbortSignal.timeout(maxMs) });
      await res.arrayBuffer();
    } catch {
      // counted as slow
    }
    fast = performance.now() - t < fastMs ? fast + 1 : 0;
  }
}
