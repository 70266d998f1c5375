// @ts-check
// Free TCP ports for test rigs (the e2e and cluster rigs, API tests that listen), so two checkouts
// testing on one machine never meet on fixed ports. Ports are drawn at random from 20000–31999
// (below Linux's ephemeral range, where outgoing connections take theirs) and kept only when
// 127.0.0.1 can bind them right now; random draws keep two rigs starting at the same moment apart.
//   node scripts/free-ports.mjs 3          → [27113,21930,30342]
//   node scripts/free-ports.mjs 5 --block  → five consecutive ports, [24410,24411,…]
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const LOW = 20000;
const HIGH = 32000;

/**
 * True when 127.0.0.1 can listen on `port` now (a listener on any address of it says no).
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function canBind(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * `n` distinct free ports; with `block`, `n` consecutive ones (a rig that numbers its listeners
 * base, base+1, …). `random` is for tests of this function.
 * @param {number} n
 * @param {{ block?: boolean; random?: () => number }} [opts]
 * @returns {Promise<number[]>}
 */
export async function freePorts(n, { block = false, random = Math.random } = {}) {
  const draw = () => LOW + Math.floor(random() * (HIGH - LOW - n));
  for (let attempt = 0; attempt < 200; attempt++) {
    /** @type {number[]} */
    const ports = [];
    if (block) {
      const base = draw();
      for (let i = 0; i < n; i++) ports.push(base + i);
    } else {
      while (ports.length < n) {
        const p = draw();
        if (!ports.includes(p)) ports.push(p);
      }
    }
    const free = await Promise.all(ports.map(canBind));
    if (free.every(Boolean)) return ports;
  }
  throw new Error(`no ${n} free ports found in ${LOW}–${HIGH - 1}`);
}

/** One free port. @returns {Promise<number>} */
export async function freePort() {
  const [port] = await freePorts(1);
  return /** @type {number} */ (port);
}

/**
 * The same, for code that cannot wait (a Playwright config is loaded synchronously): asks a child process.
 * @param {number} n
 * @param {{ block?: boolean }} [o]
 * @returns {number[]}
 */
export function freePortsSync(n, { block = false } = {}) {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), String(n), ...(block ? ['--block'] : [])], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

/**
 * Fills each of `names` (E2E_PORT, …) that the environment does not set with a free port, in
 * process.env: the rig a config starts and the test workers it forks inherit them, so all agree.
 * A port given by the caller is kept as it is.
 * With `block`, the one name gets the first of that many consecutive free ports.
 * @template {string} K
 * @param {K[]} names
 * @param {{ block?: number }} [opts]
 * @returns {Record<K, number>}
 */
export function takePorts(names, { block } = {}) {
  const missing = names.filter((name) => !process.env[name]);
  const picked = !missing.length ? [] : block ? freePortsSync(block, { block: true }).slice(0, 1) : freePortsSync(missing.length);
  missing.forEach((name, i) => (process.env[name] = String(picked[i])));
  return /** @type {Record<K, number>} */ (Object.fromEntries(names.map((name) => [name, Number(process.env[name])])));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 1);
  process.stdout.write(`${JSON.stringify(await freePorts(n, { block: process.argv.includes('--block') }))}\n`);
}
