import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '~/lib/api/contract';
import type { Access, EndpointDef } from '~/lib/api/define';
import { DEMO, startApi, type TestApi } from '../helpers/api';
import { isEnvelope, numbersIn, sampleOf, setAt, showPath, type Path } from '../helpers/schema-walk';

let t: TestApi;
let member: string;
beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
});
afterAll(() => t.stop());

/**
 * Integer boundaries for every numeric field of every endpoint (nested ones too), sent by a caller
 * the endpoint admits, with the rest of the body filled in so the value reaches the handler: a value
 * past its column (int4 2^31, int8 beyond 2^53) must be refused, never reach PostgreSQL as a 500.
 */
const INT_EDGES: unknown[] = [2 ** 31, 2 ** 31 - 1, 32_768, 2 ** 53, 2 ** 53 + 2, -1, 1e308, 0.5, '1', '2147483648', '1e308', 'NaN'];

describe('fuzzing every integer field', () => {
  // Operator endpoints last: the console may disable the member whose token the others use.
  const order: Access[] = ['public', 'member', 'coach', 'shop', 'seller', 'provider', 'operator'];
  const cases: { e: EndpointDef; path: Path }[] = (allEndpoints as readonly EndpointDef[])
    .filter((e) => e.path !== '/logout' && e.path !== '/admin/logout')
    .sort((a, b) => order.indexOf(a.access) - order.indexOf(b.access))
    .flatMap((e) => numbersIn(e.input).map(({ path }) => ({ e, path })));

  it('covers the nested fields of every contract', () => {
    expect(cases.length).toBeGreaterThan(300);
    expect(cases.some((c) => c.path.length > 1)).toBe(true);
    expect(cases.some((c) => c.e.access === 'operator')).toBe(true);
  });

  it('answers 2^31, 2^53, -1, 1e308, 0.5 and numeric strings with an envelope and never a 5xx', { timeout: 600_000 }, async () => {
    const as: Record<Access, Record<string, string>> = {
      public: { authToken: member },
      member: { authToken: member },
      coach: { authToken: await t.login(DEMO.coach) },
      shop: { authToken: await t.login(DEMO.mechant) },
      seller: { authToken: await t.login(DEMO.coach) },
      provider: { authToken: await t.login(DEMO.provider) },
      operator: { cookie: await t.staffCookie('super') },
    };
    const failures: string[] = [];
    for (const { e, path } of cases) {
      const base = sampleOf(e.input);
      for (const v of INT_EDGES) {
        const body = JSON.stringify(setAt(base, path, v));
        const res = await t.app.request(`/api${e.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authSource: 'web', ...as[e.access] },
          body,
        });
        const text = await res.text();
        if (res.status >= 500 || !isEnvelope(text))
          failures.push(`${e.path}${showPath(path)}=${JSON.stringify(v)} → ${res.status} ${text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
