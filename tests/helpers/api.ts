import { mkdtempSync, rmSync } from 'node:fs';
import { desc, eq, sql } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { coinLedger, smsOutbox, staff, staffSessions, wallets } from '~/server/db/schema';
import { DEMO_STAFF } from '~/server/seed/staff-demo';
import { STAFF_COOKIE, type StaffRole } from '~/lib/rules/staff';
import { newToken, tokenHash } from '~/server/security/tokens';
import { resetSms } from '~/server/providers/sms';
import { skipSmsCooldown } from '~/server/modules/verify/sms-code.service';
import { resetCaptcha } from '~/server/providers/captcha';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetEnv } from '~/server/env';
import { createApi } from '~/server/app';
import { invalidate } from '~/server/cache';
import type { Envelope } from '~/lib/api/codes';
import type { ApiInput, ApiOutput, ApiPath } from '~/lib/api/types';
import { openTestDatabase } from './test-database';

export interface Answer<T = any> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

/** `post`'s arguments after the path: the body (optional when every field is), a member token, extra headers. */
type PostArgs<P extends ApiPath> =
  ApiInput<P> extends Record<string, never>
    ? [body?: ApiInput<P>, token?: string, headers?: Record<string, string>]
    : Partial<ApiInput<P>> extends ApiInput<P>
      ? [body?: ApiInput<P>, token?: string, headers?: Record<string, string>]
      : [body: ApiInput<P>, token?: string, headers?: Record<string, string>];

/**
 * A seeded database and the API app for one test file: a copy of the run's migrated and seeded
 * template (tests/setup/api-template.ts) — PGlite in memory by default; with TEST_DATABASE_URL set,
 * a database of its own in that PostgreSQL (dropped afterwards).
 */
