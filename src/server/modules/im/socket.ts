import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { eq } from 'drizzle-orm';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_CLOSE, IM_TIMING, type ServerFrame } from '~/lib/chat/protocol';
import type { Message } from '~/lib/chat/types';
import { CHAT_T } from '~/lib/rules/chat';
import { db } from '../../db';
import { users } from '../../db/schema';
import { env } from '../../env';
import { refuseUpgrade, upgradeRouter, type UpgradeTaker } from '../../edge/upgrades';
import { errorFields, log } from '../../log';
import { imKeys, verifyUserSig } from '../../providers/im/user-sig';
import { resolveSession } from '../auth/session.service';
import { conversationList, totalUnread } from './conversations.service';
import { startRedisFanOut, stopRedisFanOut } from './fanout';
import { stopAudience } from './audience';
import { closeImRedis } from './redis';
import { addConnection, removeConnection, type Connection } from './hub';
import { replaySince } from './messages.service';
import { ChatFault, findOp, type OpContext } from './ops';
import { MAX_FRAME_BYTES, parseFrame, type ParsedFrame } from './protocol';
import { createSessionWatch, type SessionWatch, type WatchedSocket } from './session-watch';
import './messages.ops';
import './social.ops';
import './report';

/**
 * The /im WebSocket server (src/lib/chat/protocol.ts). One instance per process, attached to the
 * site's own http.Server (server.mjs in production, the Vite dev server under `astro dev`, the
 * test rig). Each socket: auth within IM_AUTH_TIMEOUT_S (user_sig and a live login session of the
 * same user) → replay of what it missed → live events and requests, until the session ends
 * (session-watch.ts). An address may hold at most IM_UNAUTH_PER_IP sockets that have not logged in.
 */

export const IM_PATH = '/im';
const INTERNAL = 9002;

export interface ImServer {
  /** Takes over an HTTP upgrade for /im (false: not ours, left to other handlers). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every socket (1001, the client reconnects to another instance) and stops accepting. */
  close(): Promise<void>;
  /** Live sockets on this instance. */
  size(): number;
}

function ipOf(req: IncomingMessage): string {
  const fwd = env().TRUST_PROXY
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  return (fwd || req.socket.remoteAddress || '').slice(0, 64);
}

/** The /im server on an http.Server (server.mjs, the test rig); installs the Redis fan-out when configured. */
export function attachIm(server: Server): ImServer {
  const im = createIm();
  // Through the server's upgrade router, which refuses upgrades no endpoint takes (edge/upgrades.ts).
  const onUpgrade: UpgradeTaker = (req, socket, head) => im.handleUpgrade(req, socket, head);
  upgradeRouter(server).add(onUpgrade);
  if (env().REDIS_URL) startRedisFanOut();
  return {
    ...im,
    close: async () => {
      upgradeRouter(server).remove(onUpgrade);
      await im.close();
      await stopRedisFanOut();
      stopAudience();
      await closeImRedis();
    },
  };
}

/** The /im server without a listener of its own (the dev integration routes upgrades to it). */
export function createIm(): ImServer {
  // A peer that does not answer our close frame is cut after 5 s (ws waits 30 s by default).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, closeTimeout: 5000 });
  /** Sockets not logged in yet, per address. */
  const waiting = new Map<string, number>();
  const watch = createSessionWatch();
  const release = (ip: string) => {
    const n = (waiting.get(ip) ?? 1) - 1;
    if (n > 0) waiting.set(ip, n);
    else waiting.delete(ip);
  };
  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '').split('?')[0];
      if (path !== IM_PATH) return false; // Other upgrade handlers (Vite's HMR) keep theirs.
      const ip = ipOf(req);
      if ((waiting.get(ip) ?? 0) >= env().IM_UNAUTH_PER_IP) {
        log.warn('im upgrade refused: too many sockets not logged in', { ip });
        refuseUpgrade(socket, 429, '未登录的聊天连接过多，请稍后再试');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        waiting.set(ip, (waiting.get(ip) ?? 0) + 1);
        serve(ws, ip, watch, () => release(ip));
      });
      return true;
    },
    size: () => wss.clients.size,
    close: () =>
      new Promise((done) => {
        watch.close();
        for (const ws of wss.clients) ws.close(IM_CLOSE.shuttingDown, 'server shutting down');
        wss.close(() => done());
        // Sockets that do not finish the closing handshake are cut.
        setTimeout(() => {
          for (const ws of wss.clients) ws.terminate();
          done();
        }, 2000).unref();
      }),
  };
}

