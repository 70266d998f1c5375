import { priceText, spanText } from '~/lib/format';
import { fetchLiveIndex } from '~/lib/stores/live';
import { useLoad } from '../../ui/useLoad';

/**
 * The live overview (liveIndexInfo): broadcasts, hours, gifts, income, playbacks, bookings. Read
 * again whenever `version` changes (gifts arriving, a broadcast starting or ending: `statsKey`).
 */
export default function LiveStats(props: { kind: 'coach' | 'shop'; version?: string }) {
  const q = useLoad(() => fetchLiveIndex(props.kind), `${props.kind}:${props.version ?? ''}`);
  const s = q.data?.stats;
  const cells: [string, string, string][] = s
    ? [
        ['直播场次', String(s.sessions), 'sessions'],
        ['累计时长', spanText(s.duration_s), 'duration'],
        ['收到礼物', `${s.gift_coins} 功夫币`, 'gifts'],
        ['打赏收入', priceText(s.income_fen, '¥0.00'), 'income'],
        ['回放', String(s.playbacks), 'playbacks'],
        ['预约人数', String(s.bookings), 'bookings'],
      ]
    : [];
  return (
    <section className="gf-card mb-5 grid grid-cols-6 divide-x divide-line py-4" aria-label="直播概览" data-testid="live-stats">
      {q.error ? (
        <p className="col-span-6 text-center text-sm text-danger">{q.error}</p>
      ) : !s ? (
        <p className="col-span-6 text-center text-sm text-ink-mute">加载中…</p>
      ) : (
        cells.map(([label, value, id]) => (
          <div key={label} className="text-center">
            <p className="text-lg font-600" data-testid={`live-stat-${id}`}>
              {value}
            </p>
            <p className="mt-1 text-xs text-ink-mute">{label}</p>
          </div>
        ))
      )}
    </section>
  );
}
