import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { createSmsTimer, requestSmsCode, SMS_SENT, type SmsTimer, type SmsType } from '~/lib/stores/sms';
import { smsButtonLabel } from '~/lib/rules/countdown';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { useAction } from '../ui/useAction';
import { useCaptcha } from './Captcha';

/** One countdown per form, so the form can stop it (SPEC §4: reset after a password reset). */
export function useSmsTimer(): SmsTimer {
  const timer = useMemo(() => createSmsTimer(), []);
  useEffect(() => timer.stop, [timer]);
  return timer;
}

/**
 * SPEC §4/§5 SMS button: checks the phone, passes the captcha, sends; then 'N S' for 60 s. While
 * counting down a click says 已发送，如未收到请稍后再试; a send error re-enables it at once.
 * `ownPhone` purposes go to the member's own phone, so no phone is checked here.
 */
export function SmsButton(props: { phone: string; type: SmsType; timer: SmsTimer; ownPhone?: boolean; className?: string }) {
  const left = useStore(props.timer.$left);
  const captcha = useCaptcha();
  const send = useAction();

  function click() {
    // While counting down a click only reminds — even while the send itself is still on its way
    // (the countdown starts as soon as the captcha passes).
    if (props.timer.$left.get() > 0) return void toast.warning(T.smsCooling);
    void send.run(
      () =>
        requestSmsCode({
          phone: props.phone,
          type: props.type,
          timer: props.timer,
          ownPhone: props.ownPhone ?? false,
          askCaptcha: captcha.ask,
        }),
      { done: (sent) => (sent ? SMS_SENT : '') },
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={click}
        aria-disabled={left > 0}
        data-testid="sms-button"
        className={`gf-btn h-10 w-[120px] shrink-0 border ${left > 0 ? 'border-line bg-page text-ink-mute' : 'border-brand-accent bg-white text-brand hover:bg-brand-light'} ${props.className ?? ''}`}
      >
        {smsButtonLabel(left, T.getSmsCode)}
      </button>
      {captcha.element}
    </>
  );
}
