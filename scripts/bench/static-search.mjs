// @ts-check
// A static asset and a cached page while four clients loop expensive goods searches over the bulk
// catalogue: does one slow query hold up everything else the process serves?
import http from 'node:http';
import { cannon, drain } from './load.mjs';
import { BROWSER_HEADERS, log, round, sleep } from './util.mjs';

/** Single common characters (each in thousands of bulk titles) and deep-ish pages: no two searches alike for a while. */
const KEYS = ['武', '拳', '太', '剑', '功', '少', '服', '棍'];

/**
 * Four clients, each looping goods searches (the next one as soon as its answer is in), every body a
 * different key/page, until `state.stop`. Resolves with each search's latency in ms.
 */
function searches(base, state) {
  let n = 0;
  const client = async () => {
    const times = [];
    let failed = 0;
    while (!state.stop) {
      n++;
      const body = JSON.stringify({ q: KEYS[n % KEYS.length], type: 'goods', page: 1 + ((n >> 3) % 40), limit: 20 });
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/index/comSeach`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authsource: 'web' },
          body,
        });
        const env = await res.json();
        if (env.code === 200) times.push(performance.now() - t);
        else failed++;
      } catch {
        failed++;
      }
    }
    return { times, failed };
  };
  return Promise.all([client(), client(), client(), client()]);
}

/** Exact percentile (nearest rank) of sorted samples. */
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/**
 * One client on one keep-alive connection, fetching `path` again and again (the next request when the
 * last answer is complete) for `duration` seconds and at least `minSamples` answers (at most 60 s):
 * a request stuck behind a slow query is measured in full, however long it takes.
 */
async function probe(base, path, duration, minSamples = 10) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples = [];
  let failures = 0;
  const start = performance.now();
  const one = () =>
    new Promise((resolve) => {
      const t = performance.now();
      const req = http.get(`${base}${path}`, { agent, headers: BROWSER_HEADERS }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t : null));
        res.on('error', () => resolve(null));
      });
      req.on('error', () => resolve(null));
      req.setTimeout(60_000, () => req.destroy());
    });
  while (performance.now() - start < duration * 1000 || (samples.length < minSamples && performance.now() - start < 60_000)) {
    const ms = await one();
    if (ms === null) failures++;
    else samples.push(ms);
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  const elapsed = (performance.now() - start) / 1000;
  return {
    rps: round(samples.length / elapsed, 1),
    p50: round(pct(samples, 50), 1),
    p99: round(pct(samples, 99), 1),
    max: round(samples.at(-1) ?? NaN, 1),
    samples: samples.length,
    faults: failures ? `${failures} failed` : '',
  };
}

/**
 * One client (a closed loop on one connection) fetching the asset, then the cached home page:
 * first with the server otherwise idle, then while the searches run.
 */
export async function benchStaticUnderSearch({ base, asset, duration }) {
  // Prime the page (and a page cache, if there is one).
  await cannon({ url: `${base}/`, connections: 1, amount: 20, headers: BROWSER_HEADERS });
  const idleAsset = await probe(base, asset.path, duration);
  const idlePage = await probe(base, '/', duration);
  log(`static idle: asset p50 ${idleAsset.p50}ms p99 ${idleAsset.p99}ms, page p50 ${idlePage.p50}ms`);
  // The searches run until both probes are done (a probe may outlast its duration to get its samples).
  const state = { stop: false };
  const started = performance.now();
  const load = searches(base, state);
  await sleep(1000);
  const busyAsset = await probe(base, asset.path, duration);
  const busyPage = await probe(base, '/', duration);
  state.stop = true;
  const clients = await load;
  const elapsed = (performance.now() - started) / 1000;
  await drain(base);
  const all = clients.flatMap((c) => c.times).sort((x, y) => x - y);
  const failed = clients.reduce((x, c) => x + c.failed, 0);
  const search = {
    rps: round(all.length / elapsed, 1),
    p50: round(pct(all, 50), 1),
    p99: round(pct(all, 99), 1),
    requests: all.length,
    faults: failed ? `${failed} failed` : '',
  };
  log(
    `static during searches: asset p50 ${busyAsset.p50}ms p99 ${busyAsset.p99}ms, page p50 ${busyPage.p50}ms p99 ${busyPage.p99}ms; searches ${search.rps}/s p50 ${search.p50}ms`,
  );
  const pick = (r) => ({ rps: r.rps, p50: r.p50, p99: r.p99, samples: r.samples, faults: r.faults });
  return {
    asset: asset.path,
    asset_bytes: asset.bytes,
    idle: { asset: pick(idleAsset), page: pick(idlePage) },
    busy: { asset: pick(busyAsset), page: pick(busyPage) },
    searches: { ...search, keys: KEYS.join('') },
  };
}
