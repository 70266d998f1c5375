// @ts-check
// The mobile site's quality bar in the bench report: JavaScript on its pages and Lighthouse under phone emulation.
import { num } from './util.mjs';

export const MOBILE_TARGETS = {
  /** JavaScript (brotli) on a mobile page's critical path, and in all. */
  criticalKiB: 15,
  allKiB: 80,
  lighthouse: { performance: 95, accessibility: 95, bestPractices: 100, seo: 100, cls: 0.05 },
  /** Pages held to a lower performance bar: the live list (covers and live state) and 我的. */
  performanceByPage: /** @type {Record<string, number>} */ ({ '/m/live': 90, '/m/my': 90 }),
};

/** Goal rows for the mobile pages of `res.bytes` and for `res.lighthouse`. */
export function mobileGoals(res) {
  const out = [];
  const T = MOBILE_TARGETS;
  const mobile = (res.bytes?.pages ?? []).filter((p) => p.url === '/m' || p.url.startsWith('/m/'));
  if (mobile.length) {
    const crit = Math.max(...mobile.map((p) => p.critical_br ?? 0));
    const all = Math.max(...mobile.map((p) => p.js_br));
    out.push({
      id: 'm_js_critical',
      goal: `mobile pages: JavaScript on the critical path ≤ ${T.criticalKiB} KiB brotli (largest page)`,
      value: `${num(crit / 1024, 1)} KiB`,
      status: crit <= T.criticalKiB * 1024 ? 'PASS' : 'FAIL',
      note: '',
    });
    out.push({
      id: 'm_js_all',
      goal: `mobile pages: JavaScript in all ≤ ${T.allKiB} KiB brotli (largest page)`,
      value: `${num(all / 1024, 1)} KiB`,
      status: all <= T.allKiB * 1024 ? 'PASS' : 'FAIL',
      note: '',
    });
  }
  const L = T.lighthouse;
  for (const p of res.lighthouse?.pages ?? []) {
    const sc = p.scores;
    const perf = T.performanceByPage[p.url] ?? L.performance;
    const ok =
      sc.performance >= perf &&
      sc.accessibility >= L.accessibility &&
      sc['best-practices'] >= L.bestPractices &&
      sc.seo >= L.seo &&
      (p.metrics.cls ?? 0) <= L.cls;
    out.push({
      id: `lh_${p.url}`,
      goal: `Lighthouse mobile ${p.url}: perf ≥ ${perf}, a11y ≥ ${L.accessibility}, BP ${L.bestPractices}, SEO ${L.seo}, CLS ≤ ${L.cls}`,
      value: `${sc.performance} / ${sc.accessibility} / ${sc['best-practices']} / ${sc.seo}, CLS ${Math.round((p.metrics.cls ?? 0) * 1000) / 1000}`,
      status: ok ? 'PASS' : 'FAIL',
      note: ok ? '' : (p.failing ?? []).map((f) => f.id).join(', '),
    });
  }
  if (res.lighthouse?.error) out.push({ id: 'lh', goal: 'Lighthouse mobile', value: '–', status: 'FAIL', note: res.lighthouse.error });
  return out;
}

export const LH_HEAD = [
  'page (Lighthouse mobile)',
  'performance',
  'accessibility',
  'best practices',
  'SEO',
  'LCP ms',
  'TBT ms',
  'CLS',
  'not passed',
];

/** One row per page Lighthouse measured (the median run by performance). */
export const lighthouseRows = (res) =>
  (res.lighthouse?.pages ?? []).map((p) => [
    p.url,
    num(p.scores.performance),
    num(p.scores.accessibility),
    num(p.scores['best-practices']),
    num(p.scores.seo),
    num(p.metrics.lcp_ms),
    num(p.metrics.tbt_ms),
    p.metrics.cls === undefined ? '–' : String(Math.round(p.metrics.cls * 1000) / 1000),
    (p.failing ?? []).map((f) => f.id).join(', ') || '–',
  ]);
