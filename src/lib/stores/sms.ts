import { atom, type ReadableAtom } from 'nanostores';
import { untypedApi } from '../api/client';
import { SMS_COOLDOWN_S } from '../rules/countdown';

/** SMS purposes the server knows (see /api/public/sendMsg). */
export type SmsType = 'register' | 'forget_pw' | 'bind_phone' | 'change_phone' | 'pay_password';

/** Asks the server for a code; `captcha` is the pass the captcha produced. */
export function sendSmsCode(phone: string, type: SmsType, captcha: string): Promise<null> {
  return untypedApi<null>('/public/sendMsg', { phone, type, captcha });
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
