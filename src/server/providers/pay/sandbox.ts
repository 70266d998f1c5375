import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret } from '../../security/tokens';

/**
 * The sandbox gateway's wire format, modelled on real gateways: the notify body is JSON and the
 * header `Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` signs it with a
 * key only this server and the gateway share. Stale or altered messages do not verify.
 */
export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';
export const SANDBOX_MAX_SKEW_S = 300;

export interface SandboxNotice {
  pay_no: string;
  txn_id: string;
  /** Fen actually collected. */
  amount: number;
  trade_state: 'SUCCESS';
  paid_at: string;
}

const key = () => createHmac('sha256', appSecret()).update('sandbox-pay-gateway').digest();

export function signSandbox(body: string, t = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', key()).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${mac}`;
}

/** True when the header signs `body` and is fresh. Never throws. */
export function verifySandbox(body: string, header: string | undefined, now = Date.now()): boolean {
  const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const t = Number(m[1]);
  if (Math.abs(now / 1000 - t) > SANDBOX_MAX_SKEW_S) return false;
  const want = Buffer.from(createHmac('sha256', key()).update(`${t}.${body}`).digest('hex'));
  const got = Buffer.from(m[2] ?? '');
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The sandbox gateway's refund notice: same signature header, posted to /api/pay/refund-notify/sandbox. */
export interface SandboxRefundNotice {
  refund_no: string;
  pay_no: string;
  refund_id: string;
  /** Fen given back. */
  amount: number;
  refund_state: 'SUCCESS';
  refunded_at: string;
}
