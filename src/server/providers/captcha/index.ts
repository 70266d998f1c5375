import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { env } from '../../env';
import { log } from '../../log';
import { sign, verifySignature } from '../../security/tokens';
import { Verify5Captcha } from './verify5';
import { spendOnce } from '../../security/spent';
import type { CaptchaConfig, CaptchaProvider } from './types';

// The config and provider types live in types.ts, so the providers need not import this chooser.
export type { CaptchaConfig, CaptchaProvider } from './types';

const TOKEN_LIFE_MS = 10 * 60_000;
const CHALLENGE_LIFE_S = 5 * 60;

/** A short-lived signed token; the challenge endpoint only answers holders of one. */
export function captchaToken(now = Date.now()): string {
  const body = `cap.${(now + TOKEN_LIFE_MS).toString(36)}`;
  return `${body}.${sign(body)}`;
}

/** True for an unexpired token from `captchaToken`. */
export function validCaptchaToken(token: string, now = Date.now()): boolean {
  const [p, exp, sig] = token.split('.');
  if (p !== 'cap' || !exp || !sig) return false;
  return verifySignature(`${p}.${exp}`, sig) && parseInt(exp, 36) > now;
}

/**
 * The embedded default: ALTCHA proof of work, challenges signed with the app secret, verified
 * locally, each solution accepted once.
 * @see https://altcha.org/docs/v2/server-integration
 */
export class AltchaCaptcha implements CaptchaProvider {
  readonly name = 'altcha';

  async config(): Promise<CaptchaConfig> {
    return { provider: this.name, host: '/api/public/captchaChallenge', token: captchaToken() };
  }

  /** A new signed challenge; its difficulty comes from CAPTCHA_COST. */
  async challenge(): Promise<Challenge> {
    const cost = env().CAPTCHA_COST;
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost,
      counter: randomInt(cost, cost * 3),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_LIFE_S * 1000),
      hmacSignatureSecret: sign('altcha'),
      hmacKeySignatureSecret: sign('altcha-key'),
    });
  }

  async verify(answer: string, ip: string): Promise<boolean> {
    let payload: { challenge?: Challenge; solution?: Solution };
    try {
      payload = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (!payload?.challenge || !payload.solution) return false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: sign('altcha'),
        hmacKeySignatureSecret: sign('altcha-key'),
      });
      if (!result.verified) {
        log.info('captcha refused', { ip, expired: result.expired, badSignature: result.invalidSignature });
        return false;
      }
    } catch (err) {
      log.info('captcha malformed', { ip, error: String(err) });
      return false;
    }
    const expires = new Date(Date.now() + CHALLENGE_LIFE_S * 1000);
    return spendOnce(`altcha:${payload.challenge.parameters.nonce}`, expires);
  }
}

let provider: CaptchaProvider | undefined;

/** The configured captcha: ALTCHA by default, a verify5-style remote slider with CAPTCHA_PROVIDER=verify5. */
export function captcha(): CaptchaProvider {
  if (provider) return provider;
  const e = env();
  if (e.CAPTCHA_PROVIDER === 'verify5') {
    if (!e.VERIFY5_HOST || !e.VERIFY5_APP_ID || !e.VERIFY5_APP_KEY) {
      throw new Error('CAPTCHA_PROVIDER=verify5 needs VERIFY5_HOST, VERIFY5_APP_ID and VERIFY5_APP_KEY');
    }
    provider = new Verify5Captcha({ host: e.VERIFY5_HOST, appId: e.VERIFY5_APP_ID, appKey: e.VERIFY5_APP_KEY });
  } else {
    provider = new AltchaCaptcha();
  }
  return provider;
}

/** Forget the chosen provider (tests switch configuration). */
export function resetCaptcha(): void {
  provider = undefined;
}
