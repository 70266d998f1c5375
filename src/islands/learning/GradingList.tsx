import { useState } from 'react';
import { api } from '~/lib/api/client';
import { priceText } from '~/lib/format';
import { DUANS, duanName } from '~/lib/rules/duan';
import { sessionTitle, STATE_TEXT, whereText } from '~/lib/stores/grading';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { useLoad } from '../ui/useLoad';

/** /duan (and /m/duan): upcoming 段位考评, filtered by style (a course label) and 段; `grading` is the booking page. */
export default function GradingList(props: { grading?: string }) {
  const [label, setLabel] = useState(0);
  const [duan, setDuan] = useState(0);
  const load = useLoad(
    () => api('/public/gradingList', { ...(label ? { label_id: label } : {}), ...(duan ? { duan } : {}), page: 1, limit: 50 }),
    `${label}:${duan}`,
  );
  if (load.error) return <LoadFailed load={load} />;
  const d = load.data;
  return (
    <section className="gf-card space-y-4 p-5">
      <div className="flex flex-wrap gap-3 text-sm">
        <select className="gf-input w-40" aria-label="拳种" value={label} onChange={(e) => setLabel(Number(e.target.value))}>
          <option value={0}>全部拳种</option>
          {d?.styles.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <select className="gf-input w-32" aria-label="段位" value={duan} onChange={(e) => setDuan(Number(e.target.value))}>
          <option value={0}>全部段位</option>
          {DUANS.map((d) => (
            <option key={d} value={d}>
              {duanName(d)}
            </option>
          ))}
        </select>
      </div>
      {!d ? (
        <Loading />
      ) : d.list.length === 0 ? (
        <Empty icon="i-ri-award-line" text="暂无即将开始的考评" />
      ) : (
        <ul className="divide-y divide-line">
          {d.list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <a className="font-bold text-ink hover:text-brand" href={`${props.grading ?? '/duan/grading'}?id=${s.id}`}>
                  {sessionTitle(s)}
                </a>
                <p className="text-sm text-ink-mute">
                  {whereText(s)} · 考评员 {s.examiner.name}
                </p>
              </div>
              <div className="text-sm sm:text-right">
                <p className="text-price font-bold">{priceText(s.price)}</p>
                <p className="text-ink-mute">
                  {STATE_TEXT[s.state]} · 剩余 {s.seats_left} 席
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
