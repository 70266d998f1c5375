import { atom, type ReadableAtom } from 'nanostores';
import { api } from '../api/client';
import { SMS_COOLDOWN_S } from '../rules/countdown';
import { SMS_TEXTS, type SmsPurpose } from '../rules/sms';
import { phoneError } from '../rules/phone';
import { T } from '../texts';
import { check } from './action';

/** SMS purposes the server knows (see /api/public/sendMsg). */
export type SmsType = SmsPurpose;

/** Asks the server for a code; `captcha` is the pass the captcha produced. */
export async function sendSmsCode(phone: string, type: SmsType, captcha: string): Promise<void> {
  await api('/public/sendMsg', { phone, type, captcha });
}

/** A 60-second countdown for one SMS button (SPEC §4): start after a send, stop to reset. */
export interface SmsTimer {
  $left: ReadableAtom<number>;
  start(): void;
  stop(): void;
}

export function createSmsTimer(seconds = SMS_COOLDOWN_S): SmsTimer {
  const $left = atom(0);
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    $left.set(0);
  };
  return {
    $left,
    stop,
    start() {
      stop();
      $left.set(seconds);
      timer = setInterval(() => {
        const next = $left.get() - 1;
        if (next <= 0) stop();
        else $left.set(next);
      }, 1000);
    },
  };
}

export const SMS_SENT = SMS_TEXTS.sent;

/**
 * One press of the SMS button (SPEC §4/§5). While counting down it only reminds (a warning). The
 * phone is checked first (SPEC §5 texts) unless the code goes to the member's own phone; then the
 * captcha must pass (`askCaptcha` answers null when it did not: nothing is sent, nothing is said).
 * The countdown starts as the code is requested and stops at once if the send fails.
 * Answers whether a code was sent.
 */
export async function requestSmsCode(opts: {
  phone: string;
  type: SmsType;
  timer: SmsTimer;
  ownPhone?: boolean;
  askCaptcha: () => Promise<string | null>;
}): Promise<boolean> {
  check(opts.timer.$left.get() > 0 ? T.smsCooling : null, 'warning');
  if (!opts.ownPhone) check(phoneError(opts.phone));
  const pass = await opts.askCaptcha();
  if (!pass) return false;
  opts.timer.start();
  try {
    await sendSmsCode(opts.ownPhone ? '' : opts.phone.trim(), opts.type, pass);
  } catch (err) {
    opts.timer.stop();
    throw err;
  }
  return true;
}
