// @ts-check
// Small helpers shared by the bench modules: options, child processes (all killed on exit), HTTP
// without automatic decompression, process-tree RSS, machine facts, statistics and formatting.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { cpus, totalmem } from 'node:os';

/** A desktop Chrome: phones and tablets are redirected to the mobile site, so the bench never looks like one. */
export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** What every page request of the bench carries. */
export const BROWSER_HEADERS = { 'user-agent': DESKTOP_UA, 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `--name=value`, `--name` (true) and `--no-name` (false) into an object; the rest into `_`. */
export function parseArgs(argv) {
  /** @type {{ _: string[]; [flag: string]: string | boolean | string[] }} */
  const out = { _: [] };
  for (const a of argv) {
    const m = /^--(no-)?([a-z][a-z0-9-]*)(?:=(.*))?$/i.exec(a);
    if (!m) out._.push(a);
    else if (m[1]) out[m[2]] = false;
    else out[m[2]] = m[3] ?? true;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is registered, so a failure, Ctrl-C or SIGTERM never leaves a server,
// an nginx or a script running behind the bench.

const children = new Set();
const cleanups = [];

/** Spawns a tracked child (killed when the bench exits for any reason). */
export function spawnTracked(cmd, args, opts = {}) {
  const child = spawn(cmd, args, opts);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Runs a tracked child to completion; resolves with its exit code, stdout and stderr. */
export function runChild(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    );
  });
}

/** Sends `signal` to a child and waits up to `ms` for it to exit, then SIGKILLs it. */
export async function stopChild(child, signal = 'SIGTERM', ms = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = sleep(ms).then(() => 'timeout');
  if ((await Promise.race([gone, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await gone;
  }
}

/** Registers an async cleanup (temp dirs, databases) run once at the end, also after a failure. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

let cleaning;
/** Stops every child and runs the cleanups (idempotent). */
export function cleanup() {
  cleaning ??= (async () => {
    await Promise.all([...children].map((c) => stopChild(c, 'SIGTERM', 4000).catch(() => {})));
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch((e) => console.error(`[bench] cleanup: ${e.message}`));
  })();
  return cleaning;
}

/** Installs the signal and exit handlers once. */
export function installExitHandlers() {
  const bail = (code) => () => {
    console.error(`\n[bench] stopping (${code === 130 ? 'interrupted' : 'terminated'}) …`);
    void cleanup().finally(() => process.exit(code));
  };
  process.once('SIGINT', bail(130));
  process.once('SIGTERM', bail(143));
  process.once('SIGHUP', bail(129));
  // Last resort: whatever is still alive when the process exits is killed outright.
  process.on('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP

/**
 * A GET that keeps the body as sent (no decompression): the saved page is byte for byte what the server answered.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
export function getRaw(url, headers = BROWSER_HEADERS) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

/** POSTs JSON to the API the way the web client does; returns the envelope. */
export async function postApi(base, path, body = {}, token) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authSource: 'web', ...(token ? { authToken: token } : {}) },
    body: JSON.stringify(body),
  });
  const env = await res.json();
  if (env.code !== 200) throw new Error(`${path}: code ${env.code} ${env.msg}`);
  return env.data;
}

/** Resolves when something accepts HTTP on `url`, or rejects after `ms` (or when `child` exits). */
export async function waitForHttp(url, ms = 30_000, child) {
  const until = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      await getRaw(url);
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`);
      await sleep(150);
    }
  }
}

/** True when 127.0.0.1:`port` can be bound right now. */
function canBind(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * `preferred` when it is free; otherwise, unless it was asked for explicitly, the next free port of
 * the 20 above it that is not in `taken` (several benches may run on one machine).
 */
export async function freePort(preferred, explicit, taken = []) {
  for (let p = preferred; p < preferred + 20; p++) {
    if (taken.includes(p)) continue;
    if (await canBind(p)) return p;
    if (explicit) throw new Error(`port ${p} is in use`);
  }
  throw new Error(`no free port in ${preferred}–${preferred + 19}`);
}

// ---------------------------------------------------------------------------------------------
// Memory: VmRSS of a process and of its descendants (threads share their process's RSS).

function vmRssKb(pid) {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function childPids(pid) {
  const out = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may contain spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(d));
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** RSS in MB of `pid` alone and of `pid` with every descendant process. */
export function rssMb(pid) {
  const own = vmRssKb(pid);
  let tree = own;
  const todo = childPids(pid);
  while (todo.length) {
    const p = todo.pop();
    tree += vmRssKb(p);
    todo.push(...childPids(p));
  }
  return { process: round(own / 1024, 1), tree: round(tree / 1024, 1) };
}

// ---------------------------------------------------------------------------------------------
// Machine facts for the report.

function tryExec(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (e) {
    return String(/** @type {{ stderr?: unknown }} */ (e).stderr ?? '').trim();
  }
}

export function machineInfo(nginxBin) {
  const cpuinfo = (() => {
    try {
      return readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      return '';
    }
  })();
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  // nginx -v prints to stderr.
  const v = nginxBin ? spawnSync(nginxBin, ['-v'], { encoding: 'utf8' }) : null;
  const nginx = v ? (/nginx\/[\d.]+/.exec(`${v.stdout}${v.stderr}`)?.[0] ?? 'nginx (version unknown)') : 'no nginx';
  return {
    cores: cpus().length,
    cpu: model,
    ram_gb: round(totalmem() / 1024 ** 3, 1),
    node: process.version,
    nginx,
    kernel: tryExec('uname', ['-sr']),
  };
}

/** Paths that are the bench and its output rather than the app (package.json holds the bench script, *.md are docs). */
const NOT_APP = [':(exclude)scripts/bench', ':(exclude)docs', ':(exclude)package.json', ':(exclude)*.md'];

/**
 * HEAD, and the app commit: the last commit that changed anything but the bench and its output, which
 * is what the figures describe. `dirty` = uncommitted changes to the app itself.
 */
export function gitInfo(cwd) {
  const git = (...a) => tryExec('git', ['-C', cwd, ...a]);
  const commit = git('rev-parse', '--short', 'HEAD');
  const app = git('log', '-1', '--format=%h%x00%s', '--', '.', ...NOT_APP).split('\0');
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '.', ...NOT_APP) !== '';
  return { commit: app[0] || commit, head: commit, subject: app[1] ?? '', dirty };
}

/** Newest modification time (ms) of the files under `path` (a file or a directory). */
export function newestMtime(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(path)) newest = Math.max(newest, newestMtime(`${path}/${e}`));
  return newest;
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting.

export function median(xs) {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

export function round(x, digits = 0) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** A number for a table: thousands grouped, NaN as an en dash. */
export function num(x, digits = 0) {
  if (x === undefined || x === null || !Number.isFinite(x)) return '–';
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Plain-text table for the console (first column left-aligned, the rest right-aligned). */
export function textTable(head, rows) {
  const all = [head, ...rows].map((r) => r.map((c) => String(c)));
  const width = head.map((_, i) => Math.max(...all.map((r) => [...(r[i] ?? '')].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
  return [line(all[0]), width.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

/** Markdown table (prettier aligns it when the document is written). */
export function mdTable(head, rows) {
  const esc = (c) => String(c).replaceAll('|', '\\|');
  return [
    `| ${head.map(esc).join(' | ')} |`,
    `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** Logs a progress line to stderr (stdout carries the summary). */
export function log(msg) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

// ---------------------------------------------------------------------------------------------
// Other work on the machine: the share of all cores busy in processes that are not the bench's
// (this process and its descendants), sampled each second from /proc.

function busyJiffies() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …
  const idle = f[3] + (f[4] ?? 0);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function treeJiffies(pid) {
  const ticks = new Map();
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop();
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(p, Number(f[11]) + Number(f[12]));
    } catch {
      continue;
    }
    todo.push(...childPids(p));
  }
  return ticks;
}

/** Samples the CPU used by others; `phase(name)` starts a new bucket (returns the last one); `summary()` gives % per bucket. */
export function foreignCpu() {
  const buckets = new Map();
  let current = 'setup';
  let last = { sys: busyJiffies(), ours: treeJiffies(process.pid) };
  const timer = setInterval(() => {
    const sys = busyJiffies();
    const ours = treeJiffies(process.pid);
    let oursDelta = 0;
    for (const [p, t] of ours) oursDelta += t - (last.ours.get(p) ?? t);
    const total = sys.total - last.sys.total;
    const foreign = Math.max(0, sys.busy - last.sys.busy - oursDelta);
    const b = buckets.get(current) ?? { foreign: 0, total: 0 };
    b.foreign += foreign;
    b.total += total;
    buckets.set(current, b);
    last = { sys, ours };
  }, 1000);
  timer.unref();
  return {
    phase(name) {
      const was = current;
      current = name;
      return was;
    },
    summary() {
      clearInterval(timer);
      return Object.fromEntries([...buckets].map(([k, b]) => [k, b.total ? round((b.foreign / b.total) * 100, 1) : 0]));
    },
  };
}

/** Share (%) of all cores busy over `ms`, everything included. */
export async function machineBusy(ms = 2000) {
  const a = busyJiffies();
  await sleep(ms);
  const b = busyJiffies();
  return round(((b.busy - a.busy) / Math.max(1, b.total - a.total)) * 100, 1);
}
