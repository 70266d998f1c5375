/**
 * npm run soak [-- --minutes 10 --rate 40 --chat-pairs 5 --restart-at 300 --no-write]
 *
 * The scale-out soak (a measurement, not a timed test): starts the cluster rig (scripts/cluster-rig.mjs:
 * two production instances on PostgreSQL + Redis behind nginx with the shipped TLS config) and, for
 * --minutes, sends a steady mix through the balancer: guest pages, logged-in API calls, chat
 * messages between members over /im, and checkouts (a goods order paid through the sandbox
 * gateway). With --restart-at S the rig restarts both instances one at a time at second S (a rolling
 * restart under load). Prints per-minute request counts, failures, p99 and the instances' RSS (also
 * at the start and the end) and writes docs/perf/soak.json (with --no-write only prints).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { LocalChatClient, type SocketCtor } from '../src/lib/chat/local';
import { takePorts } from './free-ports.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '40' },
    'chat-pairs': { type: 'string', default: '5' },
    'restart-at': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
const PAIRS = Number(values['chat-pairs']);
const RESTART_AT = values['restart-at'] ? Number(values['restart-at']) : null;
// The rig's ports (five from CLUSTER_PORT): free ones unless set; the rig inherits them.
const { CLUSTER_PORT: PORT } = takePorts(['CLUSTER_PORT'], { block: 5 });
const BASE = `https://127.0.0.1:${PORT}`;
const DIRECT = [1, 2].map((n) => `http://127.0.0.1:${PORT + n}`);
const TOKEN = 'cluster-rig-metrics-token-0123456789';
const say = (msg: string) => process.stderr.write(`[soak] ${msg}\n`);

// The rig's certificate is self-signed: this client (like the browsers in the cluster spec) accepts it.
process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
const request = (path: string, init: RequestInit = {}) => fetch(`${BASE}${path}`, init);

// ── the rig ────────────────────────────────────────────────────────────────────────────────
const rig = spawn(process.execPath, ['scripts/cluster-rig.mjs'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, LOG_LEVEL: 'warn' },
});
let rigDone = false;
rig.on('exit', () => (rigDone = true));
async function stopRig(): Promise<void> {
  if (rigDone) return;
  await new Promise((done) => {
    rig.once('exit', done);
    rig.kill('SIGTERM');
  });
}
process.on('SIGINT', () => void stopRig().then(() => process.exit(130)));

async function waitReady(): Promise<void> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const ok = await Promise.all(
      DIRECT.map((b) =>
        fetch(`${b}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    const lb = await request('/readyz').then(
      (r) => r.ok,
      () => false,
    );
    if (ok.every(Boolean) && lb) return;
    if (Date.now() > deadline || rigDone) throw new Error('the cluster rig did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function rssMb(): Promise<number[]> {
  return Promise.all(
    DIRECT.map(async (b) => {
      const text = await (await fetch(`${b}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      return Math.round(Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? 0) / 1048576);
    }),
  );
}

// ── recording ──────────────────────────────────────────────────────────────────────────────
interface Minute {
  requests: number;
  failures: number;
  server_errors: number;
  latencies: number[];
  chat_sent: number;
  chat_received: number;
  checkouts: number;
  /** The instances' RSS as the minute ended (MB). */
  rss_mb: number[] | null;
}
const minutes: Minute[] = [];
/** Failures by what failed: a count, and the first answers (with the second they happened at). */
const failures = new Map<string, { count: number; examples: string[] }>();
function fail(label: string, what: string): void {
  const f = failures.get(label) ?? { count: 0, examples: [] };
  f.count += 1;
  if (f.examples.length < 5) f.examples.push(`${Math.round((Date.now() - started) / 1000)} s: ${what}`);
  failures.set(label, f);
}
const started = Date.now();
const minute = () => {
  const i = Math.floor((Date.now() - started) / 60_000);
  while (minutes.length <= i)
    minutes.push({ requests: 0, failures: 0, server_errors: 0, latencies: [], chat_sent: 0, chat_received: 0, checkouts: 0, rss_mb: null });
  return minutes[i] as Minute;
};

async function timed(label: string, run: () => Promise<Response>, ok: (body: unknown) => boolean = () => true) {
  const t0 = performance.now();
  const m = minute();
  m.requests += 1;
  try {
    const res = await run();
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await res.json() : await res.arrayBuffer();
    m.latencies.push(performance.now() - t0);
    if (res.status >= 500) m.server_errors += 1;
    if (res.status >= 400 || !ok(body)) {
      m.failures += 1;
      fail(label, `HTTP ${res.status} ${JSON.stringify(body).slice(0, 160)}`);
    }
    return body;
  } catch (err) {
    m.failures += 1;
    fail(label, err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err));
    return null;
  }
}

