import { api } from '../../api/client';
import type { ApiPath } from '../../api/types';

/** The SDK's side of the `tim` adapter: what we call on it, how it is loaded, and readers for its untyped objects. */

/** An SDK object as it arrives (the SDK types them `any`); read fields through `str`/`num`. */
export type Raw = Record<string, unknown>;
export type SdkResponse = { data?: unknown };
export type SdkCall = (...args: never[]) => Promise<SdkResponse>;
/** The part of the SDK instance the adapter uses (a test stands in for Tencent's cloud with it). */
export interface TimSdk {
  login(p: { userID: string; userSig: string }): Promise<SdkResponse>;
  logout(): Promise<unknown>;
  on(event: string, handler: (e: { name: string; data: unknown }) => void): void;
  off(event: string, handler: (e: { name: string; data: unknown }) => void): void;
  setLogLevel(level: number): void;
  registerPlugin(plugins: Record<string, unknown>): void;
  createTextMessage(o: Raw): Raw;
  createImageMessage(o: Raw): Raw;
  createAudioMessage(o: Raw): Raw;
  createVideoMessage(o: Raw): Raw;
  createFileMessage(o: Raw): Raw;
  createCustomMessage(o: Raw): Raw;
  createLocationMessage(o: Raw): Raw;
  sendMessage(m: Raw, opts?: Raw): Promise<SdkResponse>;
  resendMessage(m: Raw): Promise<SdkResponse>;
  revokeMessage(m: Raw): Promise<SdkResponse>;
  deleteMessage(list: Raw[]): Promise<SdkResponse>;
  findMessage(ID: string): Raw | null;
  getTotalUnreadMessageCount(): number;
  [method: string]: unknown;
}
export interface TimModule {
  create(o: { SDKAppID: number }): TimSdk;
  EVENT: Record<string, string>;
}
/** Loads the SDK and its upload plugin (needed for image/file/video/sound messages). */
export type TimLoader = () => Promise<{ TIM: TimModule; uploadPlugin?: unknown }>;

export const loadSdk: TimLoader = async () => {
  // The "friendship" build is the one with the relationship chain (friends, blacklist, friend groups).
  const [sdk, plugin] = await Promise.all([import('tim-js-sdk/tim-js-friendship.js'), import('tim-upload-plugin')]);
  return { TIM: sdk.default as unknown as TimModule, uploadPlugin: plugin.default };
};

/** Our HTTP endpoints the adapter needs in tim mode (searching users, reporting messages). */
export type TimHttp = (path: string, body: object) => Promise<unknown>;
// Typed contracts of these paths live with the parts that own them; the adapter only needs the data.
export const postApi: TimHttp = (path, body) => (api as unknown as (p: ApiPath | string, b: object) => Promise<unknown>)(path, body);

export const READY_TIMEOUT_MS = 15_000;

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
export const obj = (v: unknown): Raw => (v && typeof v === 'object' ? (v as Raw) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const data = (r: SdkResponse): Raw => obj(r.data);
