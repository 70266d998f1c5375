import { studyText } from '~/lib/rules/learn';
import { loadStudyStats } from '~/lib/stores/learn';
import { useSession } from '../chrome/useSession';
import { useLoad } from '../ui/useLoad';

/** 学习动态: study time today, in the last 7 and 30 days, and a bar per day of the last 30 (from study_days). */
export default function StudyStats(props: { phone?: boolean }) {
  const { ready, user } = useSession();
  if (!ready || !user) return null;
  return <Stats phone={props.phone ?? false} />;
}

function Stats({ phone }: { phone: boolean }) {
  const data = useLoad(loadStudyStats);
  if (data.error) return <p className="py-3 text-sm text-ink-mute">学习动态暂时无法加载</p>;
  if (!data.data) return <p className={`py-3 text-sm text-ink-mute ${phone ? 'px-3' : ''}`}>加载学习动态…</p>;
  const s = data.data;
  // Bars scale to the busiest day but at least 10 minutes, so a few seconds of study is not drawn as a full day.
  const max = Math.max(...s.days.map((d) => d.seconds), 600);
  return (
    <section
      className={phone ? 'bg-white px-3 py-3' : 'mb-5 rounded-lg border border-line p-4'}
      aria-label="学习动态"
      data-testid="study-stats"
    >
      <dl className="flex gap-6 text-sm">
        {(
          [
            ['今天', s.today_s],
            ['近 7 天', s.week_s],
            ['近 30 天', s.month_s],
          ] as const
        ).map(([label, v]) => (
          <div key={label}>
            <dt className="text-ink-mute">{label}</dt>
            <dd className="mt-0.5 text-[15px] font-600 text-ink">{studyText(v)}</dd>
          </div>
        ))}
      </dl>
      {s.month_s > 0 && (
        <div className="mt-3 flex h-12 items-end gap-[2px]" aria-hidden="true">
          {s.days.map((d) => (
            <span
              key={d.day}
              title={`${d.day} ${studyText(d.seconds)}`}
              className={`flex-1 rounded-t ${d.seconds ? 'bg-brand-accent' : 'bg-page'}`}
              style={{ height: `${Math.max((d.seconds / max) * 100, 6)}%` }}
            />
          ))}
        </div>
      )}
      {s.month_s > 0 && (
        <p className="mt-1 flex justify-between text-xs text-ink-mute" aria-hidden="true">
          <span>30 天前</span>
          <span>今天</span>
        </p>
      )}
    </section>
  );
}
