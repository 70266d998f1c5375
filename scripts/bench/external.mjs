// @ts-check
// Measurements written as their own scripts, called when they exist:
//   scripts/bench/growth.ts --db pglite|postgres --json  → {engine, cases:[{name, small, large, ratio_p99}]}
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
export async function runGrowth({ root, engines, pgUrl, timeoutS }) {
  const script = 'scripts/bench/growth.ts';
  if (!existsSync(join(root, script))) return { skipped: `${script} does not exist in this tree yet` };
  const out = [];
  for (const engine of engines) {
    log(`growth: ${script} --db ${engine}`);
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    if (engine === 'postgres') Object.assign(env, { DATABASE_URL: pgUrl, TEST_DATABASE_URL: pgUrl });
    const r = await runScript(root, ['node_modules/tsx/dist/cli.mjs', script, '--db', engine, '--json'], env, timeoutS);
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
