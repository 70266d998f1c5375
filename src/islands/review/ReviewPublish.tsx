import { useState } from 'react';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { REVIEW_LIMITS, REVIEW_TEXTS, STAR_TEXT } from '~/lib/rules/review';
import { check } from '~/lib/stores/action';
import { uploadImage } from '~/lib/stores/account';
import { fetchOrderReviewInfo, publishOrderReview } from '~/lib/stores/review';
import { useAction } from '../ui/useAction';
import { ImageTiles } from '../ui/ImageTiles';
import { useLoad } from '../ui/useLoad';
import { Stars } from './ReviewList';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';

type Draft = { stars: number; content: string; images: string[] };
const DETAIL = { goods: '/shop/goodsDetail', course: '/train/courseDetail', class: '/train/classDetail' } as const;

/**
 * /my/order/publish?id=: the member reviews each line of a completed order — stars, words and up to
 * six pictures. Lines already reviewed show their review; the rest are sent together.
 */
export default function ReviewPublish(props: { orderId: number | null; mobile?: boolean }) {
  return (
    <MemberOnly>
      {props.orderId ? (
        <Publish orderId={props.orderId} links={props.mobile ? MOBILE_LINKS : DESKTOP_LINKS} />
      ) : (
        <p className="py-16 text-center text-sm text-ink-mute">订单不存在</p>
      )}
    </MemberOnly>
  );
}

/** Where a reviewed line and 返回我的订单 lead: the desktop's pages, or (/m/my/review) the phone's. */
type Links = { detail: Record<'goods' | 'course' | 'class', string>; orders: (kind: string) => string };
const DESKTOP_LINKS: Links = { detail: DETAIL, orders: (kind) => `/my/order/${kind}` };
const MOBILE_LINKS: Links = {
  detail: { goods: MOBILE_PATHS.goodsDetail, course: MOBILE_PATHS.courseDetail, class: MOBILE_PATHS.classDetail },
  orders: (kind) => `${MOBILE_PATHS.orders}?kind=${kind}`,
};

function Publish(props: { orderId: number; links: Links }) {
  const info = useLoad(() => fetchOrderReviewInfo({ order_id: props.orderId }));
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const send = useAction();
  const upload = useAction();
  if (info.error && !info.data) return <LoadFailed load={info} back={['返回我的订单', props.links.orders('goods')]} />;
  if (!info.data) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  const d = info.data;
  const open = d.items.filter((it) => !it.review);
  const draftOf = (id: number): Draft => drafts[id] ?? { stars: 0, content: '', images: [] };
  const set = (id: number, change: Partial<Draft>) => setDrafts((all) => ({ ...all, [id]: { ...draftOf(id), ...change } }));

  return (
    <form
      data-testid="review-publish"
      onSubmit={(e) => {
        e.preventDefault();
        void send
          .run(
            async () => {
              check(d.completed_at ? null : REVIEW_TEXTS.notCompleted, 'warning');
              check(open.every((it) => draftOf(it.item_id).stars > 0) ? null : REVIEW_TEXTS.starsNeeded, 'warning');
              return publishOrderReview({
                order_id: d.order_id,
                items: open.map((it) => ({ item_id: it.item_id, ...draftOf(it.item_id), content: draftOf(it.item_id).content.trim() })),
              });
            },
            { done: REVIEW_TEXTS.done },
          )
          .then((r) => r && info.reload());
      }}
    >
      <h1 className="mb-1 text-lg font-600">评价订单</h1>
      <p className="mb-5 border-b border-line pb-4 text-xs text-ink-mute">订单号 {d.order_no}</p>
      {!d.completed_at && <p className="mb-4 rounded bg-warning-note px-3 py-2 text-sm text-warning-ink">{REVIEW_TEXTS.notCompleted}</p>}
      <ul className="space-y-5">
        {d.items.map((it) => {
          const dr = draftOf(it.item_id);
          return (
            <li key={it.item_id} className="rounded-lg border border-line p-5" data-testid="review-item">
              <a href={`${props.links.detail[d.kind]}?id=${it.target_id}`} className="flex items-center gap-3 hover:text-brand">
                <img src={img(it.cover)} alt="" className="h-14 w-14 rounded object-cover" />
                <span>
                  <span className="block text-[15px]">{it.title}</span>
                  {it.specs && <span className="text-xs text-ink-mute">{it.specs}</span>}
                </span>
              </a>
              {it.review ? (
                <div className="mt-3 text-sm">
                  <Stars n={it.review.stars} />
                  <span className="ml-2 text-xs text-ink-mute">已评价</span>
                  {it.review.content && <p className="mt-1 leading-6">{it.review.content}</p>}
                </div>
              ) : (
                <div className="mt-4 space-y-3">
                  <div className="flex items-center gap-3 text-sm" role="radiogroup" aria-label={`${it.title} 评分`}>
                    <span className="text-ink-soft">评分</span>
                    <span className="inline-flex text-2xl">
                      {[1, 2, 3, 4, 5].map((n) => (
                        <button
                          key={n}
                          type="button"
                          role="radio"
                          aria-checked={dr.stars === n}
                          aria-label={`${n} 星`}
                          onClick={() => set(it.item_id, { stars: n })}
                          className={n <= dr.stars ? 'i-ri-star-fill text-star' : 'i-ri-star-line text-star-off hover:text-star'}
                        />
                      ))}
                    </span>
                    <span className="text-xs text-ink-mute">{STAR_TEXT[dr.stars]}</span>
                  </div>
                  <textarea
                    aria-label={`${it.title} 评价内容`}
                    placeholder="说说你的学习或使用感受，帮助其他练友做选择"
                    maxLength={REVIEW_LIMITS.contentMax}
                    value={dr.content}
                    onChange={(e) => set(it.item_id, { content: e.target.value })}
                    className="h-24 w-full resize-none rounded border border-line px-3 py-2 text-sm outline-none focus:border-brand-accent"
                  />
                  <ImageTiles
                    paths={dr.images}
                    max={REVIEW_LIMITS.imagesMax}
                    busy={upload.busy}
                    size="sm"
                    label={`${it.title} 晒图`}
                    addText="晒图"
                    onRemove={(p) => set(it.item_id, { images: dr.images.filter((x) => x !== p) })}
                    onPick={([f]) =>
                      f &&
                      void upload
                        .run(() => uploadImage(f, 'review'))
                        .then((r) => r && set(it.item_id, { images: [...draftOf(it.item_id).images, r.path] }))
                    }
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {open.length > 0 ? (
        <button type="submit" className="gf-btn-primary mt-6 h-10 w-40" disabled={send.busy || upload.busy || !d.completed_at}>
          {send.busy ? '提交中…' : '提交评价'}
        </button>
      ) : (
        <p className="mt-6 text-sm text-ink-soft">
          全部已评价，感谢你的分享。
          <a href={props.links.orders(d.kind)} className="ml-2 text-brand">
            返回我的订单
          </a>
        </p>
      )}
    </form>
  );
}
