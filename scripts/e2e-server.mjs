// @ts-check
// The server Playwright tests against: the built app on a fresh, freshly seeded data directory.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOAuthStandin } from '../tests/fixtures/oauth-standin.mjs';
import { takePorts } from './free-ports.mjs';
import { NODE_FLAGS, SERVER_ENV } from './server-flags.mjs';

// playwright.config.ts passes the ports it picked; run by hand, the rig picks free ones itself.
const ports = takePorts(['E2E_PORT', 'E2E_OAUTH_PORT', 'E2E_RTMP_PORT']);
const port = String(ports.E2E_PORT);
const dataDir = mkdtempSync(join(tmpdir(), 'gongfu-e2e-'));
// WeChat and QQ logins go to the loopback stand-in, as the real ones would go to open.weixin / graph.qq.
const oauth = await startOAuthStandin(ports.E2E_OAUTH_PORT);
/** @type {NodeJS.ProcessEnv} */
const env = {
  ...oauth.env,
  ...SERVER_ENV,
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SITE_URL: `http://127.0.0.1:${port}`,
  // The mobile site is served at this same origin under /m (src/pages/m).
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // The browser tests read SMS codes back and send many of them from one address.
  SMS_OUTBOX_API: 'true',
  SMS_DAILY_PER_IP: '1000',
  SMS_DAILY_PER_PHONE: '50',
  // Each test registers its own member through the captcha; a lighter proof of work keeps that quick.
  CAPTCHA_COST: '100',
  // A staging rig: production mode, with the sandbox gateway explicitly allowed for purchase flows.
  PAY_SANDBOX: 'true',
  // Production mode refuses seeded demo passwords; this rig logs in with them on purpose.
  ALLOW_DEMO_ACCOUNTS: 'true',
  // Every API answer is checked against its contract while the browser tests run.
  API_CHECK_OUTPUT: 'true',
  // Short enough for the slow-client test to watch the server hang up.
  HTTP_HEADERS_TIMEOUT_S: '3',
  HTTP_REQUEST_TIMEOUT_S: '10',
  // The live specs push to the in-process RTMP ingest with ffmpeg (a port of the rig's own).
  LIVE_MEDIA: 'local',
  LIVE_RTMP_PORT: String(ports.E2E_RTMP_PORT),
};
delete env.DATABASE_URL;

if (!existsSync('dist/server/entry.mjs')) {
  console.error('[e2e] no build: run `npm run build` first');
  process.exit(1);
}
execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/migrate.ts'], { env, stdio: 'inherit' });
// Settled income for one non-demo coach (杨帆), so the withdrawal test has a balance to draw on.
execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/fixtures/seller-income.ts', '13800000112'], {
  env,
  stdio: 'inherit',
});
// And for another (何家豪), whose withdrawal the operator console pays out (admin-operations.spec.ts).
execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/fixtures/seller-income.ts', '13800000111', '4'], {
  env,
  stdio: 'inherit',
});
// Console sessions the specs claim instead of a TOTP login (playwright.config.ts names the directory).
const staffDir = process.env.E2E_STAFF_DIR;
if (staffDir) {
  rmSync(staffDir, { recursive: true, force: true });
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/fixtures/staff-sessions.ts', staffDir], {
    env,
    stdio: 'inherit',
  });
  // A practice clip for the critique spec to review (its id goes into the same directory).
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/fixtures/homework-critique.ts', staffDir], {
    env,
    stdio: 'inherit',
  });
}
console.log(`[e2e] http://127.0.0.1:${port} (OAuth stand-in :${ports.E2E_OAUTH_PORT}, RTMP :${ports.E2E_RTMP_PORT})`);
const server = spawn(process.execPath, [...NODE_FLAGS, 'server.mjs'], { env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  void oauth.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (staffDir) rmSync(staffDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