const envelopeOk = (b: unknown) => (b as { code?: number } | null)?.code === 200;
const api = (path: string, body: unknown, token?: string) =>
  request(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authsource: 'web', ...(token ? { authtoken: token } : {}) },
    body: JSON.stringify(body),
  });

// ── the mix ────────────────────────────────────────────────────────────────────────────────
const PAGES = [
  '/',
  '/train/courseList',
  '/shop/goodsList',
  '/train/coachList',
  '/article',
  '/train/courseDetail?id=1',
  '/shop/goodsDetail?id=1',
  '/firendscircle',
];
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

async function login(phone: string): Promise<{ token: string; user_id: number; user_sig: string }> {
  const body = (await (await api('/login', { type: 1, phone, password: 'gongfu123' })).json()) as {
    code: number;
    data: { token: string; user_id: number; user_sig: string };
  };
  if (body.code !== 200) throw new Error(`login ${phone} failed`);
  return body.data;
}

/** A goods checkout: the order, the sandbox gateway's cashier, its signed notice; the order ends up paid. */
async function checkout(token: string, skuId: number, addressId: number): Promise<void> {
  const order = (await timed(
    'createGoods',
    () => api('/order/createGoods', { items: [{ sku_id: skuId, num: 1 }], address_id: addressId }, token),
    envelopeOk,
  )) as {
    data?: { id: number };
  } | null;
  if (!order?.data) return;
  const started = (await timed('pay/order', () => api('/pay/order', { id: order.data?.id, provider: 'sandbox' }, token), envelopeOk)) as {
    data?: { pay_no: string };
  } | null;
  if (!started?.data) return;
  const done = await timed('sandbox/confirm', () => api('/pay/sandbox/confirm', { pay_no: started.data?.pay_no }, token), envelopeOk);
  if (envelopeOk(done)) minute().checkouts += 1;
}

/** The member's address (one is added when there is none) and SKUs in stock to buy from. */
async function shoppingSetup(token: string): Promise<{ addressId: number; skus: number[] }> {
  const list = (await (await api('/member/addressList', {}, token)).json()) as { data: { id: number }[] };
  let addressId = list.data[0]?.id;
  if (!addressId) {
    const saved = (await (
      await api(
        '/member/addressSave',
        { name: '压测', phone: '13912345678', province: '北京市', city: '市辖区', district: '海淀区', detail: '中关村大街1号' },
        token,
      )
    ).json()) as { data: { id: number } };
    addressId = saved.data.id;
  }
  const goods = (await (await api('/goods/list', { page: 1, limit: 40 })).json()) as { data: { list: { id: number }[] } };
  const skus: number[] = [];
  for (const g of goods.data.list) {
    const d = (await (await api('/goods/detail', { id: g.id })).json()) as { data?: { skus: { id: number; stock: number }[] } };
    for (const k of d.data?.skus ?? []) if (k.stock >= 20) skus.push(k.id);
  }
  return { addressId, skus };
}

/** A WebSocket that accepts the rig's self-signed certificate. */
class InsecureSocket extends WebSocket {
  constructor(url: string) {
    super(url, { rejectUnauthorized: false });
  }
}

