import { ofetch } from 'ofetch';
import { T } from '../texts';
import { ApiError } from './client';
import { Code, type Envelope } from './codes';
import type { ApiInput, ApiOutput, ApiPath } from './types';

/**
 * Calls from the operator console. The staff session rides in its httpOnly cookie (sent by the
 * browser, invisible to scripts), never the member token; a 101 means the console session ended,
 * so the page goes to /admin/login and comes back afterwards.
 */
const http = ofetch.create({ baseURL: '/api', method: 'POST', retry: 0, timeout: 30_000, credentials: 'same-origin' });

type BodyArg<P extends ApiPath> =
  ApiInput<P> extends Record<string, never>
    ? [body?: ApiInput<P>]
    : Partial<ApiInput<P>> extends ApiInput<P>
      ? [body?: ApiInput<P>]
      : [body: ApiInput<P>];

async function send<T>(path: string, body: object = {}): Promise<Envelope<T>> {
  let res;
  try {
    res = await http.raw<Envelope<T>>(path, { body, headers: { authSource: 'web' }, ignoreResponseError: true });
  } catch {
    throw new ApiError(T.networkFailed, 0);
  }
  const env = res._data;
  if (res.status !== 200 || !env || typeof env.code !== 'number') throw new ApiError(T.httpFailed, res.status);
  if (env.code === Code.LOGIN && path !== '/admin/login') {
    const back = `${location.pathname}${location.search}`;
    location.assign(`/admin/login?redirect=${encodeURIComponent(back)}`);
  }
  if (env.code === Code.REFUSED || env.code === Code.LOGIN) throw new ApiError(env.info || env.msg, env.code, env.data);
  return env;
}

/** `call` for the console: the envelope, for callers that judge codes themselves. */
export function adminCall<P extends ApiPath>(path: P, ...[body]: BodyArg<P>): Promise<Envelope<ApiOutput<P>>> {
  return send<ApiOutput<P>>(path, body);
}

/** `api` for the console: the data, or a rejection with the message to show. */
export async function adminApi<P extends ApiPath>(path: P, ...[body]: BodyArg<P>): Promise<ApiOutput<P>> {
  const env = await send<ApiOutput<P>>(path, body);
  if (env.code !== Code.OK) throw new ApiError(env.msg, env.code);
  return env.data;
}
