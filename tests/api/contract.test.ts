import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '~/lib/api/contract';
import { defineEndpoint } from '~/lib/api/define';
import { createApi } from '~/server/app';
import { endpoint } from '~/server/http/endpoint';
import { STAFF_ROLES, staffMay } from '~/lib/rules/staff';
import { DEMO, startApi, type TestApi } from '../helpers/api';
import { unboundedNumbers } from '../helpers/schema-walk';

let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

/** A fresh app with one extra endpoint (routes cannot be added once an app has answered). */
function appWith(def: Parameters<typeof endpoint>[1], answer: unknown) {
  const app = createApi();
  endpoint(app, def, () => answer as never);
  return (token?: string) =>
    app.request(`/api${def.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authToken: token } : {}) },
      body: '{}',
    });
}

describe('the contract', () => {
  it('has a handler for every declared endpoint, documented in /api/openapi.json', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    const missing = allEndpoints.filter((e) => !doc.paths[`/api${e.path}`]).map((e) => e.path);
    expect(missing).toEqual([]);
    expect(new Set(allEndpoints.map((e) => e.path)).size).toBe(allEndpoints.length);
  });

  it('fails loudly (500 naming the field) when an answer drifts from its output schema', async () => {
    const def = defineEndpoint({
      path: '/test/drift',
      summary: '',
      tags: [],
      access: 'public',
      input: z.object({}),
      output: z.object({ id: z.number() }),
    });
    const extra = await appWith(def, { id: 1, password_hash: 'x' })();
    expect(extra.status).toBe(500);
    const wrong = await appWith(def, { id: '1' })();
    expect(wrong.status).toBe(500);
    const right = await appWith(def, { id: 1 })();
    expect(await right.json()).toMatchObject({ code: 200, data: { id: 1 } });
  });
});

/**
 * Every number an endpoint accepts is a shared field of src/lib/api/fields.ts, bounded by the column
 * it meets: a bare z.number() or an int4 id without a maximum would reach PostgreSQL as 2147483648
 * and fail there (SQLSTATE 22003, an HTTP 500) instead of being refused at the edge.
 */
describe('numeric inputs', () => {
  it('are shared fields bounded by their column, in every contract', () => {
    expect(allEndpoints.flatMap((e) => unboundedNumbers(e.path, e.input))).toEqual([]);
  });

  it('the check catches a bare or unbounded integer', () => {
    const input = z.object({ id: z.coerce.number().int().positive(), list: z.array(z.object({ n: z.number() })) });
    expect(unboundedNumbers('/x', input)).toEqual([
      '/x.id: not a shared field (intField / idField / fenField / decimalValue …)',
      '/x.list[].n: not a shared field (intField / idField / fenField / decimalValue …)',
    ]);
  });
});

describe('roles', () => {
  const coachOnly = defineEndpoint({
    path: '/test/coachOnly',
    summary: '',
    tags: [],
    access: 'coach',
    input: z.object({}),
    output: z.null(),
  });
  const shopOnly = defineEndpoint({ path: '/test/shopOnly', summary: '', tags: [], access: 'shop', input: z.object({}), output: z.null() });
  const providerOnly = defineEndpoint({
    path: '/test/providerOnly',
    summary: '',
    tags: [],
    access: 'provider',
    input: z.object({}),
    output: z.null(),
  });

  const sellerOnly = defineEndpoint({
    path: '/test/sellerOnly',
    summary: '',
    tags: [],
    access: 'seller',
    input: z.object({}),
    output: z.null(),
  });

  it('seller endpoints admit coaches and shop owners only', async () => {
    const call = appWith(sellerOnly, null);
    for (const phone of [DEMO.coach, DEMO.mechant]) {
      expect(((await (await call(await t.login(phone))).json()) as { code: number }).code).toBe(200);
    }
    for (const phone of [DEMO.member, DEMO.provider]) {
      expect((await (await call(await t.login(phone))).json()) as object).toMatchObject({ code: 403 });
    }
  });

  it.each([
    [coachOnly, DEMO.coach, '你还不是教练'],
    [shopOnly, DEMO.mechant, '你还不是店主'],
    [providerOnly, DEMO.provider, '你还不是服务商'],
  ])('%# only its role passes; others get 403 in Chinese, guests 101', async (def, holder, refusal) => {
    const call = appWith(def, null);
    expect((await (await call()).json()) as object).toMatchObject({ code: 101 });
    const member = await t.login(DEMO.member);
    const refused = (await (await call(member)).json()) as { code: number; msg: string };
    expect(refused.code).toBe(403);
    expect(refused.msg).toContain(refusal);
    expect(((await (await call(await t.login(holder))).json()) as { code: number }).code).toBe(200);
  });
});

/**
 * The role half of the ownership matrix (SPEC §6), for every real endpoint that needs a role: a guest
 * is asked to log in, a plain member and the wrong kind of seller are refused with 403, whatever
 * body they send (the role is checked before the body is read into its schema).
 */
describe('every role-gated endpoint', () => {
  const gated = allEndpoints.filter((e) => !['public', 'member', 'operator'].includes(e.access));
  const outsiders: Record<string, (keyof typeof DEMO)[]> = {
    coach: ['member', 'mechant', 'provider'],
    shop: ['member', 'coach', 'provider'],
    seller: ['member', 'provider'],
    provider: ['member', 'coach', 'mechant'],
  };
  const tokens: Partial<Record<keyof typeof DEMO, string>> = {};
  const post = async (path: string, token?: string) =>
    (await (
      await t.app.request(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authToken: token } : {}) },
        body: '{}',
      })
    ).json()) as { code: number };

  it('includes the management areas', () => {
    expect(gated.filter((e) => e.access === 'seller' || e.access === 'coach' || e.access === 'shop').length).toBeGreaterThan(0);
  });

  it.each(gated.map((e) => [e.path, e.access] as const))('%s (%s) refuses guests and outsiders', async (path, access) => {
    expect((await post(path)).code).toBe(101);
    for (const who of outsiders[access] ?? []) {
      tokens[who] ??= await t.login(DEMO[who]);
      expect({ who, code: (await post(path, tokens[who])).code }).toEqual({ who, code: 403 });
    }
  });
});

/**
 * The console half of the authz matrix, for every /api/admin/* endpoint: nobody without a staff
 * session gets in (guests and every kind of member token → 101), and each staff role outside the
 * endpoint's `staff` list → 403, whatever body is sent.
 */
describe('every operator endpoint', () => {
  const console = allEndpoints.filter((e) => e.access === 'operator');
  const tokens: Partial<Record<keyof typeof DEMO, string>> = {};
  const cookies: Record<string, string> = {};
  const post = async (path: string, headers: Record<string, string> = {}) =>
    (await (
      await t.app.request(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
    ).json()) as {
      code: number;
    };

  it('are all under /admin/ and the only ones there', () => {
    expect(console.length).toBeGreaterThan(0);
    expect(allEndpoints.filter((e) => e.path.startsWith('/admin/') !== (e.access === 'operator' || e.path === '/admin/login'))).toEqual([]);
  });

  it.each(console.map((e) => [e.path, e.staff?.join(',') ?? 'any'] as const))(
    '%s (staff: %s) refuses members and other roles',
    async (path) => {
      const def = console.find((e) => e.path === path)!;
      expect((await post(path)).code).toBe(101);
      for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
        tokens[who] ??= await t.login(DEMO[who]);
        expect({ who, code: (await post(path, { authToken: tokens[who] })).code }).toEqual({ who, code: 101 });
      }
      for (const role of STAFF_ROLES) {
        if (staffMay(role, def.staff)) continue;
        cookies[role] ??= await t.staffCookie(role);
        expect({ role, code: (await post(path, { cookie: cookies[role] })).code }).toEqual({ role, code: 403 });
      }
    },
  );
});
