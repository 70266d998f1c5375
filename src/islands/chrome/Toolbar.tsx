import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $unreadBadge, refreshUnread } from '~/lib/stores/unread';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { useSession } from './useSession';

/**
 * The floating right toolbar (SPEC §2, 64px): chat, messages with the unread badge, feedback,
 * app download and back to top. Member-only items warn 身份已过期请重新登录 for guests.
 *
 * It must never cover the 1180px content column, so its size follows the room beside it
 * (widths below count a 17px scrollbar): 64px with labels from 1344px; a 36px icon rail from
 * 1278px (labels become tooltips); narrower still, the rail tucks away at the edge and slides
 * in on hover or keyboard focus.
 */
export default function Toolbar(props: { downloadQr: string }) {
  // Until mounted the server HTML (guest) is what must render, or hydration fails on the badge.
  const { ready, user } = useSession();
  const badge = useStore($unreadBadge);
  const [showTop, setShowTop] = useState(false);

  // The badge counts arrive once per page for a logged-in member; reading a notice refreshes them.
  const token = user?.token;
  useEffect(() => {
    if (token) void refreshUnread();
  }, [token]);

  // Chat unread joins the badge live: the chat client connects once the page is idle (its code is
  // a separate chunk, so content pages load no chat code up front). /chat runs its own client.
  useEffect(() => {
    if (!token || location.pathname === '/chat') return;
    const start = () => void import('~/lib/stores/chat/badge').then((m) => m.connectChatBadge()).catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(start, { timeout: 4000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(start, 1500);
    return () => clearTimeout(id);
  }, [token]);

  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > 400);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const guard = (href: string) => (e: React.MouseEvent) => {
    if (!user) {
      e.preventDefault();
      toast.warning(T.sessionExpired);
    } else if (href === '/chat') {
      e.preventDefault();
      window.open(href, '_blank', 'noopener');
    }
  };

  return (
    <nav
      aria-label="快捷工具"
      className="fixed right-0 top-1/2 z-40 flex w-16 -translate-y-1/2 flex-col rounded-l-xl bg-white py-2 shadow-[0_2px_16px_rgba(0,0,0,.1)] transition-transform max-[1343px]:(w-9 rounded-l-lg py-1) max-[1277px]:(translate-x-[calc(100%-8px)] hover:translate-x-0 focus-within:translate-x-0)"
    >
      {/* The grip shows where the tucked rail is (narrow windows only). */}
      <span
        aria-hidden="true"
        className="absolute left-[3px] top-1/2 hidden h-10 w-[3px] -translate-y-1/2 rounded-full bg-brand-accent/70 max-[1277px]:block"
      />
      <Item href="/chat" icon="i-ri-chat-3-line" label="聊天" onClick={guard('/chat')} />
      <Item href="/my/notice" icon="i-ri-notification-3-line" label="消息" onClick={guard('/my/notice')}>
        {ready && user && badge && (
          <span
            data-testid="unread-badge"
            className="absolute right-2 top-0 min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] leading-[18px] text-white max-[1343px]:(right-0 top-0.5 min-w-[16px] text-[10px] leading-[16px])"
          >
            {badge}
          </span>
        )}
      </Item>
      <Item href="/account/other" icon="i-ri-feedback-line" label="反馈" onClick={guard('/account/other')} />
      <div className="group relative">
        <Item href="/download" icon="i-ri-smartphone-line" label="下载" />
        {props.downloadQr && (
          <div className="invisible absolute right-full top-1/2 mr-2 -translate-y-1/2 rounded-lg bg-white p-3 text-center text-xs text-ink-soft opacity-0 shadow-lg transition-opacity group-hover:(visible opacity-100)">
            <img src={props.downloadQr} width={110} height={110} alt="App 下载二维码" className="mb-1" />
            扫码下载 App
          </div>
        )}
      </div>
      {showTop && (
        <button
          type="button"
          title="回到顶部"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          className="flex flex-col items-center gap-0.5 py-2 text-xs text-ink-soft hover:text-brand"
        >
          <span className="i-ri-arrow-up-line text-xl" />
          <span className="max-[1343px]:sr-only">顶部</span>
        </button>
      )}
    </nav>
  );
}

function Item(props: { href: string; icon: string; label: string; onClick?: (e: React.MouseEvent) => void; children?: ReactNode }) {
  return (
    <a
      href={props.href}
      onClick={props.onClick}
      title={props.label}
      className="relative flex flex-col items-center gap-0.5 py-2 text-xs text-ink-soft hover:text-brand"
    >
      <span className={`${props.icon} text-xl`} />
      <span className="max-[1343px]:sr-only">{props.label}</span>
      {props.children}
    </a>
  );
}
