// @ts-check
// Measurements written as their own scripts, called when they exist:
//   scripts/bench/growth.ts --db pglite|postgres --rows N --json
//     → {engine, date, commit, loadavg, small_rows, large_rows, builds, cases:[{name, group, small, large, ratio_p99}]}
//   scripts/bench/bytes.mjs <baseUrl> --json             → {pages:[{url, js_raw, js_br, react_br, requests}]}
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { log, runChild, sleep } from './util.mjs';

/** The JSON document in a script's stdout (the whole of it, or its last line that parses). */
function parseJson(stdout) {
  try {
    return JSON.parse(stdout);
  } catch {
    for (const line of stdout.trim().split('\n').reverse()) {
      try {
        return JSON.parse(line);
      } catch {
        // not this line
      }
    }
  }
  return null;
}

async function runScript(root, args, env, timeoutS) {
  const started = Date.now();
  const run = runChild(process.execPath, args, { cwd: root, env });
  const r = await Promise.race([run, sleep(timeoutS * 1000).then(() => null)]);
  if (!r) return { ok: false, error: `no answer within ${timeoutS} s`, seconds: timeoutS };
  const seconds = (Date.now() - started) / 1000;
  const json = r.code === 0 ? parseJson(r.stdout) : null;
  if (!json) return { ok: false, error: `exit ${r.code}: ${(r.stderr || r.stdout).trim().split('\n').slice(-5).join(' / ')}`, seconds };
  return { ok: true, json, seconds };
}

/** Growth cases per engine; `skipped` says why when the script is not there. */
export async function runGrowth({ root, engines, pgUrl, rows, timeoutS }) {
  const script = 'scripts/bench/growth.ts';
  if (!existsSync(join(root, script))) return { skipped: `${script} does not exist in this tree yet` };
  const out = [];
  for (const engine of engines) {
    log(`growth: ${script} --db ${engine}`);
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    if (engine === 'postgres') Object.assign(env, { DATABASE_URL: pgUrl, TEST_DATABASE_URL: pgUrl });
    const r = await runScript(
      root,
      ['node_modules/tsx/dist/cli.mjs', script, '--db', engine, '--rows', String(rows), '--json'],
      env,
      timeoutS,
    );
    if (!r.ok) log(`growth ${engine}: ${r.error}`);
    out.push(r.ok ? { engine, seconds: r.seconds, ...r.json } : { engine, error: r.error, seconds: r.seconds });
  }
  return { engines: out };
}

/** JavaScript per page, from the running server. */
export async function runBytes({ root, base, timeoutS }) {
  const script = 'scripts/bench/bytes.mjs';
  if (!existsSync(join(root, script))) return { skipped: `${script} does not exist in this tree yet` };
  log(`bytes: ${script} ${base} --json`);
  const r = await runScript(root, [script, base, '--json'], process.env, timeoutS);
  if (!r.ok) {
    log(`bytes: ${r.error}`);
    return { error: r.error };
  }
  return { seconds: r.seconds, pages: r.json.pages ?? [] };
}

/** The mobile pages the quality bar names, under Lighthouse's default phone emulation and throttling. */
export const LIGHTHOUSE_MOBILE_PAGES = [
  '/m',
  { from: '/m/shop', first: /\/m\/goods\/detail\?id=\d+/ },
  { from: '/m/list?type=course', first: /\/m\/course\/detail\?id=\d+/ },
  { from: '/m/list?type=coach', first: /\/m\/anchor\?type=coach&(?:amp;)?id=\d+/ },
  { from: '/m/list?type=article', first: /\/m\/article\/detail\?id=\d+/ },
  // The social half: the live list, the 功夫圈 feed and 我的 (as a visitor sees it).
  '/m/live',
  '/m/circle',
  '/m/my',
];

/** Lighthouse mobile on LIGHTHOUSE_MOBILE_PAGES (scripts/bench/lighthouse.mjs --mobile). */
export async function runLighthouse({ root, base, runs, timeoutS }) {
  const pages = [];
  for (const p of LIGHTHOUSE_MOBILE_PAGES) {
    if (typeof p === 'string') {
      pages.push(p);
      continue;
    }
    const html = await (await fetch(new URL(p.from, base))).text();
    const hit = html.match(p.first)?.[0];
    if (hit) pages.push(hit.replace(/&amp;/g, '&'));
    else log(`lighthouse: no link matching ${p.first} on ${p.from}`);
  }
  log(`lighthouse (mobile, ${runs} run(s) per page): ${pages.join(' ')}`);
  const r = await runScript(
    root,
    ['scripts/bench/lighthouse.mjs', base, '--mobile', '--json', `--runs=${runs}`, `--pages=${pages.join(',')}`],
    process.env,
    timeoutS,
  );
  if (!r.ok) {
    log(`lighthouse: ${r.error}`);
    return { error: r.error };
  }
  return { seconds: r.seconds, ...r.json };
}
