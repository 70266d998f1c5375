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

/** A call that has not answered in 20 s counts as a network failure. */
const TIMEOUT_MS = 20_000;

/** The body argument: optional when the endpoint needs no field. */
type BodyArg<P extends ApiPath> =
  ApiInput<P> extends Record<string, never>
    ? [body?: ApiInput<P>]
    : Partial<ApiInput<P>> extends ApiInput<P>
      ? [body?: ApiInput<P>]
      : [body: ApiInput<P>];

async function send<T>(path: string, body: object = {}): Promise<Envelope<T>> {
  const token = $session.get()?.token;
  // Plain fetch (no client library: this module is on every page). The timeout covers the body too.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authSource: 'web',
        ...(token ? { authToken: token } : {}),
      },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    text = await res.text();
  } catch {
    throw new ApiError(T.networkFailed, 0);
  } finally {
    clearTimeout(timer);
  }
  const env = parseJson<Envelope<T>>(text);
  if (res.status !== 200 || !env || typeof env.code !== 'number') throw new ApiError(T.httpFailed, res.status);
  if (env.code === Code.REFUSED || env.code === Code.LOGIN) {
    if (env.code === Code.LOGIN && token) clearSession();
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

/** `call` for callers that only want success: any code but 200 rejects with msg. */
export async function api<P extends ApiPath>(path: P, ...[body]: BodyArg<P>): Promise<ApiOutput<P>> {
  const env = await send<ApiOutput<P>>(path, body);
  if (env.code !== Code.OK) throw new ApiError(env.msg, env.code);
  return env.data;
}

/** The answer's JSON, or null when it is not JSON (an HTML error page, an empty body). */
function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The text to show for any failure. */
export function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : T.serverError;
}
