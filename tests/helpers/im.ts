import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import WebSocket from 'ws';
import { LocalChatClient, type SocketCtor } from '~/lib/chat/local';
import type { ChatEventName, ChatEvents } from '~/lib/chat/types';
import { users } from '~/server/db/schema';
import { insertSession } from '~/server/modules/auth/session.service';
import { attachIm, type ImServer } from '~/server/modules/im/socket';
import { userSig } from '~/server/providers/im/user-sig';
import { startApi, type TestApi } from './api';

/** Runs a fetch-style app on a Node http.Server (what server.mjs does with the built site). */
export function nodeHandler(fetchFn: (req: Request) => Response | Promise<Response>): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : null;
      void Promise.resolve(fetchFn(new Request(`http://${req.headers.host}${req.url}`, { method: req.method ?? 'GET', headers, body })))
        .then(async (r) => {
          res.writeHead(r.status, Object.fromEntries(r.headers));
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch((err: unknown) => {
          res.writeHead(500);
          res.end(String(err));
        });
    });
  };
}

export async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return (server.address() as AddressInfo).port;
}

/** Collects a client's events; `next()` waits for the first one matching (no fixed sleeps). */
export function recorder<K extends ChatEventName>(client: LocalChatClient, ev: K) {
  const seen: ChatEvents[K][] = [];
  client.on(ev, (d) => seen.push(d));
  return {
    seen,
    async until(pred: (all: ChatEvents[K][]) => boolean, timeout = 10_000) {
      await vi.waitFor(
        () => {
          if (!pred(seen)) throw new Error(`waiting for ${ev}`);
        },
        { timeout, interval: 10 },
      );
    },
  };
}

/** A fresh login session for a user (what a login makes), straight in the database: its token. */
export async function sessionToken(userId: number): Promise<string> {
  return (await insertSession(userId, { source: 'web', ip: '127.0.0.1', userAgent: 'vitest' })).token;
}

/**
 * The API on a real http server with /im attached, on an ephemeral port, over startApi's seeded
 * database; `connect()` logs a user's `local` adapter in over a real WebSocket (with a login
 * session of its own unless given a token).
 */
export async function startIm(extraEnv: Record<string, string> = {}) {
  const api: TestApi = await startApi(extraEnv);
  const server = http.createServer(nodeHandler((r) => api.app.fetch(r)));
  const im: ImServer = attachIm(server);
  const port = await listen(server);
  const clients: LocalChatClient[] = [];

  async function idOf(phone: string): Promise<number> {
    const [u] = await api.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (!u) throw new Error(`no user ${phone}`);
    return u.id;
  }

  let made = 0;
  /** A fresh member account (phone 139…). */
  async function makeUser(nick = `用户${made + 1}`): Promise<number> {
    made++;
    const [u] = await api.db
      .insert(users)
      .values({ phone: `139${String(Date.now() % 1e4).padStart(4, '0')}${String(made).padStart(4, '0')}`, nickName: nick })
      .returning({ id: users.id });
    return u!.id;
  }

  /** An adapter; `token` is the session it presents (a function: a token replaced meanwhile). */
  function client(opts: { token?: string | (() => string | undefined) } = {}): LocalChatClient {
    const { token } = opts;
    const c = new LocalChatClient({
      url: `ws://127.0.0.1:${port}/im`,
      WebSocket: WebSocket as unknown as SocketCtor,
      uploadUrl: `http://127.0.0.1:${port}/api/im/upload`,
      authToken: typeof token === 'function' ? token : () => token,
    });
    clients.push(c);
    return c;
  }

  /** A logged-in adapter for a user id (or demo phone), on the login session `token` (else a new one). */
  async function connect(
    who: number | string,
    opts: { token?: string | (() => string | undefined) } = {},
  ): Promise<{ c: LocalChatClient; id: number; token: string }> {
    const id = typeof who === 'number' ? who : await idOf(who);
    const token = opts.token ?? (await sessionToken(id));
    const c = client({ token });
    await c.login({ userID: String(id), userSig: userSig(id) });
    return { c, id, token: typeof token === 'function' ? (token() ?? '') : token };
  }

  async function stop(): Promise<void> {
    for (const c of clients) await c.logout();
    await im.close();
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
    await api.stop();
  }

  return { ...api, api, port, server, im, idOf, makeUser, client, connect, sessionToken, stop, wsUrl: `ws://127.0.0.1:${port}/im` };
}
export type TestIm = Awaited<ReturnType<typeof startIm>>;
