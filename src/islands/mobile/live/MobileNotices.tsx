import { formatDateTime } from '~/lib/format';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { useNoticeBookings, type NoticePage } from '~/islands/live/NoticeList';

/** /m/live's 直播预告: when, what, who, and 预约 (a guest goes to the mobile login and comes back). */
export default function MobileNotices(props: { initial: NoticePage }) {
  const { page, busy, toggle } = useNoticeBookings(props.initial);
  return (
    <ul className="mt-1 divide-y divide-line" data-testid="m-live-notices">
      {page.list.map((n) => (
        <li key={n.id} className="flex items-center gap-2 py-1.5" data-testid="notice-card">
          <a href={`${MOBILE_PATHS.liveRoom}?id=${n.room_id}`} className="flex min-h-11 min-w-0 flex-1 flex-col justify-center">
            <span className="truncate text-sm">{n.title}</span>
            <span className="truncate text-xs text-ink-mute">
              <span className="text-brand">{formatDateTime(n.start_at)}</span> · {n.anchor.nick} · {n.bookings} 人预约
            </span>
          </a>
          <button
            type="button"
            className={`shrink-0 px-4 text-sm ${n.booked ? 'gf-m-btn-ghost' : 'gf-m-btn-primary'}`}
            disabled={busy}
            aria-pressed={n.booked === 1}
            onClick={() => toggle(n)}
            data-testid="notice-book"
          >
            {n.booked ? '已预约' : '预约'}
          </button>
        </li>
      ))}
    </ul>
  );
}
