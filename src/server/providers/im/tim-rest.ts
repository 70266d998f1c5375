import { randomInt } from 'node:crypto';
import { env } from '../../env';
import { genUserSig } from './user-sig';

/**
 * Tencent Cloud IM's server REST API (IM_PROVIDER=tim). Every call is
 *   POST {TIM_API_URL}/v4/<service>/<command>?sdkappid=&identifier=<admin>&usersig=&random=&contenttype=json
 * with a JSON body, answered with { ActionStatus: 'OK' | 'FAIL', ErrorCode, ErrorInfo, … }
 * (REST API overview: https://cloud.tencent.com/document/product/269/1519; request formats as in
 * tencentyun/qcloud-documents, product/移动与通信/即时通信/…/服务端集成). The admin's UserSig is a TLS
 * sig v2 signed with TIM_SECRET_KEY (same algorithm as tencentyun/tls-sig-api-v2-node) and reused
 * until close to its expiry.
 */

/** A refusal from Tencent (ErrorCode ≠ 0) or a failed call; `code` is Tencent's or 0 for transport. */
export class TimRestError extends Error {
  constructor(
    readonly code: number,
    readonly info: string,
    readonly command: string,
  ) {
    super(`Tencent IM ${command} failed: ${code ? `${code} ` : ''}${info}`);
    this.name = 'TimRestError';
  }
}

export interface TimAnswer {
  ActionStatus: string;
  ErrorCode: number;
  ErrorInfo: string;
  [field: string]: unknown;
}

const SIG_TTL_S = 24 * 3600;
/** Re-sign this long before expiry so a call never carries a signature that lapses in flight. */
const SIG_MARGIN_S = 600;
const TIMEOUT_MS = 8_000;

let cached: { key: string; sig: string; expiresAt: number } | null = null;

/** The admin UserSig (cached per admin/app/key until SIG_MARGIN_S before it expires). */
export function adminSig(now = Date.now()): string {
  const e = env();
  const admin = e.TIM_ADMIN_ID;
  const sdkAppID = e.TIM_SDK_APP_ID;
  const secret = e.TIM_SECRET_KEY;
  if (!sdkAppID || !secret) throw new TimRestError(0, 'TIM_SDK_APP_ID / TIM_SECRET_KEY not configured', 'adminSig');
  const key = `${sdkAppID}:${admin}:${secret}`;
  const s = Math.floor(now / 1000);
  if (cached && cached.key === key && cached.expiresAt - SIG_MARGIN_S > s) return cached.sig;
  const sig = genUserSig(admin, { sdkAppID, key: secret, expireSeconds: SIG_TTL_S, now });
  cached = { key, sig, expiresAt: s + SIG_TTL_S };
  return sig;
}

/** One REST call; resolves with the whole answer when ActionStatus is OK, else throws TimRestError. */
export async function timRest(service: string, command: string, body: Record<string, unknown>): Promise<TimAnswer> {
  const e = env();
  const name = `${service}/${command}`;
  const url = new URL(`/v4/${service}/${command}`, e.TIM_API_URL);
  url.search = new URLSearchParams({
    sdkappid: String(e.TIM_SDK_APP_ID ?? ''),
    identifier: e.TIM_ADMIN_ID,
    usersig: adminSig(),
    // Tencent wants a fresh 32-bit random per request (it de-duplicates on it).
    random: String(randomInt(0, 2 ** 32 - 1)),
    contenttype: 'json',
  }).toString();
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new TimRestError(0, timedOut ? `no answer within ${TIMEOUT_MS} ms` : 'network error', name);
  }
  if (!res.ok) throw new TimRestError(0, `HTTP ${res.status}`, name);
  let answer: TimAnswer;
  try {
    answer = (await res.json()) as TimAnswer;
  } catch {
    throw new TimRestError(0, 'answer is not JSON', name);
  }
  if (answer.ActionStatus !== 'OK' || (answer.ErrorCode ?? 0) !== 0) {
    throw new TimRestError(Number(answer.ErrorCode) || -1, String(answer.ErrorInfo ?? ''), name);
  }
  return answer;
}

/** Tests change keys between suites. */
export function resetTimRest(): void {
  cached = null;
}
