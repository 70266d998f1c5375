import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnv } from '~/server/env';
import { listenAddress, startLine } from '~/server/listen';

/** Where the server listens and what its links say, from HOST, PORT and SITE_URL alone. */
const KEYS = ['HOST', 'PORT', 'SITE_URL'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
function withEnv(vars: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) Reflect.deleteProperty(process.env, k);
  Object.assign(process.env, vars);
  resetEnv();
  return env();
}
afterEach(() => {
  for (const k of KEYS) if (saved[k] === undefined) Reflect.deleteProperty(process.env, k);
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
  resetEnv();
});

const facts = { demoData: true, sandbox: true, liveUnavailable: false };

describe('the listener and SITE_URL defaults', () => {
  it('listens on loopback unless HOST is set, and says so in one start line', () => {
    const e = withEnv({});
    expect(listenAddress(e)).toEqual({ host: '127.0.0.1', port: 4321, url: 'http://127.0.0.1:4321' });
    expect(e.SITE_URL).toBe('http://127.0.0.1:4321');
    expect(startLine(e, facts)).toBe(
      '功夫 listening on http://127.0.0.1:4321 (demo data, sandbox payments) — set HOST=0.0.0.0 to accept other machines',
    );
  });

  it('builds links on the port it listens on (PORT=5000 links to :5000)', () => {
    expect(withEnv({ PORT: '5000' }).SITE_URL).toBe('http://127.0.0.1:5000');
    expect(withEnv({ PORT: '5000', HOST: '192.168.1.20' }).SITE_URL).toBe('http://192.168.1.20:5000');
    expect(withEnv({ HOST: '::1', PORT: '5000' }).SITE_URL).toBe('http://[::1]:5000');
    // Blank values from a copied .env mean "the default".
    expect(withEnv({ HOST: '', PORT: '', SITE_URL: '' }).SITE_URL).toBe('http://127.0.0.1:4321');
  });

  it('on every interface, links name localhost until SITE_URL says otherwise', () => {
    const e = withEnv({ HOST: '0.0.0.0', PORT: '5000' });
    expect(e.SITE_URL).toBe('http://localhost:5000');
    expect(startLine(e, facts)).toBe(
      '功夫 listening on http://0.0.0.0:5000, links use http://localhost:5000 (demo data, sandbox payments) — set SITE_URL to the address other machines use',
    );
  });

  it('an explicit SITE_URL wins and is named in the line; a production site has nothing to add', () => {
    const e = withEnv({ SITE_URL: 'https://gongfu.example.com' });
    expect(e.SITE_URL).toBe('https://gongfu.example.com');
    expect(startLine(e, { demoData: false, sandbox: false, liveUnavailable: false })).toBe(
      '功夫 listening on http://127.0.0.1:4321, links use https://gongfu.example.com',
    );
    expect(startLine(e, { demoData: false, sandbox: false, liveUnavailable: true })).toContain('(live push unavailable)');
  });
});
