import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { InfiniteList as List } from '~/lib/stores/infinite';

/** How far the list must be pulled (px) before letting go refreshes it. */
const PULL = 64;

/**
 * A mobile list: items rendered by `item`, the next page when the end scrolls into view, 下拉刷新
 * when pulled down from the top, and the loading / failed / empty / 没有更多了 states.
 */
export function InfiniteList<T, Q>(props: {
  list: List<T, Q>;
  item: (item: T, index: number) => ReactNode;
  /** A stable key for an item. */
  keyOf: (item: T) => string | number;
  emptyText: string;
  emptyIcon?: string;
  /** Classes of the element holding the items (a grid, a divided column). */
  className?: string;
}) {
  const { list } = props;
  const s = useStore(list.$list);
  const end = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);

  useEffect(() => {
    if (s.page === 0 && !s.loading && !s.error) void list.more();
  }, [s.page, s.loading, s.error, list]);

  useEffect(() => {
    const el = end.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void list.more(), {
      rootMargin: '400px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [list]);

  // Pull to refresh: a touch that starts at the very top and drags down.
  useEffect(() => {
    let start: number | null = null;
    let dist = 0;
    const down = (e: TouchEvent) => {
      start = window.scrollY <= 0 ? (e.touches[0]?.clientY ?? null) : null;
      dist = 0;
    };
    const move = (e: TouchEvent) => {
      if (start === null) return;
      dist = Math.max(0, Math.min(PULL * 1.5, (e.touches[0]?.clientY ?? start) - start));
      setPull(dist);
    };
    const up = () => {
      if (start !== null && dist >= PULL) void list.refresh();
      start = null;
      setPull(0);
    };
    window.addEventListener('touchstart', down, { passive: true });
    window.addEventListener('touchmove', move, { passive: true });
    window.addEventListener('touchend', up);
    return () => {
      window.removeEventListener('touchstart', down);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', up);
    };
  }, [list]);

  const finished = s.page > 0 && s.items.length >= s.total;
  return (
    <div>
      {(pull > 0 || s.refreshing) && (
        <p
          className="flex items-center justify-center text-xs text-ink-mute"
          style={{ height: s.refreshing ? 40 : pull }}
          aria-live="polite"
        >
          {s.refreshing ? '正在刷新…' : pull >= PULL ? '松开刷新' : '下拉刷新'}
        </p>
      )}
      {s.items.length > 0 && (
        <div className={props.className} data-testid="m-list">
          {s.items.map((it, i) => (
            <div key={props.keyOf(it)} className="contents">
              {props.item(it, i)}
            </div>
          ))}
        </div>
      )}
      {finished && s.items.length === 0 && !s.error && (
        <div className="flex flex-col items-center gap-3 py-16 text-ink-mute">
          <span className={`${props.emptyIcon ?? 'i-ri-inbox-line'} text-5xl text-placeholder`} aria-hidden="true" />
          <p className="text-sm">{props.emptyText}</p>
        </div>
      )}
      <div ref={end} className="py-4 text-center text-xs text-ink-mute">
        {s.error ? (
          <button type="button" className="min-h-11 px-4 text-danger" onClick={() => void list.more()}>
            {s.error}，点击重试
          </button>
        ) : s.loading && !s.refreshing ? (
          '加载中…'
        ) : finished && s.items.length > 0 ? (
          '没有更多了'
        ) : null}
      </div>
    </div>
  );
}
