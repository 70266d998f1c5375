// @ts-check
// Logged-in API: the demo member's session, a cart with a few lines, and interleaved rounds of
// POST /api/member/memberInfo and POST /api/cart/list.
import { cannon, drain, faults } from './load.mjs';
import { log, median, postApi, round } from './util.mjs';

/** The demo member of the seed (README, src/server/seed/users.ts). */
export const DEMO_MEMBER = { phone: '13800000001', password: 'gongfu123' };

/** The recorded baseline on the reference box (req/s at 50 connections), the goal being twice these. */
export const API_BASELINE = { memberInfo: 196, cartList: 115 };

export const API_CASES = [
  { name: 'memberInfo', path: '/api/member/memberInfo' },
  { name: 'cartList', path: '/api/cart/list' },
];

/** Password login (no captcha on this endpoint); the token goes in the authToken header. */
export async function login(base) {
  const data = await postApi(base, '/login', { type: 1, ...DEMO_MEMBER });
  return data.token;
}

/** Puts one SKU in stock of each of the first `lines` seeded goods in the member's cart (the seed leaves it empty). */
export async function fillCart(base, token, lines = 3) {
  const have = await postApi(base, '/cart/list', {}, token);
  if (have.count >= lines) return have.count;
  const page = await postApi(base, '/goods/list', { page: 1, limit: 20 });
  let added = have.count;
  for (const g of page.list) {
    if (added >= lines) break;
    const d = await postApi(base, '/goods/detail', { id: g.id });
    const sku = d.skus.find((s) => s.stock > 0);
    if (!sku) continue;
    await postApi(base, '/cart/add', { sku_id: sku.id, num: 1 }, token);
    added++;
  }
  return added;
}

export const apiHeaders = (token) => ({ 'content-type': 'application/json', authsource: 'web', authtoken: token });

export async function benchApi({ base, token, rounds, duration, connections }) {
  const raw = Object.fromEntries(API_CASES.map((c) => [c.name, /** @type {Awaited<ReturnType<typeof cannon>>[]} */ ([])]));
  // Warm-up, then the cases alternate within each cycle.
  for (const c of API_CASES)
    await cannon({ url: `${base}${c.path}`, method: 'POST', headers: apiHeaders(token), body: '{}', connections: 10, duration: 1 });
  await drain(base);
  for (let cycle = 1; cycle <= rounds; cycle++) {
    const order = cycle % 2 ? API_CASES : [...API_CASES].reverse();
    for (const c of order) {
      const r = await cannon({ url: `${base}${c.path}`, method: 'POST', headers: apiHeaders(token), body: '{}', connections, duration });
      await drain(base);
      raw[c.name].push(r);
      const bad = faults(r);
      log(`api ${cycle}/${rounds} ${c.name.padEnd(11)} ${r.rps.toFixed(0)}/s p50 ${r.p50}ms p99 ${r.p99}ms${bad ? ` [${bad}]` : ''}`);
    }
  }
  return API_CASES.map((c) => {
    const rs = raw[c.name];
    const rps = round(median(rs.map((x) => x.rps)), 1);
    return {
      name: c.name,
      path: c.path,
      rps,
      p50: median(rs.map((x) => x.p50)),
      p99: median(rs.map((x) => x.p99)),
      baseline_rps: API_BASELINE[c.name],
      ratio: round(rps / API_BASELINE[c.name], 2),
      faults: rs.map(faults).filter(Boolean).join('; '),
      rounds: rs,
    };
  });
}
