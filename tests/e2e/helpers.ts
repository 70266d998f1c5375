import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Secret, TOTP } from 'otpauth';
import { STAFF_COOKIE, type StaffRole } from '../../src/lib/rules/staff';
import { DEMO_STAFF, DEMO_STAFF_TOTP } from '../../src/server/seed/staff-demo';

export const DEMO = {
  member: { phone: '13800000001', password: 'gongfu123', name: '习武小白' },
  coach: { phone: '13800000002', password: 'gongfu123', name: '陈师傅' },
  mechant: { phone: '13800000003', password: 'gongfu123', name: '武当山货铺' },
  provider: { phone: '13800000004', password: 'gongfu123', name: '华武供应链' },
} as const;

/** The rig's address (playwright.config.ts picks its port; there is no fixed one to fall back on). */
export function baseUrl(): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL: run the specs through playwright.config.ts');
  return base;
}

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Waits until the islands of the page have hydrated (the header user area is interactive). */
export async function ready(page: Page): Promise<void> {
  // client:visible islands below the fold hydrate only when scrolled to, and client:demand ones
  // (dialogs, the toaster) when first needed; wait for the rest. client:interact islands hydrate
  // when the browser is idle.
  await page.waitForFunction(
    () =>
      document.querySelectorAll('astro-island[ssr][client="load"], astro-island[ssr][client="idle"], astro-island[ssr][client="interact"]')
        .length === 0,
  );
}

/** Logs in through the dialog opened from the header's 登录 button. */
export async function loginViaDialog(page: Page, who: { phone: string; password: string }): Promise<void> {
  await ready(page);
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '手机号登录' });
  await dialog.getByPlaceholder('请输入手机号').fill(who.phone);
  await dialog.getByPlaceholder('请输入密码').fill(who.password);
  await dialog.getByRole('checkbox', { name: '同意协议' }).check();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The toast with this text. */
