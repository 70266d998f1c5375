import type { ChatClient } from './client';
import type { ChatEventName, ChatEvents, MessageType, PayloadOf } from './types';

/**
 * The /im WebSocket protocol between the `local` adapter and our IM server. JSON text frames.
 * The server validates every client frame with zod (src/server/modules/im/protocol.ts).
 *
 * 1. The client connects to `/im` and sends `auth` within IM_AUTH_TIMEOUT_S (10 s): user_sig as issued
 *    at login (SPEC §3) and `token`, the login session's token the API calls send as authToken; the
 *    socket lives only as long as that session. `resume` maps each conversation the client already
 *    holds to the last sequence it has; the server replays newer messages of those conversations
 *    before any live event, so a reconnect neither loses nor repeats a message (the client also
 *    drops an ID it already holds).
 * 2. The server answers `ready` (or `error` and closes with 4001–4003; a missing, foreign or ended
 *    session is `error` code CHAT_CODE.sessionEnded, then 4001).
 * 3. Requests carry an `id` the answer repeats; events arrive at any time after `ready`.
 * 4. Either side may ping; the server closes a socket silent for 60 s, the client pings every 25 s.
 * 5. When the session ends (logout, 退出该设备, 退出其他设备, a password change or reset, a disabled
 *    account) the server sends `error` CHAT_CODE.sessionEnded and closes with 4004.
 *
 * Media is uploaded over HTTP first (POST /api/im/upload, multipart, with the login token); the
 * `sendMessage` op then carries the payload with the uploaded URLs.
 */

/** Everything the client may ask, by op name: the ChatClient methods that reach the server. */
export type ChatOp =
  | Exclude<keyof ChatClient, 'provider' | 'login' | 'logout' | 'isReady' | 'on' | 'getTotalUnreadMessageCount' | 'sendMessage'>
  | 'sendMessage';

type ArgsOf<K extends keyof ChatClient> = ChatClient[K] extends (...a: infer A) => unknown ? A : never;
type ResultOf<K extends keyof ChatClient> = ChatClient[K] extends (...a: never[]) => Promise<infer R> ? R : never;

/** What `sendMessage` carries on the wire: media already uploaded. */
export type WireDraft = {
  [K in Exclude<MessageType, 'TIMGroupTipElem' | 'TIMGroupSystemNoticeElem'>]: {
    conversationID: string;
    clientID: string;
    type: K;
    payload: PayloadOf[K];
    cloudCustomData?: string;
  };
}[Exclude<MessageType, 'TIMGroupTipElem' | 'TIMGroupSystemNoticeElem'>];

export type OpArgs<K extends ChatOp> = K extends 'sendMessage'
  ? [WireDraft, { onlineUserOnly?: boolean }?]
  : K extends keyof ChatClient
    ? ArgsOf<K>
    : never;
export type OpResult<K extends ChatOp> = K extends keyof ChatClient ? ResultOf<K> : never;

export type ClientFrame =
  | { t: 'auth'; userID: string; userSig: string; token?: string; resume?: Record<string, number> }
  | { [K in ChatOp]: { t: 'req'; id: number; op: K; args: OpArgs<K> } }[ChatOp]
  | { t: 'ping' }
  | { t: 'pong' };

export type ServerFrame =
  | { t: 'ready'; userID: string; serverTime: number }
  | { t: 'res'; id: number; ok: true; data: unknown }
  | { t: 'res'; id: number; ok: false; code: number; msg: string }
  | { [K in ChatEventName]: { t: 'ev'; ev: K; data: ChatEvents[K] } }[ChatEventName]
  | { t: 'error'; code: number; msg: string }
  | { t: 'ping' }
  | { t: 'pong' };

/** WebSocket close codes the server uses (the client does not reconnect after 4001–4004). */
export const IM_CLOSE = {
  authFailed: 4001,
  sigExpired: 4002,
  kicked: 4003,
  /** The login session the socket was opened with has ended. */
  sessionEnded: 4004,
  idle: 4008,
  shuttingDown: 1001,
} as const;

export const IM_TIMING = {
  clientPingMs: 25_000,
  serverIdleMs: 60_000,
  /** Reconnect backoff: 0.5 s doubling to 30 s, with jitter. */
  backoffMinMs: 500,
  backoffMaxMs: 30_000,
  requestTimeoutMs: 15_000,
} as const;

export const IM_LIMITS = {
  historyPage: 15,
  memberPage: 30,
  textMax: 5000,
  recallWindowS: 120,
  groupNameMax: 30,
  groupMaxMembers: 2000,
  /** Per user: messages within `sendWindowS`. */
  sendBurst: 20,
  sendWindowS: 10,
} as const;
