// @ts-check
// Memory: the server's RSS at idle, after each of three load rounds of the page + API mix, and
// after a settle. Each round also sends thousands of distinct /api/goods/list filters and distinct
// page URLs, which an unbounded in-process cache would keep forever.
import { apiHeaders } from './api.mjs';
import { cannon, drain, faults } from './load.mjs';
import { BROWSER_HEADERS, log, postApi, round, rssMb, sleep } from './util.mjs';

const withParam = (path, kv) => `${path}${path.includes('?') ? '&' : '?'}${kv}`;
const SORTS = ['new', 'hot', 'price_asc', 'price_desc'];

/**
 * A distinct /api/goods/list body for every n. Three in four: a shop id that does not exist (an index
 * probe, cheap: only the key is new). One in four: a real category with a price floor, sort and page
 * (a real page of goods to keep). The counter runs on across rounds, so no body repeats in a run.
 */
export function goodsFilter(n, categories) {
  if (n % 4 !== 3) return { shop_id: 1_000_000 + n, sort: SORTS[n % 4], page: 1, limit: 10 };
  const k = n >> 2;
  return { category_id: categories[k % categories.length], min_price: k % 50_000, sort: SORTS[(k >> 3) % 4], page: 1 + (k % 3), limit: 20 };
}

/** The request cycle each connection walks: cached and uncached pages, the two member APIs, three distinct goods filters. */
function mix({ pages, token, categories, counters }) {
  const auth = apiHeaders(token);
  const json = { 'content-type': 'application/json', authsource: 'web' };
  const page = { method: 'GET', headers: BROWSER_HEADERS };
  const filter = {
    method: 'POST',
    path: '/api/goods/list',
    headers: json,
    setupRequest: (req) => ({ ...req, body: JSON.stringify(goodsFilter(counters.filter++, categories)) }),
  };
  return [
    { ...page, setupRequest: (req) => ({ ...req, path: pages[counters.cached++ % pages.length].path }) },
    {
      ...page,
      setupRequest: (req) => ({ ...req, path: withParam(pages[counters.miss % pages.length].path, `_bench=m${++counters.miss}`) }),
    },
    { method: 'POST', path: '/api/member/memberInfo', headers: auth, body: '{}' },
    filter,
    { ...page, setupRequest: (req) => ({ ...req, path: pages[counters.cached++ % pages.length].path }) },
    { method: 'POST', path: '/api/cart/list', headers: auth, body: '{}' },
    filter,
    filter,
  ];
}

export async function benchMemory({ base, pid, pages, token, rounds = 3, duration, connections, settle, burst }) {
  const categories = (await postApi(base, '/goods/category')).map((c) => c.id);
  const counters = { filter: 0, cached: 0, miss: 0 };
  const idle = rssMb(pid);
  log(`memory: idle ${idle.tree} MB`);
  const out = [];
  let peak = idle.tree;
  for (let i = 1; i <= rounds; i++) {
    const before = { ...counters };
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid).tree)), 1000);
    const r = await cannon({ url: base, connections, duration, requests: mix({ pages, token, categories, counters }) });
    await drain(base);
    // Then a burst of distinct filters, so every round has thousands whatever the mix's pace.
    const b = await cannon({
      url: `${base}/api/goods/list`,
      connections: 10,
      amount: burst,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authsource: 'web' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(goodsFilter(counters.filter++, categories)) }),
        },
      ],
    });
    clearInterval(sampler);
    await drain(base);
    await sleep(1000);
    const rss = rssMb(pid);
    peak = Math.max(peak, rss.tree);
    const row = {
      round: i,
      rss_mb: rss.tree,
      rss_process_mb: rss.process,
      rps: r.rps,
      p99: r.p99,
      distinct_filters: counters.filter - before.filter,
      distinct_urls: counters.miss - before.miss,
      burst_rps: b.rps,
      faults: [faults(r), faults(b)].filter(Boolean).join('; '),
    };
    out.push(row);
    log(
      `memory round ${i}: ${row.rss_mb} MB after ${r.requests} requests (${row.distinct_filters} distinct goods filters, ${row.distinct_urls} distinct page URLs)${row.faults ? ` [${row.faults}]` : ''}`,
    );
  }
  await sleep(settle * 1000);
  const settled = rssMb(pid);
  log(`memory: ${settled.tree} MB after ${settle} s idle`);
  const r2 = out[1]?.rss_mb ?? NaN;
  const r3 = out[2]?.rss_mb ?? NaN;
  return {
    idle_mb: idle.tree,
    rounds: out,
    settled_mb: settled.tree,
    peak_mb: round(peak, 1),
    growth_2_3_pct: round(((r3 - r2) / r2) * 100, 1),
    duration_s: duration,
    connections,
  };
}
