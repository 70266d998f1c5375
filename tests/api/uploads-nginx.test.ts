import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '~/server/env';
import { resetStorage, storage } from '~/server/providers/storage';
import { serveUploads } from '~/server/providers/storage/serve';
import { renderSiteConfig } from '../../scripts/nginx-site-config.mjs';
import { startApi, type TestApi } from '../helpers/api';
import { listen, nodeHandler } from '../helpers/im';
import { uploadPathVariants } from '../helpers/upload-paths';

/**
 * The shipped site config (deploy/nginx/site.conf.template, `npm run nginx:site-config`) in front
 * of the app's /uploads on loopback: every spelling of a private file's URL, sent byte for byte as
 * a client would, is refused — by nginx itself when it is not the one canonical form, by the app
 * when it is and carries no signature.
 */
const ok = (bin: string, args: string[]) => spawnSync(bin, args, { stdio: 'ignore' }).status === 0;
const ready = ok('nginx', ['-v']) && ok('openssl', ['version']);
if (!ready) console.warn('[uploads-nginx] nginx or openssl is missing: skipped');

const SECRET = Buffer.from('the ID card of someone who trusted us');
const VIDEO = 'videos/20260103/0123456789abcdef0123456789abcdef/original.mp4';
const DOC = 'docs/11/20260103-0123456789abcdef.png';
const PUBLIC = 'seed/nginx-public.png';
const dir = mkdtempSync(join(tmpdir(), 'gongfu-site-nginx-'));

let t: TestApi;
let site: http.Server;
let nginx: ChildProcess | null = null;
let port = 0;

/** A port nothing listens on right now (nginx binds it a moment later). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise((done) => s.close(done));
  return p;
}

/** GET with the request target exactly as given (fetch would normalise it first). */
function rawGet(path: string): Promise<{ status: number; body: Buffer; server: string }> {
  return new Promise((done, fail) => {
    const req = https.request({ host: '127.0.0.1', port, path, method: 'GET', rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), server: String(res.headers['server'] ?? '') }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  if (!ready) return;
  t = await startApi();
  resetStorage();
  for (const key of [VIDEO, DOC, PUBLIC]) await storage().put(key, SECRET, 'application/octet-stream');
  const files = new Hono().get('/uploads/*', serveUploads);
  site = http.createServer(nodeHandler((r) => files.fetch(r)));
  const upstream = await listen(site);

  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
  ]);
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
  const prefix = join(dir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    renderSiteConfig({
      upstreams: [`127.0.0.1:${upstream}`],
      serverName: '127.0.0.1',
      cert,
      key,
      httpsPort: port,
      httpPort: await freePort(),
      prefix,
    }),
  );
  const test = spawnSync('nginx', ['-t', '-q', '-p', prefix, '-c', conf]);
  if (test.status !== 0) throw new Error(`nginx refused the rendered site config: ${test.stderr.toString()}`);
  nginx = spawn('nginx', ['-p', prefix, '-c', conf], { stdio: 'ignore' });
  // Ready once it answers (no fixed wait).
  for (let i = 0; i < 200; i++) {
    if (
      await rawGet(`/uploads/${PUBLIC}`).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not start: ${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`);
}, 60_000);

afterAll(async () => {
  if (nginx) {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx!.once('exit', r));
  }
  site?.close();
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!ready)('/uploads behind nginx with the shipped site config', () => {
  for (const key of [VIDEO, DOC]) {
    it(`never hands out ${key.split('/')[0]} without its signature, however the path is spelt`, async () => {
      for (const variant of uploadPathVariants(key)) {
        const res = await rawGet(variant);
        expect(res.body.includes(SECRET), variant).toBe(false);
        // None is the one form: nginx or the app says there is no such file (400: nginx's own refusal).
        expect([400, 404], `${variant} → ${res.status}`).toContain(res.status);
      }
      expect((await rawGet(`/uploads/${key}`)).status).toBe(403);
      const signed = await storage().signedUrl(key, env().MEDIA_SIGN_TTL_S);
      const res = await rawGet(signed);
      expect(res.status).toBe(200);
      expect(res.body.equals(SECRET)).toBe(true);
    });
  }

  it('nginx itself refuses what is not the canonical form, before the app sees it', async () => {
    for (const variant of [
      `/uploads//${DOC}`,
      `/uploads/%2F${DOC}`,
      `/uploads/seed/..%2F${DOC}`,
      `/uploads/seed/../${DOC}`,
      `/%75ploads/${DOC}`,
    ]) {
      const res = await rawGet(variant);
      expect(res.status, variant).toBe(404);
      expect(res.body.toString(), variant).toContain('nginx');
    }
    const pub = await rawGet(`/uploads/${PUBLIC}`);
    expect(pub.status).toBe(200);
    expect(pub.body.equals(SECRET)).toBe(true);
  });
});
