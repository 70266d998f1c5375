import type { IncomingMessage } from 'node:http';
import type { WebSocket as Socket } from 'ws';

/** ws (8.23 here) takes `closeTimeout`, how long to wait for the peer's close frame; @types/ws does not list it. */
declare module 'ws' {
  namespace WebSocket {
    // A merged declaration must repeat the interface's type parameters, used or not.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    interface ServerOptions<U extends typeof Socket = typeof Socket, V extends typeof IncomingMessage = typeof IncomingMessage> {
      closeTimeout?: number | undefined;
    }
  }
}
