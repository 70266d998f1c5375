import { and, eq, inArray } from 'drizzle-orm';
import { db } from './db';
import { staff, users } from './db/schema';
import { DEMO_STAFF } from './db/seed/staff-demo';
import { DEMO_PASSWORD, SEEDED_PHONES } from './db/seed/users';
import { env } from './env';
import { startBus } from './bus';
import { startJobs } from './jobs';
import { errorFields, log } from './log';
import { reconcileLive } from './modules/live/reconcile.service';
import { sandboxEnabled } from './providers/pay';
import { startIngest } from './providers/live/local';
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

/**
 * Runs once before the server listens (server.mjs awaits it): says loudly when the sandbox
 * gateway is on, refuses a production start while seeded accounts keep the published password,
 * joins the other instances' cache bus (Redis), starts the background jobs and the live ingest, and
 * reconciles live rooms with it. Throws to stop the start.
 */
export async function startup(): Promise<void> {
  const e = env();
  if (sandboxEnabled()) {
    log.warn('sandbox payment gateway is ON: any member can pay and top up coins without real money (demo/staging only)', {
      NODE_ENV: e.NODE_ENV,
      PAY_SANDBOX: e.PAY_SANDBOX ?? null,
    });
  }
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
  await startBus();
  startJobs();
  if (e.LIVE_MEDIA === 'local') await startLiveIngest(e.LIVE_RTMP_PORT);
  // Rooms a crash left 直播中 end now, not at the job's next round (their stream died with the process).
  void reconcileLive().catch((err: unknown) => log.warn('live reconciliation failed', errorFields(err)));
}

/**
 * The RTMP ingest (issue 15): server.mjs serves its FLV on the site's port. A taken port (another
 * instance on this machine) leaves the site up without live pushes, and says so.
 */
async function startLiveIngest(port: number): Promise<void> {
  try {
    await startIngest({ port });
    log.info('live RTMP ingest listening', { port });
  } catch (err) {
    log.error(
      'live RTMP ingest could not start: pushes to this instance will fail (LIVE_RTMP_PORT taken? set LIVE_MEDIA=off on extra instances)',
      {
        port,
        error: err instanceof Error ? err.message : String(err),
      },
    );
  }
}

const STARTUP = Symbol.for('gongfu.startup');

/** Hands `startup` to server.mjs, which cannot import the bundle's modules by name. */
export function exposeStartup(): void {
  Reflect.set(globalThis, STARTUP, startup);
}