export function toastWith(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

declare global {
  interface Window {
    __gfToasts?: string[];
  }
}

/**
 * Records, in every document this page opens from now on, the text of each toast it shows. A toast
 * left for the next page (flash(), src/lib/toast.ts) shows for 2 s as that page starts; a loaded CI box
 * can take longer than that to let Playwright look at the new document, so such toasts are read back
 * with toastSeen() instead of waited for.
 */
export async function watchToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = (window.__gfToasts = []);
    const scan = () => {
      for (const el of document.querySelectorAll('[data-sonner-toast]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** Whether the current document has shown a toast with this text (after watchToasts). */
export async function expectToastSeen(page: Page, text: string): Promise<void> {
  await expect.poll(async () => (await page.evaluate(() => window.__gfToasts ?? [])).some((t) => t.includes(text))).toBe(true);
}

/** A phone no other test uses (random, valid per SPEC §9). */
export function freshPhone(): string {
  return `15${Math.floor(Math.random() * 1e9)
    .toString()
    .padStart(9, '0')}`;
}

/** The last code this worker read per phone: the next read must be a newer SMS. */
const readCodes = new Map<string, string>();

/**
 * The code of the newest SMS to `phone`, from the log provider's outbox (SMS_OUTBOX_API). A phone
 * that already had a code (registration, then recovery) waits until a different one arrives: the
 * outbox may be read just before the new SMS is recorded, and the old code would be refused.
 */
export async function smsCode(page: Page, phone: string): Promise<string> {
  let code = '';
  const before = readCodes.get(phone);
  await expect
    .poll(async () => {
      const res = await page.request.post('/api/dev/smsOutbox', { data: { phone } });
      code = ((await res.json()) as { data: { code: string } }).data.code;
      return /^\d{6}$/.test(code) && code !== before;
    })
    .toBe(true);
  readCodes.set(phone, code);
  return code;
}

/**
 * Clicks 获取验证码 in `scope`, lets the captcha solve itself, and waits for the countdown. The
 * 安全验证 dialog may come and go faster than a poll can see it, so the page itself records that
 * it appeared.
 */
export async function requestCode(page: Page, scope: ReturnType<Page['locator']> | Page = page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __captchaShown?: boolean };
    w.__captchaShown = false;
    const seen = () => document.querySelector('[role="dialog"][aria-label="安全验证"]') !== null;
    new MutationObserver((_, observer) => {
      if (seen()) {
        w.__captchaShown = true;
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await scope.getByTestId('sms-button').click();
  await expect(scope.getByTestId('sms-button')).toHaveText(/^\d+ S$/, { timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: '安全验证' })).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __captchaShown?: boolean }).__captchaShown)).toBe(true);
}

/** Logs in by API and puts the session cookie in the browser (faster than the dialog). */
export async function loginByCookie(page: Page, phone: string, password = 'gongfu123'): Promise<void> {
  const res = await page.request.post('/api/login', { data: { type: 1, phone, password } });
  const user = ((await res.json()) as { data: unknown }).data;
  await page.context().addCookies([
    {
      name: 'user',
      value: encodeURIComponent(JSON.stringify(user)),
      url: page.url().startsWith('http') ? page.url() : baseUrl(),
    },
  ]);
}

/** Registers a new member through the API (captcha skipped by solving it in the page). */
export async function registerViaPage(page: Page, phone: string, password = 'abc12345'): Promise<void> {
  await page.goto('/account/regmember');
  await ready(page);
  await page.getByLabel('手机号').fill(phone);
  await requestCode(page);
  await page.getByLabel('短信验证码').fill(await smsCode(page, phone));
  await page.getByLabel('设置密码').fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('checkbox', { name: '同意协议' }).check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  // Opened directly (no page to return to): the new member's own homepage.
  await page.waitForURL('**/my/homepage');
}

/** What login answers (the `user` cookie's content). */
export interface Member {
  phone: string;
  password: string;
  payPassword: string;
  user: { token: string; user_id: number; nick_name: string } & Record<string, unknown>;
}

async function apiCall<T>(request: APIRequestContext, path: string, data: Record<string, unknown>, token?: string): Promise<T> {
  const res = await request.post(`/api${path}`, { data, headers: token ? { authToken: token } : {} });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/**
 * The API as a demo account (logged in with its password): a spec's set-up and clean-up, failing on
 * any refusal. What a test asserts goes through the pages.
 */
export async function accountApi(request: APIRequestContext, phone: string, password = 'gongfu123') {
  const { token } = await apiCall<{ token: string }>(request, '/login', { type: 1, phone, password });
  return <T = unknown>(path: string, data: Record<string, unknown> = {}) => apiCall<T>(request, path, data, token);
}

/** The captcha pass the browser would get by solving the ALTCHA challenge, solved here. */
async function captchaPass(request: APIRequestContext): Promise<string> {
  const cfg = await apiCall<{ token: string }>(request, '/public/captchaConfig', {});
  const challenge = await apiCall<Parameters<typeof solveChallenge>[0]['challenge']>(request, '/public/captchaChallenge', {
    token: cfg.token,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Sends an SMS code for `purpose` and reads it back from the rig's outbox. */
async function codeFor(request: APIRequestContext, phone: string, purpose: string, token?: string): Promise<string> {
  await apiCall(request, '/public/sendMsg', { phone, type: purpose, captcha: await captchaPass(request) }, token);
  const out = await apiCall<{ code: string }>(request, '/dev/smsOutbox', { phone });
  // A later smsCode() for this phone must wait for a newer SMS than this one.
  readCodes.set(phone, out.code);
  return out.code;
}

/**
 * A member of the test's own, made through the public API (captcha, SMS code, register), so a
 * retry or a parallel test never meets its data. Optionally with coins (a sandbox top-up paid as
 * the member), a pay password (set with an SMS code) and a default address.
 */
export async function newMember(
  request: APIRequestContext,
  opts: { coins?: number; payPassword?: boolean; address?: boolean } = {},
): Promise<Member> {
  const phone = freshPhone();
  const password = 'abc12345';
  const payPassword = '258036';
  const yzm = await codeFor(request, phone, 'register');
  const user = await apiCall<Member['user']>(request, '/register', { phone, yzm, password, passwords: password, agree: true });
  if (opts.coins) {
    const pay = await apiCall<{ pay_no: string }>(request, '/pay/topup', { coins: opts.coins, provider: 'sandbox' }, user.token);
    await apiCall(request, '/pay/sandbox/confirm', { pay_no: pay.pay_no }, user.token);
  }
  if (opts.payPassword) {
    // The registration code went out a moment ago: let the rig's clock skip the 60 s cooldown.
    await apiCall(request, '/dev/smsCooldownSkip', { phone });
    const code = await codeFor(request, phone, 'pay_password', user.token);
    await apiCall(request, '/member/editPayPw', { password: payPassword, passwords: payPassword, yzm: code }, user.token);
  }
  if (opts.address) {
    const address = {
      name: '叶问',
      phone,
      province: '广东省',
      city: '佛山市',
      district: '禅城区',
      detail: '祖庙路 21 号',
      is_default: true,
    };
    await apiCall(request, '/member/addressSave', address, user.token);
  }
  return { phone, password, payPassword, user };
}

/** Puts a member's session in the browser (the `user` cookie), as login would. */
export async function signIn(page: Page, m: Member): Promise<void> {
  await page.context().addCookies([{ name: 'user', value: encodeURIComponent(JSON.stringify(m.user)), url: baseUrl() }]);
}

/**
 * Puts a console session of the demo staff member of `role` in the browser: the `gf_staff` cookie
 * the console login sets, with a session the rig made for this run (tests/fixtures/staff-sessions.ts).
 * Each call claims a session of its own (a rename succeeds once), so a test that signs out ends no
 * other test's session. The real password + TOTP login is tests/e2e/admin.spec.ts's first test.
 */
export async function loginStaff(page: Page, role: StaffRole): Promise<void> {
  const dir = process.env['E2E_STAFF_DIR'];
  if (!dir || !existsSync(join(dir, role))) return loginStaffWithTotp(page, role);
  for (const n of readdirSync(join(dir, role))) {
    if (n.endsWith('.taken')) continue;
    const claimed = join(dir, role, `${n}.${process.pid}.${Date.now()}.taken`);
    try {
      renameSync(join(dir, role, n), claimed);
    } catch {
      continue; // another worker took it first
    }
    const value = readFileSync(claimed, 'utf8').trim();
    await page.context().addCookies([{ name: STAFF_COOKIE, value, url: baseUrl(), httpOnly: true, sameSite: 'Strict' }]);
    return;
  }
  throw new Error(`no console session left for ${role} in ${dir} (tests/fixtures/staff-sessions.ts makes more)`);
}

/** The console login with the demo TOTP secret, for a server the rig did not start (E2E_REUSE). */
async function loginStaffWithTotp(page: Page, role: StaffRole): Promise<void> {
  const phone = DEMO_STAFF.find((s) => s.role === role)!.phone;
  const code = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF_TOTP) }).generate();
  const res = await page.request.post('/api/admin/login', { data: { phone, password: 'gongfu123', code } });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`staff login failed: ${body.msg}`);
}
