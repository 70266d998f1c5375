import { useEffect, useRef, useState } from 'react';
import { fenText } from '~/lib/rules/bank';
import type { IncomeDay } from '~/lib/stores/seller-finance';

/**
 * The day-by-day income of the last 30 days (sales and commission, refunds taken back) as a bar
 * chart. Chart.js is its own chunk, fetched only when this mounts, so the page itself stays light.
 */
export function IncomeChart(props: { days: IncomeDay[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { days } = props;

  useEffect(() => {
    let remove: (() => void) | null = null;
    let live = true;
    import('./income-chart-lib').then(
      ({ drawIncomeChart }) => {
        if (!live || !canvas.current) return;
        remove = drawIncomeChart(canvas.current, days);
        setState('ready');
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
      remove?.();
    };
  }, [days]);

  const total = days.reduce((s, d) => s + d.income - d.refund, 0);
  return (
    <figure className="relative h-[260px]" data-testid="income-chart" data-state={state}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${days[0]?.date ?? ''} 至 ${days.at(-1)?.date ?? ''} 每日收入柱状图，合计 ${fenText(total)}`}
      />
      {state === 'loading' && <p className="absolute inset-0 flex items-center justify-center text-sm text-ink-mute">图表加载中…</p>}
      {state === 'failed' && (
        <p role="alert" className="absolute inset-0 flex items-center justify-center text-sm text-danger">
          图表加载失败，请刷新页面重试
        </p>
      )}
    </figure>
  );
}
