import { TIM_TEXTS, timErrorText } from '../../rules/chat-tim';
import { CHAT_CODE, ChatError } from '../client';
import type { ChatEventName, ChatEvents } from '../types';
import { toChatError } from './map';
import type { Raw, SdkCall, SdkResponse, TimHttp, TimLoader, TimSdk } from './sdk';

export type SdkHandler = (e: { name: string; data: unknown }) => void;

/** What one tim client holds between calls; the adapter's parts (session, messages, groups …) share it. */
export interface TimState {
  readonly sdkAppID: number;
  readonly load: TimLoader;
  readonly http: TimHttp;
  readonly handlers: Map<ChatEventName, Set<(d: never) => void>>;
  tim: TimSdk | null;
  sdkEvents: Record<string, string>;
  readonly attached: [string, SdkHandler][];
  ready: boolean;
  /** Messages we sent, by clientID: a retry resends the same SDK message instead of a new one. */
  readonly sent: Map<string, Raw>;
  /** Group applications already agreed/refused here (their notices stay in @TIM#SYSTEM). */
  readonly handled: Set<string>;
  /** IDs already emitted: the SDK may repeat a message after a reconnect; the UI must see it once. */
  readonly seen: Set<string>;
}

export function createState(sdkAppID: number, load: TimLoader, http: TimHttp): TimState {
  return {
    sdkAppID,
    load,
    http,
    handlers: new Map(),
    tim: null,
    sdkEvents: {},
    attached: [],
    ready: false,
    sent: new Map(),
    handled: new Set(),
    seen: new Set(),
  };
}

const SEEN_MAX = 5000;

export function remember(s: TimState, ID: string): void {
  s.seen.add(ID);
  // Sets keep insertion order: forget the oldest so a long session stays bounded.
  if (s.seen.size > SEEN_MAX) for (const old of s.seen) if (s.seen.delete(old) && s.seen.size <= SEEN_MAX) break;
}

export function emit<K extends ChatEventName>(s: TimState, event: K, payload: ChatEvents[K]): void {
  for (const h of s.handlers.get(event) ?? []) (h as (d: ChatEvents[K]) => void)(payload);
}

/** The logged-in, ready SDK instance; calls before SDK_READY are refused (the SDK's rule). */
export function sdk(s: TimState): TimSdk {
  if (!s.tim || !s.ready) throw new ChatError(CHAT_CODE.notLoggedIn, timErrorText(CHAT_CODE.notLoggedIn, ''));
  return s.tim;
}

/** Calls an SDK method by name; rejections become ChatErrors. */
export async function call(s: TimState, method: string, ...args: unknown[]): Promise<SdkResponse> {
  const t = sdk(s);
  const fn = t[method] as SdkCall | undefined;
  if (typeof fn !== 'function') throw new ChatError(CHAT_CODE.badInput, TIM_TEXTS.unknown(CHAT_CODE.badInput));
  try {
    return await (fn as (...a: unknown[]) => Promise<SdkResponse>).apply(t, args);
  } catch (e) {
    throw toChatError(e);
  }
}

export function detach(s: TimState): void {
  if (s.tim) for (const [name, h] of s.attached) s.tim.off(name, h);
  s.attached.length = 0;
}