async function main(): Promise<void> {
  await waitReady();
  say(
    `cluster ready; ${MINUTES} min at ${RATE} requests/s, ${PAIRS} chat pairs${RESTART_AT !== null ? `, rolling restart at ${RESTART_AT} s` : ''}`,
  );
  const member = await login('13800000001');
  const shop = await shoppingSetup(member.token);

  // Chat: seeded coaches 13800000102… as pairs, one side's socket through the balancer each.
  const chats: { a: LocalChatClient; b: LocalChatClient; bId: number }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const [pa, pb] = [`138000001${String(2 + 2 * i).padStart(2, '0')}`, `138000001${String(3 + 2 * i).padStart(2, '0')}`];
    const [la, lb] = await Promise.all([login(pa), login(pb)]);
    const make = async (l: typeof la) => {
      const c = new LocalChatClient({
        url: `wss://127.0.0.1:${PORT}/im`,
        WebSocket: InsecureSocket as unknown as SocketCtor,
        authToken: () => l.token,
      });
      await c.login({ userID: String(l.user_id), userSig: l.user_sig });
      return c;
    };
    const [a, b] = await Promise.all([make(la), make(lb)]);
    b.on('messageReceived', (msgs) => (minute().chat_received += msgs.filter((m) => m.flow === 'in').length));
    chats.push({ a, b, bId: lb.user_id });
  }

  const rssStart = await rssMb();
  const endAt = started + MINUTES * 60_000;
  let restarted = false;
  let rssBeforeRestart: number[] | null = null;
  let n = 0;
  const inflight = new Set<Promise<unknown>>();
  const tick = 1000 / RATE;
  let next = performance.now();
  while (Date.now() < endAt) {
    if (RESTART_AT !== null && !restarted && Date.now() - started >= RESTART_AT * 1000) {
      restarted = true;
      say('rolling restart of both instances (SIGHUP to the rig)');
      rssBeforeRestart = await rssMb();
      rig.kill('SIGHUP');
    }
    const i = n++;
    const kind = i % 10;
    const job =
      kind < 4
        ? timed('page', () => request(PAGES[i % PAGES.length] ?? '/', { headers: { 'user-agent': UA, 'accept-encoding': 'br, gzip' } }))
        : kind < 6
          ? timed('memberInfo', () => api('/member/memberInfo', {}, member.token), envelopeOk)
          : kind < 8
            ? timed('goods/list', () => api('/goods/list', { page: 1 + (i % 5), limit: 20, sort: 'new' }), envelopeOk)
            : kind === 8
              ? timed('cart/list', () => api('/cart/list', {}, member.token), envelopeOk)
              : i % 40 === 9 && shop.skus.length
                ? checkout(member.token, shop.skus[Math.floor(i / 40) % shop.skus.length] ?? 0, shop.addressId)
                : (async () => {
                    const c = chats[Math.floor(i / 10) % chats.length];
                    if (!c) return;
                    minute().chat_sent += 1;
                    await c.a
                      .sendMessage({
                        conversationID: `C2C${c.bId}`,
                        clientID: `soak-${i}`,
                        type: 'TIMTextElem',
                        payload: { text: `压测消息 ${i}` },
                      })
                      .catch((err: unknown) => fail('chat', String(err)));
                  })();
    inflight.add(job);
    void job.finally(() => inflight.delete(job));
    next += tick;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (i % (RATE * 60) === 0 && i > 0) {
      const m = minutes.at(-2);
      if (m) {
        say(`minute ${minutes.length - 1}: ${m.requests} requests, ${m.failures} failed, p99 ${p99(m.latencies)} ms`);
        // Sampled off the loop's path (an instance mid-restart answers nothing: left null).
        void rssMb().then(
          (r) => (m.rss_mb = r),
          () => undefined,
        );
      }
    }
  }
  await Promise.all(inflight);
  await new Promise((r) => setTimeout(r, 2000));
  const rssEnd = await rssMb();
  const last = minutes.at(-1);
  if (last) last.rss_mb = rssEnd;
  for (const c of chats) await Promise.all([c.a.logout().catch(() => {}), c.b.logout().catch(() => {})]);

  const report = {
    date: new Date().toISOString(),
    minutes: MINUTES,
    rate_per_s: RATE,
    chat_pairs: PAIRS,
    rolling_restart_at_s: RESTART_AT,
    rss_start_mb: rssStart,
    rss_before_restart_mb: rssBeforeRestart,
    rss_end_mb: rssEnd,
    totals: {
      requests: minutes.reduce((s, m) => s + m.requests, 0),
      failures: minutes.reduce((s, m) => s + m.failures, 0),
      server_errors: minutes.reduce((s, m) => s + m.server_errors, 0),
      chat_sent: minutes.reduce((s, m) => s + m.chat_sent, 0),
      chat_received: minutes.reduce((s, m) => s + m.chat_received, 0),
      checkouts: minutes.reduce((s, m) => s + m.checkouts, 0),
    },
    per_minute: minutes.map((m, i) => ({
      minute: i + 1,
      requests: m.requests,
      failures: m.failures,
      server_errors: m.server_errors,
      p50_ms: pct(m.latencies, 0.5),
      p99_ms: p99(m.latencies),
      chat_sent: m.chat_sent,
      chat_received: m.chat_received,
      checkouts: m.checkouts,
      rss_mb: m.rss_mb,
    })),
    failures: Object.fromEntries(failures),
  };
  console.log(JSON.stringify(report, null, 2));
  if (!values['no-write']) writeFileSync(join(process.cwd(), 'docs/perf/soak.json'), `${JSON.stringify(report, null, 2)}\n`);
}

function pct(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? 0) * 10) / 10;
}
const p99 = (xs: number[]) => pct(xs, 0.99);

try {
  await main();
} finally {
  await stopRig();
}
