import { and, eq, inArray } from 'drizzle-orm';
import { db } from './db';
import { staff, users } from './db/schema';
import { DEMO_STAFF } from './seed/staff-demo';
import { DEMO_PASSWORD, SEEDED_PHONES } from './seed/users';
import { env } from './env';
import { startBus } from './bus';
import { startJobs } from './jobs';
import { errorFields, log } from './log';
import { reconcileLive } from './modules/live/reconcile.service';
import { sandboxEnabled } from './providers/pay';
import { startIngest, type Ingest } from './providers/live/local';
import { setIngestProblem } from './providers/live';
import { listenAddress, startLine } from './listen';
import { verifyPassword } from './security/password';

/** Active seeded accounts that still log in with the password the README publishes. */
export async function openDemoAccounts(): Promise<string[]> {
  const rows = await db()
    .select({ phone: users.phone, hash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.phone, [...SEEDED_PHONES]), eq(users.status, 1)));
  // Console staff too: a demo operator with the published password and TOTP secret is a master key.
  const staffRows = await db()
    .select({ phone: staff.phone, hash: staff.passwordHash })
    .from(staff)
    .where(
      and(
        inArray(
          staff.phone,
          DEMO_STAFF.map((s) => s.phone),
        ),
        eq(staff.status, 1),
      ),
    );
  const all = [...rows, ...staffRows];
  const open = await Promise.all(all.map(async (r) => ((await verifyPassword(DEMO_PASSWORD, r.hash)) ? (r.phone ?? '') : '')));
  return open.filter(Boolean);
}

/** What server.mjs needs from startup(): where to listen and the line to print once it does. */
export interface Boot {
  host: string;
  port: number;
  line: string;
}

/** Seeded accounts still active: the site runs on the demo data (the README publishes their password). */
async function demoAccountsActive(): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.phone, [...SEEDED_PHONES]), eq(users.status, 1)))
    .limit(1);
  return Boolean(row);
}

/**
 * Runs once before the server listens (server.mjs awaits it): says loudly when the sandbox
 * gateway is on, refuses a production start while seeded accounts keep the published password,
 * joins the other instances' cache bus (Redis), starts the background jobs and the RTMP ingest, and
 * reconciles live rooms with it. Throws to stop the start.
 */
export async function startup(): Promise<Boot> {
  const e = env();
  if (sandboxEnabled()) {
    log.warn('sandbox payment gateway is ON: any member can pay and top up coins without real money (demo/staging only)', {
      NODE_ENV: e.NODE_ENV,
      PAY_SANDBOX: e.PAY_SANDBOX ?? null,
    });
  }
  let demoData = e.NODE_ENV !== 'production' || e.ALLOW_DEMO_ACCOUNTS;
  if (e.NODE_ENV === 'production' && !e.ALLOW_DEMO_ACCOUNTS) {
    const open = await openDemoAccounts();
    if (open.length) {
      throw new Error(
        `Refusing to start in production: ${open.length} seeded demo account(s) still use the published password ` +
          `(${open.slice(0, 5).join(', ')}${open.length > 5 ? ', …' : ''}). Change their passwords or disable them (users.status = 0); ` +
          'a staging rig may set ALLOW_DEMO_ACCOUNTS=true.',
      );
    }
  }
  if (demoData) demoData = await demoAccountsActive();
  await startBus();
  startJobs();
  const ingest = e.LIVE_MEDIA === 'local' ? await startLiveIngest() : undefined;
  // Rooms a crash left 直播中 end now, not at the job's next round (their stream died with the process).
  void reconcileLive().catch((err: unknown) => log.warn('live reconciliation failed', errorFields(err)));
  const { host, port } = listenAddress(e);
  return {
    host,
    port,
    line: startLine(e, { demoData, sandbox: sandboxEnabled(), liveUnavailable: ingest === null }),
  };
}

/**
 * The RTMP ingest, on the site's host unless LIVE_RTMP_HOST_BIND; server.mjs serves its
 * FLV on the site's port. A port it cannot take (another program or instance holds it) leaves the
 * site up with live pushes marked unavailable — going live then says so instead of handing out a
 * push URL nobody answers — and one line at start names the variables that fix it. Null then.
 */
export async function startLiveIngest(): Promise<Ingest | null> {
  const e = env();
  const host = e.LIVE_RTMP_HOST_BIND ?? listenAddress(e).host;
  const port = e.LIVE_RTMP_PORT;
  try {
    const ingest = await startIngest({ port, host });
    setIngestProblem(null);
    log.info('live RTMP ingest listening', { address: `${ingest.address}:${port}` });
    return ingest;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? `RTMP port ${port} on ${host} is already in use`
        : `the RTMP ingest cannot listen on ${host}:${port} (${err instanceof Error ? err.message : String(err)})`;
    setIngestProblem(why);
    log.error(
      `live push unavailable: ${why} — set LIVE_RTMP_PORT to a free port, or LIVE_MEDIA=off when another instance on this machine takes the pushes`,
      { code },
    );
    return null;
  }
}

const STARTUP = Symbol.for('gongfu.startup');

/** Hands `startup` to server.mjs, which cannot import the bundle's modules by name. */
export function exposeStartup(): void {
  Reflect.set(globalThis, STARTUP, startup);
}
