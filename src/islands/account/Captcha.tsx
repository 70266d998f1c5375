import { useCallback, useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { loadChallenge, type AltchaChallenge } from '~/lib/captcha';
import { errorText } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { Modal } from '../ui/Modal';

type Pending = { resolve: (pass: string | null) => void };
type Widget = HTMLElement & { configure?: (o: Record<string, unknown>) => void; verify?: () => Promise<unknown> };

/**
 * SPEC §5 captcha before an SMS: fetches host + token from the server, shows the self-hosted
 * ALTCHA check (solved in the browser, usually within a second) and hands back the pass. A
 * failure only closes the dialog and is logged; nothing is sent.
 */
export function useCaptcha() {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending | null>(null);

  const finish = useCallback((pass: string | null) => {
    pending.current?.resolve(pass);
    pending.current = null;
    setOpen(false);
  }, []);

  const ask = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        pending.current = { resolve };
        setOpen(true);
      }),
    [],
  );

  const element = open ? <CaptchaDialog onDone={finish} /> : null;
  return { ask, element };
}

function CaptchaDialog(props: { onDone: (pass: string | null) => void }) {
  const { onDone } = props;
  const ref = useRef<Widget>(null);
  const [challenge, setChallenge] = useState<AltchaChallenge | null>(null);
  const ready = challenge !== null;

  useEffect(() => {
    let cancelled = false;
    Promise.all([loadChallenge(), import('altcha'), import('altcha/i18n/zh-cn')]).then(
      ([c]) => {
        if (!cancelled) setChallenge(c);
      },
      (err: unknown) => {
        console.warn('captcha unavailable', err);
        toast.error(errorText(err));
        onDone(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [onDone]);

  // Once the element is upgraded (its methods exist), hand it the challenge and start solving.
  useEffect(() => {
    const el = ref.current;
    if (!el || !challenge) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (typeof el.verify !== 'function' || typeof el.configure !== 'function') {
        if (tries++ < 100) timer = setTimeout(start, 50);
        return;
      }
      el.configure({ challenge, language: 'zh-cn', hideFooter: true, hideLogo: true });
      void el.verify();
    };
    start();
    return () => clearTimeout(timer);
  }, [challenge]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (ev: Event) => {
      const d = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      if (d.state === 'verified' && d.payload) onDone(d.payload);
      if (d.state === 'error' || d.state === 'expired') console.warn('captcha failed', d.state);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready, onDone]);

  return (
    <Modal open title="安全验证" width={360} onClose={() => onDone(null)}>
      <p className="mb-4 text-center text-sm text-ink-soft">为保障账号安全，请完成验证后再获取验证码</p>
      <div className="flex min-h-[72px] justify-center" data-testid="captcha">
        {ready ? <altcha-widget ref={ref} /> : <span className="text-sm leading-[72px] text-ink-mute">正在加载验证…</span>}
      </div>
    </Modal>
  );
}