export async function startApi(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gongfu-test-'));
  process.env['DATA_DIR'] = dataDir;
  process.env['LOG_LEVEL'] = process.env['TEST_LOG_LEVEL'] ?? 'error';
  // Captchas cheap enough to solve in a test; the real difficulty is the default.
  process.env['CAPTCHA_COST'] = '5';
  const saved = Object.fromEntries(Object.keys(extraEnv).map((k) => [k, process.env[k]]));
  Object.assign(process.env, extraEnv);
  resetEnv();
  resetSms();
  resetCaptcha();
  invalidate();
  const database = await openTestDatabase(dataDir);
  const { handle } = database;
  const app = createApi();

  /**
   * POSTs JSON like the web client does, typed from the endpoint's contract like the browser's
   * `api()`: `path` must be an endpoint, `body` its input, and the answer's `data` its output.
   */
  async function post<P extends ApiPath>(path: P, ...[body, token, headers]: PostArgs<P>): Promise<Answer<ApiOutput<P>>> {
    return rawPost(path, body, token, headers);
  }

  /**
   * POSTs anything to any path under /api: malformed or wrong-typed input, a raw string body, a
   * path that is no contract endpoint (rig routes, unknown paths), or a list of paths swept alike
   * (who may call them). `data` is the caller's to judge.
   */
  async function rawPost<T = any>(path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await app.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authSource: 'web', ...(token ? { authToken: token } : {}), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  /**
   * `post` as a console staff member (`cookie` from `staffCookie`), typed the same way; the body
   * defaults to `{}`: `const finance = t.asStaff(await t.staffCookie('finance'))`.
   */
  function asStaff(cookie: string) {
    return <P extends ApiPath>(path: P, body?: ApiInput<P>): Promise<Answer<ApiOutput<P>>> =>
      rawPost<ApiOutput<P>>(path, body ?? {}, undefined, { cookie });
  }

  /** Logs a demo (or any) account in and returns its token. */
  async function login(phone: string, password = 'gongfu123'): Promise<string> {
    const res = await post('/login', { type: 1, phone, password });
    if (res.body.code !== 200) throw new Error(`login ${phone} failed: ${res.body.msg}`);
    return res.body.data.token;
  }

  /** What the browser does before an SMS: fetch host+token, get a challenge, solve it. */
  async function captchaPass(): Promise<string> {
    const cfg = await post('/public/captchaConfig');
    const challenge = (await post('/public/captchaChallenge', { token: cfg.body.data.token })).body.data;
    // The contract's optional fields are `T | undefined`; altcha-lib's are exactly optional.
    const solution = await solveChallenge({ challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'], deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  /** Sends an SMS code (captcha solved) and returns the envelope. */
  async function sendCode(phone: string, type: ApiInput<'/public/sendMsg'>['type'], token?: string, ip = '10.0.0.1') {
    return post('/public/sendMsg', { phone, type, captcha: await captchaPass() }, token, { 'x-forwarded-for': ip });
  }

  /** The code in the newest SMS to `phone`, read from the outbox like an operator would. */
  async function lastCode(phone: string): Promise<string> {
    const [row] = await handle.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
    const code = row?.content.match(/验证码为 (\d{6})/)?.[1];
    if (!code) throw new Error(`no SMS for ${phone}`);
    return code;
  }

  /** Lets the 60 s cooldown pass without waiting (moves this phone's codes back in time). */
  async function skipCooldown(phone: string): Promise<void> {
    await skipSmsCooldown(phone);
  }

  /** A member's coin balance and the sum of their ledger (the two must always agree). */
  async function wallet(userId: number): Promise<{ coins: number; ledgerSum: number }> {
    const [w] = await handle.db.select().from(wallets).where(eq(wallets.userId, userId));
    const [sum] = await handle.db
      .select({ s: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId));
    return { coins: w?.coins ?? 0, ledgerSum: sum?.s ?? 0 };
  }

  /**
   * A console session for the demo staff member of `role`, as the `cookie` header value:
   * `post(path, body, undefined, { cookie: await staffCookie('finance') })`. Made directly in the
   * database, because a TOTP code may be used only once (a test logs in many times a minute);
   * tests/api/admin.test.ts covers the real login.
   */
  async function staffCookie(role: StaffRole): Promise<string> {
    const phone = DEMO_STAFF.find((s) => s.role === role)!.phone;
    const [row] = await handle.db.select({ id: staff.id }).from(staff).where(eq(staff.phone, phone));
    const token = newToken();
    const now = Date.now();
    await handle.db.insert(staffSessions).values({
      staffId: row!.id,
      tokenHash: tokenHash(token),
      expiresAt: new Date(now + 30 * 60_000),
      hardExpiresAt: new Date(now + 8 * 3_600_000),
    });
    return `${STAFF_COOKIE}=${token}`;
  }

  /** A member's private verification document (a 1×1 PNG through /member/uploadDocument): its stored path. */
  async function uploadDocument(token: string): Promise<string> {
    const res = await post('/member/uploadDocument', { image: `data:image/png;base64,${PNG_1X1}` }, token);
    if (res.body.code !== 200) throw new Error(`document upload failed: ${res.body.msg}`);
    return res.body.data.path;
  }

  async function stop(): Promise<void> {
    await database.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
    }
    resetEnv();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return {
    app,
    db: handle.db,
    post,
    rawPost,
    asStaff,
    login,
    staffCookie,
    uploadDocument,
    stop,
    dataDir,
    captchaPass,
    sendCode,
    lastCode,
    skipCooldown,
    wallet,
  };
}

export type TestApi = Awaited<ReturnType<typeof startApi>>;

/** A valid 1×1 PNG, base64. */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The seeded demo accounts (see src/server/seed/users.ts and the README). */
export const DEMO = { member: '13800000001', coach: '13800000002', mechant: '13800000003', provider: '13800000004' } as const;

/** The voucher of a local (tus) video upload ticket; a cloud provider's ticket has none. */
export function localVoucher(ticket: { provider: string }): string {
  if (ticket.provider !== 'local' || !('voucher' in ticket)) throw new Error(`not a local upload ticket: ${ticket.provider}`);
  return String(ticket.voucher);
}
