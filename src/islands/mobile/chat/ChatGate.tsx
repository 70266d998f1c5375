import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { CallLayer } from '~/islands/chat/slots';
import { useChatLogin } from '~/islands/chat/useChatLogin';
import { CHAT_T } from '~/lib/rules/chat';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { $chatUnread, $netState } from '~/lib/stores/chat/state';

/**
 * The phone's chat pages: logged out, the mobile login coming back here; then the chat login
 * (connecting, failed with 重新连接), the reconnecting banner, the full-screen call layer, and the
 * unread total in the browser title — `(3) 聊天 - 功夫`.
 */
export function ChatGate(props: { children: ReactNode; onReady?: (() => void) | undefined }) {
  const { ready, user, status, retry } = useChatLogin(props.onReady, { greetOnce: true });
  const net = useStore($netState);
  useUnreadTitle();

  if (!ready) return <Centre text="加载中…" />;
  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-16 text-center text-ink-soft" data-testid="m-login-needed">
        <span className="i-ri-chat-smile-3-line text-5xl text-placeholder" aria-hidden="true" />
        <p>{CHAT_T.loginToChat}</p>
        <a className="gf-m-btn-primary w-40" href={`${MOBILE_PATHS.login}?redirect=${encodeURIComponent(here)}`}>
          登录
        </a>
      </div>
    );
  }
  if (status.phase === 'failed')
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <span className="i-ri-error-warning-line text-5xl text-danger" aria-hidden="true" />
        <p className="text-sm text-ink" role="alert">
          {status.reason}
        </p>
        <button type="button" className="gf-m-btn-primary w-40" onClick={retry}>
          重新连接
        </button>
      </div>
    );
  if (status.phase !== 'ready') return <Centre text={CHAT_T.connecting} />;
  return (
    <>
      {net !== 'connected' && (
        <div
          role="status"
          className="fixed inset-x-0 top-[calc(48px+env(safe-area-inset-top))] z-40 bg-warning-light py-1.5 text-center text-xs text-warning"
          data-testid="net-banner"
        >
          <span className="i-ri-wifi-off-line" aria-hidden="true" /> {CHAT_T.reconnecting}
        </div>
      )}
      {props.children}
      <CallLayer fullScreen />
    </>
  );
}

export function Centre(props: { text: string }) {
  return (
    <p className="py-16 text-center text-sm text-ink-mute">
      <span className="i-ri-loader-4-line animate-spin" aria-hidden="true" /> {props.text}
    </p>
  );
}

/** `(n) ` before the page title while chat messages are unread. */
function useUnreadTitle() {
  const unread = useStore($chatUnread);
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\) /, '');
    document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
  }, [unread]);
}
