import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { StatsDay } from '~/lib/rules/operations';
import { themeColour } from '~/lib/theme';

// Only what a bar + line chart needs (the rest of Chart.js stays out of the bundle).
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

/** GMV bars (yuan, left axis) and paid orders as a line (right axis); answers the function that removes it. */
export function drawStatsChart(canvas: HTMLCanvasElement, days: readonly StatsDay[]): () => void {
  const chart = new Chart(canvas, {
    data: {
      labels: days.map((d) => d.date.slice(5)),
      datasets: [
        {
          type: 'bar',
          label: '成交额（元）',
          data: days.map((d) => d.gmv / 100),
          backgroundColor: themeColour('brand-accent'),
          borderRadius: 3,
          maxBarThickness: 18,
          yAxisID: 'y',
        },
        {
          type: 'line',
          label: '支付订单数',
          data: days.map((d) => d.orders),
          borderColor: themeColour('info-bright'),
          backgroundColor: themeColour('info-bright'),
          pointRadius: 2,
          yAxisID: 'y1',
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'top', align: 'end', labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: { callbacks: { title: (items) => days[items[0]?.dataIndex ?? 0]?.date ?? '' } },
      },
      scales: {
        x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12, color: themeColour('ink-mute') } },
        y: {
          beginAtZero: true,
          position: 'left',
          ticks: { color: themeColour('ink-mute'), callback: (v) => `¥${v}` },
          grid: { color: themeColour('surface-tag') },
        },
        y1: { beginAtZero: true, position: 'right', ticks: { color: themeColour('ink-mute'), precision: 0 }, grid: { display: false } },
      },
    },
  });
  return () => chart.destroy();
}
