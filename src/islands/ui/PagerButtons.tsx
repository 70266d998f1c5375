/** Client-side paging for island lists: 上一页 / N / 下一页 (hidden for a single page). */
export function PagerButtons(props: { page: number; total: number; limit: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.limit));
  if (pages <= 1) return null;
  const btn = 'gf-btn border border-line bg-white h-8 min-w-8 px-2 text-ink-soft hover:text-brand';
  return (
    <nav aria-label="分页" className="mt-6 flex items-center justify-center gap-2 text-sm">
      <button type="button" className={btn} disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        上一页
      </button>
      <span className="px-2 text-ink-soft">
        {props.page} / {pages}
      </span>
      <button type="button" className={btn} disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        下一页
      </button>
    </nav>
  );
}