/** One socket; `loggedIn` is called once, when it authenticates or closes without having done so. */
function serve(ws: WebSocket, ip: string, watch: SessionWatch, loggedIn: () => void): void {
  const connId = randomUUID();
  let ctx: OpContext | null = null;
  let conn: Connection | null = null;
  let watched: WatchedSocket | null = null;
  let lastHeard = Date.now();
  /** While replaying after auth, live events wait here (then flushed without what was replayed). */
  let buffer: string[] | null = null;

  const sendRaw = (frame: string) => {
    if (ws.readyState === ws.OPEN) ws.send(frame);
  };
  const send = (f: ServerFrame) => sendRaw(JSON.stringify(f));
  const fail = (code: number, msg: string, close?: number) => {
    send({ t: 'error', code, msg });
    if (close) ws.close(close, msg.slice(0, 60));
  };

  let waiting = true;
  const stopWaiting = () => {
    if (!waiting) return;
    waiting = false;
    loggedIn();
  };
  const authTimer = setTimeout(() => {
    if (!ctx) fail(CHAT_CODE.notLoggedIn, '登录超时', IM_CLOSE.authFailed);
  }, env().IM_AUTH_TIMEOUT_S * 1000);
  const idleTimer = setInterval(
    () => {
      if (Date.now() - lastHeard > IM_TIMING.serverIdleMs) ws.close(IM_CLOSE.idle, 'idle');
    },
    Math.min(15_000, IM_TIMING.serverIdleMs / 2),
  );

  ws.on('close', () => {
    stopWaiting();
    clearTimeout(authTimer);
    clearInterval(idleTimer);
    if (conn) removeConnection(conn);
    if (watched) watch.remove(watched);
  });
  ws.on('error', () => {
    // A frame over the size limit or a broken socket: ws closes it (1009 / 1006); nothing to add.
  });
  ws.on('message', (data: RawData, isBinary: boolean) => {
    lastHeard = Date.now();
    if (isBinary) return fail(CHAT_CODE.badInput, '不支持二进制消息');
    const parsed = parseFrame(rawText(data));
    if (!parsed.frame) {
      const msg = parsed.msg ?? '请求格式不正确';
      if (parsed.id !== undefined) return send({ t: 'res', id: parsed.id, ok: false, code: CHAT_CODE.badInput, msg });
      return fail(CHAT_CODE.badInput, msg);
    }
    void handle(parsed.frame);
  });

  async function handle(f: ParsedFrame): Promise<void> {
    switch (f.t) {
      case 'ping':
        return send({ t: 'pong' });
      case 'pong':
        return;
      case 'auth':
        if (ctx || conn) return fail(CHAT_CODE.badInput, '已登录');
        return authenticate(f);
      case 'req': {
        if (!ctx) return send({ t: 'res', id: f.id, ok: false, code: CHAT_CODE.notLoggedIn, msg: '请先登录' });
        const def = findOp(f.op);
        if (!def) return send({ t: 'res', id: f.id, ok: false, code: CHAT_CODE.badInput, msg: '不支持的操作' });
        const args = def.args.safeParse(f.args);
        if (!args.success) {
          const first = args.error.issues[0];
          const msg =
            first && first.code === 'custom'
              ? first.message
              : first?.message && /[\u4e00-\u9fa5]/.test(first.message)
                ? first.message
                : '参数不正确';
          return send({ t: 'res', id: f.id, ok: false, code: CHAT_CODE.badInput, msg });
        }
        try {
          const data = await (def.handler as (c: OpContext, ...a: unknown[]) => Promise<unknown>)(ctx, ...args.data);
          return send({ t: 'res', id: f.id, ok: true, data: data ?? null });
        } catch (err) {
          if (err instanceof ChatFault) return send({ t: 'res', id: f.id, ok: false, code: err.code, msg: err.message });
          log.error('im op failed', { op: f.op, ...errorFields(err) });
          return send({ t: 'res', id: f.id, ok: false, code: INTERNAL, msg: '服务器繁忙，请稍后再试' });
        }
      }
    }
  }

  async function authenticate(f: Extract<ParsedFrame, { t: 'auth' }>): Promise<void> {
    const check = verifyUserSig(f.userID, f.userSig, imKeys());
    if (!check.ok) {
      if (check.reason === 'expired') return fail(CHAT_CODE.sigExpired, CHAT_T.sigExpired, IM_CLOSE.sigExpired);
      return fail(CHAT_CODE.badSig, '签名校验失败', IM_CLOSE.authFailed);
    }
    const userId = Number(f.userID);
    try {
      // The signature alone outlives a revoked login (SPEC §3 keeps it for 30 days): the socket also
      // needs the login session, looked up like an API call's, and of the same user.
      const epoch = watch.epoch();
      const session = f.token ? await resolveSession(f.token, ip) : null;
      if (!session || session.id !== userId) {
        const [u] = await db().select({ status: users.status }).from(users).where(eq(users.id, userId));
        if (!u) return fail(CHAT_CODE.badSig, '用户不存在', IM_CLOSE.authFailed);
        if (u.status !== 1) return fail(CHAT_CODE.noPermission, '账号已被禁用', IM_CLOSE.kicked);
        return fail(CHAT_CODE.sessionEnded, CHAT_T.sessionEnded, IM_CLOSE.authFailed);
      }
      if (ws.readyState !== ws.OPEN) return;
      clearTimeout(authTimer);
      stopWaiting();
      ctx = { userId, userID: f.userID, connId, ip };
      watched = {
        userId,
        sessionId: session.sessionId,
        token: f.token ?? '',
        ip,
        checkedAt: Date.now(),
        end: () => fail(CHAT_CODE.sessionEnded, CHAT_T.sessionEnded, IM_CLOSE.sessionEnded),
      };
      watch.add(watched);
      // A revocation heard while the lookup was on its way may be one this session missed.
      if (watch.epoch() !== epoch) void watch.recheck([watched]);
      // Registered before the replay query: anything sent meanwhile is buffered, not lost.
      buffer = [];
      conn = { id: connId, userId, send: (frame) => (buffer ? buffer.push(frame) : sendRaw(frame)) };
      addConnection(conn);
      send({ t: 'ready', userID: f.userID, serverTime: Math.floor(Date.now() / 1000) });
      const replayed = await replaySince(userId, f.resume ?? {});
      if (replayed.length) send({ t: 'ev', ev: 'messageReceived', data: replayed });
      const seen = new Set(replayed.map((m) => m.ID));
      const held = buffer;
      buffer = null;
      for (const frame of held) {
        const out = seen.size ? withoutReplayed(frame, seen) : frame;
        if (out) sendRaw(out);
      }
      const list = await conversationList(userId);
      send({ t: 'ev', ev: 'conversationListUpdated', data: list });
      send({ t: 'ev', ev: 'totalUnreadMessageCountUpdated', data: totalUnread(list) });
    } catch (err) {
      log.error('im auth failed', errorFields(err));
      fail(INTERNAL, '服务器繁忙，请稍后再试', 1011);
    }
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/** A buffered live frame minus messages the replay already sent (null when nothing is left). */
function withoutReplayed(frame: string, seen: Set<string>): string | null {
  if (!frame.startsWith('{"t":"ev","ev":"messageReceived"')) return frame;
  const f = JSON.parse(frame) as { data: Message[] };
  const rest = f.data.filter((m) => !seen.has(m.ID));
  if (!rest.length) return null;
  return rest.length === f.data.length ? frame : JSON.stringify({ t: 'ev', ev: 'messageReceived', data: rest });
}

const IM = Symbol.for('gongfu.im');
/** Hands attachIm to server.mjs, which cannot import the bundle's modules by name. */
export function exposeIm(): void {
  Reflect.set(globalThis, IM, { attach: attachIm, create: createIm });
}
