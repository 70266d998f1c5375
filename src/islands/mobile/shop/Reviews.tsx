import { useState } from 'react';
import { errorText } from '~/lib/api/client';
import type { Review, ReviewSummary } from '~/lib/api/contract/review';
import { formatDate } from '~/lib/format';
import { img } from '~/lib/media';
import { REVIEW_TEXTS, starAverage, type ReviewKind } from '~/lib/rules/review';
import { fetchReviews } from '~/lib/stores/review';

const PAGE = 10;

function Stars({ n }: { n: number }) {
  return (
    <span className="inline-flex text-xs text-star" aria-label={`${n} 星`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} className={i <= n ? 'i-ri-star-fill' : 'i-ri-star-line text-star-empty'} />
      ))}
    </span>
  );
}

/**
 * 用户评价 on a mobile detail page: the average, then reviews newest first — the first page as the
 * server rendered it, 查看更多评价 for the next (a picture opens full size in the browser).
 */
export default function Reviews(props: {
  kind: ReviewKind;
  id: number;
  first: { list: Review[]; total: number; summary: ReviewSummary };
  media: string;
}) {
  const [list, setList] = useState(props.first.list);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const s = props.first.summary;

  async function more() {
    setBusy(true);
    try {
      const r = await fetchReviews({ kind: props.kind, id: props.id, page: page + 1, limit: PAGE });
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
    <section className="mt-2 bg-white px-4 py-3" aria-labelledby="m-reviews" data-testid="reviews">
      <h2 id="m-reviews" className="flex items-center gap-2 text-base font-600">
        用户评价 <span className="text-sm font-400 text-ink-mute">({s.count})</span>
        {s.count > 0 && (
          <span className="ml-auto text-sm font-400 text-ink-soft">
            <b className="text-brand" data-testid="review-average">
              {starAverage(s.average)}
            </b>{' '}
            分
          </span>
        )}
      </h2>
      {s.count === 0 ? (
        <p className="py-6 text-center text-sm text-ink-mute">{REVIEW_TEXTS.empty}</p>
      ) : (
        <ul className="divide-y divide-line">
          {list.map((r) => (
            <li key={r.id} className="py-3" data-testid="review">
              <p className="flex items-center gap-2 text-sm">
                <img
                  src={img(r.user.avatar, props.media)}
                  alt=""
                  width={28}
                  height={28}
                  loading="lazy"
                  className="h-7 w-7 rounded-full bg-surface-grey object-cover"
                />
                <span className="min-w-0 truncate font-500">{r.user.nick}</span>
                <Stars n={r.stars} />
                <span className="ml-auto shrink-0 text-xs text-ink-mute">{formatDate(r.created_at)}</span>
              </p>
              {r.specs && <p className="mt-1 text-xs text-ink-mute">{r.specs}</p>}
              {r.content && <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-6">{r.content}</p>}
              {r.images.length > 0 && (
                <ul className="mt-2 grid grid-cols-4 gap-1.5">
                  {r.images.map((src, i) => (
                    <li key={`${src}-${i}`}>
                      <a href={img(src, props.media)} target="_blank" rel="noopener" aria-label={`查看评价图片 ${i + 1}`}>
                        <img
                          src={img(src, props.media)}
                          alt=""
                          loading="lazy"
                          className="aspect-square w-full rounded bg-surface-grey object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="py-2 text-center text-sm text-danger">
          {error}
        </p>
      )}
      {list.length < props.first.total && (
        <button type="button" disabled={busy} onClick={() => void more()} className="min-h-11 w-full text-center text-sm text-ink-soft">
          {busy ? '加载中…' : error ? '重试' : '查看更多评价'}
        </button>
      )}
    </section>
  );
}
