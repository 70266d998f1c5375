// @ts-check
/**
 * Chat load benchmark: N WebSocket clients in one group on loopback.
 *
 *   npm run bench:im [-- --clients 1000 --messages 200 --rate 20 --json]
 *   npm run bench:live [-- ...]   the same in a live room: each viewer joins the
 *                                 AVChatRoom itself and the texts are barrage, not stored
 *
 * Starts the server half (scripts/bench/im-server.ts: seeded database, N users in one group, the
 * real /im server) as a child process, opens N sockets that authenticate with their user_sig and
 * login session, then has 10 members send `messages` texts at `rate` per second. Each text carries its send time; every
 * receiving socket records the delay. Reports deliveries/s, p50/p99/max delivery latency and the
 * server's RSS. PGlite in memory by default; BENCH_DATABASE_URL runs it on PostgreSQL.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CLIENTS = arg('--clients', 1000);
const MESSAGES = arg('--messages', 200);
const RATE = arg('--rate', 20);
const SENDERS = 10;
const json = args.includes('--json');
const ROOM = args.includes('--room');
// The request id of a viewer's joinGroup (message sends use 1..MESSAGES).
const JOIN_ID = 1_000_000;
const say = (s) => json || console.log(s);

const child = fork(fileURLToPath(new URL('./im-server.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  // Every client comes from loopback, 100 logging in at a time: the per-address cap would refuse them.
  env: {
    ...process.env,
    BENCH_CLIENTS: String(CLIENTS),
    BENCH_ROOM: ROOM ? '1' : '0',
    IM_SEND_BURST: '1000000',
    IM_UNAUTH_PER_IP: '100000',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
const setup = await new Promise((ok, fail) => {
  createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).once('line', (l) => ok(JSON.parse(l)));
  child.once('exit', (code) => fail(new Error(`bench server exited (${code})`)));
});
say(`server ready on ${setup.port}: ${setup.users.length} users in ${setup.groupID}`);

const latencies = [];
let delivered = 0;
let firstDelivery = 0;
let lastDelivery = 0;
const conv = `GROUP${setup.groupID}`;

function open(user) {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${setup.port}/im`, { perMessageDeflate: false });
    ws.on('open', () => ws.send(JSON.stringify({ t: 'auth', userID: String(user.id), userSig: user.sig, token: user.token })));
    ws.on('error', fail);
    ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      // In a live room the viewer joins first (one seat row each, as a real viewer would).
      if (f.t === 'ready' && !ROOM) return ok(ws);
      if (f.t === 'ready') return ws.send(JSON.stringify({ t: 'req', id: JOIN_ID, op: 'joinGroup', args: [{ groupID: setup.groupID }] }));
      if (f.t === 'res' && f.id === JOIN_ID) return f.ok ? ok(ws) : fail(new Error(`joinGroup: ${f.msg}`));
      if (f.t === 'ev' && f.ev === 'messageReceived') {
        const now = performance.now();
        for (const m of f.data) {
          if (m.conversationID !== conv || m.type !== 'TIMTextElem') continue;
          const sentAt = Number(m.payload.text.split(' ')[1]);
          latencies.push(now - sentAt);
          delivered++;
          if (!firstDelivery) firstDelivery = now;
          lastDelivery = now;
        }
      }
    });
  });
}

const t0 = performance.now();
const sockets = [];
for (let i = 0; i < setup.users.length; i += 100) {
  sockets.push(...(await Promise.all(setup.users.slice(i, i + 100).map(open))));
}
say(`${sockets.length} sockets authenticated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const expected = MESSAGES * (CLIENTS - 1);
const sendStart = performance.now();
for (let i = 0; i < MESSAGES; i++) {
  const ws = sockets[i % SENDERS];
  ws.send(
    JSON.stringify({
      t: 'req',
      id: i + 1,
      op: 'sendMessage',
      args: [{ conversationID: conv, clientID: `bench-${i}`, type: 'TIMTextElem', payload: { text: `m ${performance.now()}` } }],
    }),
  );
  const due = sendStart + ((i + 1) * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
const deadline = performance.now() + 30_000;
while (delivered < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));

const rss = await new Promise((ok) => {
  child.once('message', (m) => ok(/** @type {{ rss: number }} */ (m).rss));
  child.send('rss');
});
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
const result = {
  kind: ROOM ? 'live room (barrage)' : 'group chat',
  engine: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
  clients: CLIENTS,
  messages_sent: MESSAGES,
  send_rate_per_s: RATE,
  deliveries: delivered,
  deliveries_expected: expected,
  deliveries_per_s: Math.round(delivered / ((lastDelivery - firstDelivery) / 1000 || 1)),
  latency_ms: { p50: +pct(50).toFixed(1), p99: +pct(99).toFixed(1), max: +(latencies.at(-1) ?? NaN).toFixed(1) },
  server_rss_mb: Math.round(rss / 1024 / 1024),
};
if (json) console.log(JSON.stringify(result));
else
  console.table({
    ...result,
    latency_ms: undefined,
    p50_ms: result.latency_ms.p50,
    p99_ms: result.latency_ms.p99,
    max_ms: result.latency_ms.max,
  });
for (const ws of sockets) ws.terminate();
child.send('stop');
await new Promise((r) => child.once('exit', r));
process.exit(delivered === expected ? 0 : 1);
