import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '../../scripts/free-ports.mjs';
import { NODE_FLAGS, SERVER_ENV, rigEnv } from '../../scripts/server-flags.mjs';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';

/**
 * `npm run backup` while the production server serves, then `npm run restore` into a fresh data
 * directory: the restored site must answer with the same orders and balances. PGlite only
 * (PostgreSQL uses pg_dump/pg_restore), and it needs the build (`npm test` builds first).
 */
const built = existsSync('dist/server/entry.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'gongfu-backup-'));
const servers: ChildProcess[] = [];
afterAll(async () => {
  for (const s of servers) if (s.exitCode === null) s.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

const tsx = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], { env, stdio: 'pipe' });
const node = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  execFileSync(process.execPath, [script, ...args], { env, stdio: 'pipe' }).toString();

function envFor(dataDir: string, port: number): NodeJS.ProcessEnv {
  return { ...rigEnv({ port, dataDir }), ...SERVER_ENV, LOG_LEVEL: 'warn', LIVE_MEDIA: 'off' };
}

async function start(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, 'server.mjs'], { env: envFor(dataDir, port), stdio: 'ignore' });
  servers.push(child);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server on ${dataDir} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}

async function api<T>(port: number, path: string, body: unknown = {}, token?: string): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authSource: 'web', ...(token ? { authToken: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

/** What a member sees of their money and orders. */
async function snapshot(port: number) {
  const { data: me } = await api<{ token: string }>(port, '/login', { type: 1, phone: '13800000001', password: 'gongfu123' });
  const wallet = (await api<{ coins: number }>(port, '/member/wallet', {}, me.token)).data;
  const ledger = (await api<unknown>(port, '/member/coinLedger', { page: 1, limit: 50 }, me.token)).data;
  const orders = (await api<unknown>(port, '/order/list', { kind: 'course', page: 1, limit: 50 }, me.token)).data;
  return { wallet, ledger, orders };
}

describe.skipIf(!built || Boolean(process.env['TEST_DATABASE_URL']))('backup and restore of the embedded database', () => {
  it('a backup taken while serving restores into a fresh directory with the same orders and balances', async () => {
    const [portA, portB] = (await freePorts(2)) as [number, number];
    const dirA = join(scratch, 'a');
    const dirB = join(scratch, 'b');
    tsx('scripts/migrate.ts', [], envFor(dirA, portA));
    const a = await start(dirA, portA);

    // Money moves before the copy: a course bought with kung fu coins.
    const { data: me } = await api<{ token: string }>(portA, '/login', { type: 1, phone: '13800000001', password: 'gongfu123' });
    const { data: courses } = await api<{ list: { id: number }[] }>(portA, '/public/courseList', { price: 'paid', page: 1, limit: 10 });
    const created = await api<{ id: number }>(portA, '/order/createCourse', { course_id: courses.list[0]?.id }, me.token);
    expect(created.code).toBe(200);
    expect((await api(portA, '/order/payCoins', { id: created.data.id, pay_password: DEMO_PAY_PASSWORD }, me.token)).code).toBe(200);
    const before = await snapshot(portA);

    // The copy is taken while requests keep coming.
    const busy = Promise.all(Array.from({ length: 20 }, () => api(portA, '/goods/list', { page: 1, limit: 20 })));
    const file = join(scratch, 'gongfu.tar.gz');
    const out = node('scripts/backup.mjs', ['--out', file], envFor(dirA, portA));
    expect(out).toMatch(/\[backup\] .*gongfu\.tar\.gz/);
    expect((await busy).every((r) => r.code === 200)).toBe(true);

    // Restoring under a running server is refused.
    expect(() => node('scripts/restore.mjs', [file], envFor(dirA, portA))).toThrow();
    await stop(a);

    node('scripts/restore.mjs', [file, '--data-dir', dirB], envFor(dirB, portB));
    await start(dirB, portB);
    const after = await snapshot(portB);
    expect(before.ledger).not.toBeNull();
    expect(after.wallet).toEqual(before.wallet);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.orders).toEqual(before.orders);
    expect(JSON.stringify(after.orders)).toContain(String(created.data.id));
    // Two production starts, a migrate with the seed, a backup and a restore: a hang guard, not a speed bound.
  }, 120_000);
});
