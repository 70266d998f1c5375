import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { fenText } from '~/lib/rules/bank';
import { themeColour } from '~/lib/theme';
import { chartSeries, type IncomeDay } from '~/lib/stores/seller-finance';

// Only what a bar chart needs (imported statically, so the bundler leaves the rest of Chart.js out).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Draws the income bars on `canvas`; answers the function that removes the chart. */
export function drawIncomeChart(canvas: HTMLCanvasElement, days: IncomeDay[]): () => void {
  const s = chartSeries(days);
  const chart = new Chart(canvas, {
    type: 'bar',
    data: {
      labels: s.labels,
      datasets: [
        { label: '收入', data: s.income, backgroundColor: themeColour('brand-accent'), borderRadius: 3, maxBarThickness: 18 },
        { label: '退款扣回', data: s.refund, backgroundColor: themeColour('danger'), borderRadius: 3, maxBarThickness: 18 },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'top', align: 'end', labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            title: (items) => days[items[0]?.dataIndex ?? 0]?.date ?? '',
            label: (item) => `${item.dataset.label ?? ''}：${fenText(Math.round(Number(item.raw) * 100))}`,
          },
        },
      },
      scales: {
        x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12, color: themeColour('ink-mute') } },
        y: {
          beginAtZero: true,
          ticks: { color: themeColour('ink-mute'), callback: (v) => `¥${v}` },
          grid: { color: themeColour('surface-tag') },
        },
      },
    },
  });
  return () => chart.destroy();
}
