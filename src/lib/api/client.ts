import { ofetch } from 'ofetch';
import { T } from '../texts';
import { $session, clearSession } from '../stores/session';
import { Code, type Envelope } from './codes';
import type { ApiInput, ApiOutput, ApiPath } from './types';

/** A rejected call: `message` is what to show the user. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** The envelope's data on a refusal, when the server points somewhere (e.g. `{ order_id }`). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const http = ofetch.create({ baseURL: '/api', method: 'POST', retry: 0, timeout: 20_000 });

/** The body argument: optional when the endpoint needs no field. */
type BodyArg<P extends ApiPath> =
  ApiInput<P> extends Record<string, never>
    ? [body?: ApiInput<P>]
    : Partial<ApiInput<P>> extends ApiInput<P>
      ? [body?: ApiInput<P>]
      : [body: ApiInput<P>];

/** How a call goes out: as the session's user (default) or with a given token; `keepalive` outlives the page. */
interface SendOptions {
  token?: string | undefined;
  keepalive?: boolean;
}

async function send<T>(path: string, body: object = {}, opts: SendOptions = {}): Promise<Envelope<T>> {
  const token = 'token' in opts ? opts.token : $session.get()?.token;
  let res;
  try {
    res = await http.raw<Envelope<T>>(path, {
      body,
      headers: { authSource: 'web', ...(token ? { authToken: token } : {}) },
      ignoreResponseError: true,
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw new ApiError(T.networkFailed, 0);
  }
  const env = res._data;
  if (res.status !== 200 || !env || typeof env.code !== 'number') throw new ApiError(T.httpFailed, res.status);
  if (env.code === Code.REFUSED || env.code === Code.LOGIN) {
    if (env.code === Code.LOGIN && token && token === $session.get()?.token) clearSession();
    throw new ApiError(env.info || env.msg, env.code, env.data);
  }
  return env;
}

/**
 * One API call with SPEC §8's envelope rules: HTTP other than 200 → rejected with one fixed
 * message; code 100/101 → rejected with info or msg (101 also ends the stale session); any other
 * code is returned for the caller to judge (200 = success, else show msg). Path, body and answer
 * are typed from the endpoint's contract.
 */
export function call<P extends ApiPath>(path: P, ...[body]: BodyArg<P>): Promise<Envelope<ApiOutput<P>>> {
  return send<ApiOutput<P>>(path, body);
}

/**
 * /api/logout for a session the page has already dropped: the token is given, and the request is
 * `keepalive`, so it reaches the server even when the page navigates away meanwhile.
 */
export function callLogout(token: string | undefined): Promise<Envelope<ApiOutput<'/logout'>>> {
  return send<ApiOutput<'/logout'>>('/logout', {}, { token, keepalive: true });
}

/** `api` for a report sent as the page goes away (pagehide): `keepalive`, so it still reaches the server. */
export async function apiKeepalive<P extends ApiPath>(path: P, ...[body]: BodyArg<P>): Promise<ApiOutput<P>> {
  const env = await send<ApiOutput<P>>(path, body, { keepalive: true });
  if (env.code !== Code.OK) throw new ApiError(env.msg, env.code);
  return env.data;
}

/** `call` for callers that only want success: any code but 200 rejects with msg. */
export async function api<P extends ApiPath>(path: P, ...[body]: BodyArg<P>): Promise<ApiOutput<P>> {
  const env = await send<ApiOutput<P>>(path, body);
  if (env.code !== Code.OK) throw new ApiError(env.msg, env.code);
  return env.data;
}

/**
 * Whether asking again can help: the network, a gateway or server fault (HTTP not 200, code 500),
 * a rate limit. A missing record (404), a refusal (100), a login (101) or a role (403) answers the
 * same however often it is asked, so the page offers a way back instead of 重试.
 */
export function mayRetry(err: unknown): boolean {
  if (!(err instanceof ApiError)) return !(err instanceof Error && err.name === 'InputError');
  return err.code === 0 || err.code === Code.RATE_LIMITED || err.code >= Code.SERVER_ERROR;
}

/** The text to show for any failure. */
export function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : T.serverError;
}
