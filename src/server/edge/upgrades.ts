import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * HTTP upgrades (WebSockets) on the site's port. Once any 'upgrade' listener exists, Node hands every
 * upgrade request to the listeners and never to the request handler, so one the listeners do not
 * take would stay open for ever (a cheap way to exhaust file descriptors). Each server gets one
 * listener here: it offers the request to each taker (/im, /live/push) and refuses the rest at once.
 */

/** Takes an upgrade (answers it, now or after a handshake) and says so; false leaves it to the next. */
export type UpgradeTaker = (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

export interface UpgradeRouter {
  add(taker: UpgradeTaker): void;
  remove(taker: UpgradeTaker): void;
}

const routers = new WeakMap<Server, UpgradeRouter>();

/** Writes a plain HTTP answer on a socket that was never handed to the request handler, then closes it. */
export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.on('error', () => undefined);
  if (!socket.writable) return void socket.destroy();
  const body = Buffer.from(text);
  const head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
    `Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(head), body]), () => socket.destroy());
  // A peer that never reads cannot hold the socket open through a full send buffer.
  setTimeout(() => socket.destroy(), 2000).unref();
}

/** The server's upgrade router (made, with its one listener, on first use). */
export function upgradeRouter(server: Server): UpgradeRouter {
  const known = routers.get(server);
  if (known) return known;
  const takers: UpgradeTaker[] = [];
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    for (const take of takers) if (take(req, socket, head)) return;
    const websocket = String(req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    refuseUpgrade(socket, websocket ? 404 : 400, websocket ? '没有这个 WebSocket 地址' : '不支持的协议升级');
  });
  const router: UpgradeRouter = {
    add: (taker) => void (takers.includes(taker) || takers.push(taker)),
    remove: (taker) => void (takers.includes(taker) && takers.splice(takers.indexOf(taker), 1)),
  };
  routers.set(server, router);
  return router;
}
