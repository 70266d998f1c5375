import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from '../helpers/api';
import { isEnvelope } from '../helpers/schema-walk';

/**
 * Walks /api/openapi.json and sends every endpoint malformed bodies — invalid JSON, wrong types,
 * null, NUL characters, lone surrogates, huge strings, deep nesting, prototype keys — as a guest
 * and as a member. Whatever the input: never a 5xx, always the {code,msg,info,data} envelope. The
 * integer edges are in fuzz-integers.test.ts, a file of its own so the two walks share the cores.
 */
let t: TestApi;
let member: string;
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
}
let endpoints: { path: string; props: string[] }[] = [];

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: Schema }> } } }>;
  };
  endpoints = Object.entries(doc.paths)
    .filter(([, ops]) => ops.post)
    .map(([path, ops]) => ({
      path: path.replace(/^\/api/, ''),
      props: Object.keys(ops.post?.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    }));
});
afterAll(() => t.stop());

const HUGE = 'x'.repeat(300_000);
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const NASTY_VALUES: unknown[] = [
  null,
  {},
  [],
  12345,
  -1,
  1e308,
  0.5,
  true,
  'false',
  'x',
  '__proto__',
  'constructor',
  'toString',
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  HUGE,
  { __proto__: { a: 1 } },
  [[[[['x']]]]],
];

/** Raw bodies for one endpoint: broken JSON, odd top-level values, then each field set to each nasty value. */
function bodies(props: string[]): string[] {
  const raw = ['{', '[1,', 'null', '"text"', '123', 'true', '[]', deep(5000), '{"a":' + deep(100) + '}', JSON.stringify({ ['\u0000']: 1 })];
  raw.push('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}');
  raw.push(JSON.stringify(Object.fromEntries(props.map((p) => [p, 'a\u0000b']))));
  raw.push(JSON.stringify(Object.fromEntries(props.map((p) => [p, '\ud800']))));
  for (const p of props) for (const v of NASTY_VALUES) raw.push(JSON.stringify({ [p]: v }));
  return raw;
}

async function send(path: string, body: string, token?: string) {
  const res = await t.app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authSource: 'web', ...(token ? { authToken: token } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('fuzzing every endpoint', () => {
  it('covers the whole API', () => {
    expect(endpoints.length).toBeGreaterThan(90);
    // Field names come from the document, so each field gets each bad value.
    expect(endpoints.filter((e) => e.props.length > 0).length).toBeGreaterThan(60);
  });

  for (const who of ['guest', 'member'] as const) {
    it(`answers malformed bodies with an envelope and never a 5xx (${who})`, { timeout: 300_000 }, async () => {
      const failures: string[] = [];
      for (const { path, props } of endpoints) {
        // Logging out would end the member's session for the rest of the walk.
        if (who === 'member' && path === '/logout') continue;
        for (const body of bodies(props)) {
          const res = await send(path, body, who === 'member' ? member : undefined);
          if (res.status >= 500 || !isEnvelope(res.text))
            failures.push(`${path} ${body.slice(0, 60)} → ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(failures).toEqual([]);
    });
  }
});
