// @ts-check
// The growth tables of the bench report: catalogue searches and deep lists, and the site search with its suggestions.
import { num } from './util.mjs';

/** A ratio as `1.23×` (`–` when not measured). */
export const times = (x) => (Number.isFinite(x) ? `${x < 0.1 ? x.toFixed(3) : x.toFixed(2)}×` : '–');

export const GROWTH_HEAD = ['engine', 'case', 'p50 1k ms', 'p99 1k ms', 'p50 100k ms', 'p99 100k ms', 'p99 ratio', 'GC 1k / 100k'];
/** The site search's sizes are per engine (the intro names them). */
export const GROWTH_SITE_HEAD = [
  'engine',
  'case',
  'p50 small ms',
  'p99 small ms',
  'p50 large ms',
  'p99 large ms',
  'p99 ratio',
  'GC small / large',
];
/** The catalogue's cases (`group` lists, or none: runs before the site search's cases) or the site search's. */
export const isSiteSearch = (c) => c.group === 'suggest' || c.group === 'search';
export function growthRows(res, site = false) {
  const rows = [];
  for (const e of res.growth?.engines ?? []) {
    if (e.error && !site) rows.push([e.engine, `error: ${e.error}`, '', '', '', '', '', '']);
    for (const c of (e.cases ?? []).filter((x) => isSiteSearch(x) === site))
      rows.push([
        e.engine,
        c.name,
        num(c.small?.p50, 1),
        num(c.small?.p99, 1),
        num(c.large?.p50, 1),
        num(c.large?.p99, 1),
        times(c.ratio_p99),
        c.small?.gc === undefined ? '–' : `${num(c.small.gc)} / ${num(c.large?.gc)}`,
      ]);
  }
  return rows;
}

/** When and on what each engine's site-search figures were measured, and what building the index took. */
export function growthSiteIntro(res) {
  return (res.growth?.engines ?? [])
    .filter((e) => (e.cases ?? []).some(isSiteSearch))
    .map((e) => {
      const b = e.builds?.large;
      const built = b
        ? `; the ${num(e.large_rows)}-row index (${num(b.entries)} entries, ${num(b.postings)} postings) drained from the trigger queue in ${num(b.index_s)} s`
        : '';
      return `- ${e.engine}: ${e.date ? e.date.slice(0, 16).replace('T', ' ') + ' UTC' : '–'}, commit \`${e.commit || '–'}\`, load average ${(e.loadavg ?? []).join(' / ') || '–'} at the end; ${num(e.small_rows)} vs ${num(e.large_rows)} rows of every kind${built}.`;
    })
    .join('\n');
}
