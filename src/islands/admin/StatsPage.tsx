import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { statsRangeError, type StatsDay } from '~/lib/rules/operations';
import { defaultStatsRange, downloadStatsCsv, fetchStats } from '~/lib/stores/admin-stats';
import { useLoad } from '../ui/useLoad';
import { bodyCell, headCell } from '../ui/Table';
import { money } from '~/lib/format';

/** /admin/stats (finance): daily GMV, orders, new members and active sellers; chart, table, CSV. */
export default function StatsPage() {
  const [draft, setDraft] = useState(defaultStatsRange);
  const [range, setRange] = useState(draft);
  const [formError, setFormError] = useState('');
  const q = useLoad(() => fetchStats(range), `${range.from}:${range.to}`);
  function apply(e: SubmitEvent) {
    e.preventDefault();
    const problem = !draft.from || !draft.to ? '请选择开始和结束日期' : statsRangeError(draft.from, draft.to);
    setFormError(problem ?? '');
    if (!problem) setRange(draft);
  }
  const field = 'h-8 rounded border border-line px-2 outline-none focus:border-brand-accent';
  return (
    <div>
      <form onSubmit={apply} className="mb-4 flex items-center gap-3 text-sm" aria-label="统计区间">
        <label>
          开始日期 <input type="date" className={field} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label>
          结束日期 <input type="date" className={field} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <button type="submit" className="gf-btn h-8 bg-brand px-4 text-white">
          查询
        </button>
        <button
          type="button"
          className="gf-btn h-8 border border-line px-4 text-ink"
          disabled={!q.data}
          onClick={() => q.data && downloadStatsCsv(q.data.days, range.from, range.to)}
        >
          导出 CSV
        </button>
        <span className="text-xs text-ink-mute">按北京时间统计，最长 366 天</span>
      </form>
      {(formError || q.error) && (
        <p role="alert" className="mb-3 text-sm text-danger-strong">
          {formError || q.error}
        </p>
      )}
      {!q.data ? (
        !q.error && <p className="py-10 text-center text-ink-mute">正在加载…</p>
      ) : (
        <>
          <div className="mb-4 grid grid-cols-3 gap-4">
            <Total label="成交额" value={money(q.data.totals.gmv)} />
            <Total label="支付订单" value={String(q.data.totals.orders)} />
            <Total label="新增会员" value={String(q.data.totals.new_members)} />
          </div>
          <Chart days={q.data.days} />
          <table className="mt-5 w-full text-left text-sm" data-testid="stats-table">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>日期</th>
                <th className={headCell}>成交额</th>
                <th className={headCell}>支付订单数</th>
                <th className={headCell}>新增会员</th>
                <th className={headCell}>动销卖家</th>
              </tr>
            </thead>
            <tbody>
              {[...q.data.days].reverse().map((d) => (
                <tr key={d.date} className="border-b border-line">
                  <td className={bodyCell}>{d.date}</td>
                  <td className={bodyCell}>{money(d.gmv)}</td>
                  <td className={bodyCell}>{d.orders}</td>
                  <td className={bodyCell}>{d.new_members}</td>
                  <td className={bodyCell}>{d.active_sellers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

function Total(props: { label: string; value: string }) {
  return (
    <div className="rounded border border-line px-5 py-4">
      <p className="text-sm text-ink-soft">{props.label}</p>
      <p className="mt-1 text-2xl font-600 text-ink">{props.value}</p>
    </div>
  );
}

function Chart(props: { days: StatsDay[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    import('./stats-chart-lib').then(
      (lib) => {
        if (!live || !canvas.current) return;
        stop = lib.drawStatsChart(canvas.current, props.days);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [props.days]);
  return (
    <div className="relative h-72 rounded border border-line p-3" data-testid="stats-chart" data-state={state}>
      {state === 'failed' && (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-ink-soft">
          图表加载失败，请刷新重试（下方表格不受影响）
        </p>
      )}
      <canvas ref={canvas} aria-label="每日成交额与订单数图表" role="img" />
    </div>
  );
}
