import { useState } from 'react';
import { errorText } from '~/lib/api/client';
import type { Review, ReviewSummary } from '~/lib/api/contract/review';
import { formatDate } from '~/lib/format';
import { img } from '~/lib/media';
import { REVIEW_TEXTS, starAverage, type ReviewKind } from '~/lib/rules/review';
import { fetchReviews } from '~/lib/stores/review';
import { Lightbox } from '../circle/Lightbox';

export function Stars(props: { n: number; size?: string }) {
  return (
    <span className={`inline-flex text-star ${props.size ?? 'text-sm'}`} aria-label={`${props.n} 星`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} className={i <= props.n ? 'i-ri-star-fill' : 'i-ri-star-line text-star-empty'} />
      ))}
    </span>
  );
}

/** Reviews on a course, class or goods page: the average and spread, then reviews newest first (more on demand). */
export default function ReviewList(props: {
  kind: ReviewKind;
  id: number;
  first: { list: Review[]; total: number; summary: ReviewSummary };
  /** The mobile site: a full-width section with phone margins. */
  compact?: boolean;
}) {
  const [list, setList] = useState(props.first.list);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [view, setView] = useState<{ images: string[]; i: number } | null>(null);
  const s = props.first.summary;

  async function more() {
    setBusy(true);
    try {
      const r = await fetchReviews({ kind: props.kind, id: props.id, page: page + 1, limit: 10 });
      setList((l) => [...l, ...r.list.filter((x) => !l.some((y) => y.id === x.id))]);
      setPage(page + 1);
      setError('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={props.compact ? 'bg-white px-3 py-4' : 'gf-card px-8 py-6'} aria-labelledby="reviews-title" data-testid="reviews">
      <h2 id="reviews-title" className="mb-4 border-b border-line pb-3 text-lg font-600">
        用户评价 <span className="text-sm font-400 text-ink-mute">({s.count})</span>
      </h2>
      {s.count === 0 ? (
        <p className="py-6 text-center text-sm text-ink-mute">{REVIEW_TEXTS.empty}</p>
      ) : (
        <>
          <div className={`mb-4 flex items-center rounded bg-surface-soft py-4 ${props.compact ? 'gap-4 px-3' : 'gap-8 px-6'}`}>
            <div className="text-center">
              <p className="text-3xl font-700 text-brand" data-testid="review-average">
                {starAverage(s.average)}
              </p>
              <Stars n={Math.round(s.average)} />
            </div>
            <ul className="flex-1 space-y-1 text-xs text-ink-soft">
              {[5, 4, 3, 2, 1].map((n) => {
                const c = s.stars[n - 1] ?? 0;
                return (
                  <li key={n} className="flex items-center gap-2">
                    <span className="w-8">{n} 星</span>
                    <span className="h-1.5 flex-1 overflow-hidden rounded bg-line">
                      <span className="block h-full bg-star" style={{ width: `${s.count ? (c / s.count) * 100 : 0}%` }} />
                    </span>
                    <span className="w-8 text-right">{c}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <ul className="divide-y divide-line">
            {list.map((r) => (
              <li key={r.id} className="flex gap-3 py-4" data-testid="review">
                <img src={img(r.user.avatar)} alt="" className="h-9 w-9 rounded-full object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-3 text-sm">
                    <span className="font-600">{r.user.nick}</span>
                    <Stars n={r.stars} size="text-xs" />
                    <span className="ml-auto text-xs text-ink-mute">{formatDate(r.created_at)}</span>
                  </p>
                  {r.specs && <p className="mt-0.5 text-xs text-ink-mute">{r.specs}</p>}
                  {r.content && <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-6">{r.content}</p>}
                  {r.images.length > 0 && (
                    <ul className="mt-2 flex gap-2">
                      {r.images.map((src, i) => (
                        <li key={`${src}-${i}`}>
                          <button type="button" aria-label={`查看评价图片 ${i + 1}`} onClick={() => setView({ images: r.images, i })}>
                            <img src={img(src)} alt="" loading="lazy" className="h-16 w-16 rounded object-cover" />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {error && <p className="py-2 text-center text-sm text-danger-strong">{error}</p>}
          {list.length < props.first.total && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void more()}
              className="mt-2 w-full py-2 text-center text-sm text-ink-soft hover:text-brand"
            >
              {busy ? '加载中…' : '查看更多评价'}
            </button>
          )}
        </>
      )}
      {view && <Lightbox images={view.images} index={view.i} onIndex={(i) => setView({ ...view, i })} onClose={() => setView(null)} />}
    </section>
  );
}
