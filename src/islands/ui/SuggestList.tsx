import { useStore } from '@nanostores/react';
import { SEARCH_KIND_LABEL } from '~/lib/rules/search';
import type { SuggestBox, SuggestRow } from '~/lib/stores/search-suggest';

const GROUPS = [
  { from: 'suggest', label: '搜索建议' },
  { from: 'recent', label: '最近搜索' },
  { from: 'hot', label: '热门搜索' },
] as const;

/**
 * The dropdown under a search box (desktop header and phone search page): suggestions while typing
 * (each with the tab it opens), or 最近搜索 (with 清空) and 热门搜索 while the box is empty. One
 * listbox for the arrow keys; the input points at the highlighted option (aria-activedescendant).
 */
export function SuggestList(props: { box: SuggestBox; id: string; onPick: (row: SuggestRow) => void; phone?: boolean }) {
  const s = useStore(props.box.$state);
  if (!s.open || !s.rows.length) return null;
  const row = props.phone ? 'min-h-11 px-4 text-[15px]' : 'h-9 px-4 text-sm';
  const head = `flex items-center justify-between text-xs text-ink-mute ${props.phone ? 'h-9 px-4' : 'h-7 px-4'}`;
  return (
    <div
      className={
        props.phone
          ? 'absolute inset-x-0 top-full z-40 border-b border-line bg-white pb-1 shadow-lg'
          : 'absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-line bg-white py-1 shadow-lg'
      }
      data-testid="suggest-list"
    >
      <div role="listbox" id={props.id} aria-label={s.q ? '搜索建议' : '最近与热门搜索'}>
        {GROUPS.map((g) => {
          const rows = s.rows.filter((r) => r.from === g.from);
          if (!rows.length) return null;
          return (
            <div key={g.from} role="group" aria-label={g.label}>
              {g.from !== 'suggest' && (
                <div className={head}>
                  <span aria-hidden="true">{g.label}</span>
                  {g.from === 'recent' && (
                    <button
                      type="button"
                      className={`text-ink-soft hover:text-brand ${props.phone ? 'min-h-9 px-2' : ''}`}
                      onMouseDown={(e) => (e.preventDefault(), props.box.clearRecent())}
                    >
                      清空
                    </button>
                  )}
                </div>
              )}
              {rows.map((r) => {
                const i = s.rows.indexOf(r);
                return (
                  <div
                    key={`${r.text}:${r.kind ?? ''}`}
                    id={`${props.id}-${i}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={s.active === i}
                    className={`flex cursor-pointer items-center gap-2 ${row} ${s.active === i ? 'bg-brand-light text-brand' : 'text-ink hover:bg-page'}`}
                    // mousedown, not click: the input keeps the focus until the pick is made.
                    onMouseDown={(e) => (e.preventDefault(), props.onPick(r))}
                    data-testid="suggestion"
                  >
                    <span
                      className={`shrink-0 ${r.from === 'recent' ? 'i-ri-time-line text-ink-mute' : r.from === 'hot' ? 'i-ri-fire-line text-warning' : 'i-ri-search-line text-ink-mute'}`}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1 truncate">{r.text}</span>
                    {r.kind && <span className="shrink-0 text-xs text-ink-mute">{SEARCH_KIND_LABEL[r.kind]}</span>}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
