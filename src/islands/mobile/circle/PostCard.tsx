import { useState } from 'react';
import { PostText } from '~/islands/circle/PostText';
import { useSession } from '~/islands/chrome/useSession';
import { ActionSheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import type { CirclePost } from '~/lib/api/contract/circle';
import { img } from '~/lib/media';
import { CIRCLE_TEXTS } from '~/lib/rules/circle';
import { circleTime } from '~/lib/rules/circle-text';
import { MOBILE_PATHS, toMobileHref } from '~/lib/rules/mobile-redirect';
import { deletePost, toggleLike } from '~/lib/stores/circle';
import ShareButton from '../ShareButton';
import { PhotoViewer } from './PhotoViewer';
import { ReportSheet } from './ReportSheet';

const KIND_BADGE = { coach: '教练', shop: '店铺', member: '' } as const;

/** Text that the feed's six lines may cut: a 全文 link opens the post. */
const longText = (t: string) => t.length > 120 || t.split('\n').length > 6;

export const postHref = (id: number) => `${MOBILE_PATHS.circlePost}?id=${id}`;
export const searchHref = (q: string) => `${MOBILE_PATHS.circleSearch}?q=${encodeURIComponent(q)}`;

/**
 * One 功夫圈 post on a phone: author (→ their homepage), text, photos in a 3-column grid (one photo
 * larger) opening the swipe viewer, or the video; tags (→ search); 点赞, 评论 (→ the post's page),
 * 分享, and ··· for 举报 or, on one's own post, 删除.
 */
export function PostCard(props: {
  post: CirclePost;
  /** On the post's own page: the whole text, and 评论 calls `onComment` instead of opening the page. */
  detail?: boolean;
  q?: string | undefined;
  onComment?: () => void;
  onChange: (change: Partial<CirclePost>) => void;
  onDeleted: () => void;
}) {
  const { post: p } = props;
  const { user } = useSession();
  const mine = user?.user_id === p.author.user_id;
  const [view, setView] = useState<number | null>(null);
  const [menu, setMenu] = useState(false);
  const [report, setReport] = useState(false);
  const like = useAction();
  const del = useAction();
  const n = p.images.length;
  const home = toMobileHref(p.author.home);
  const mentions = p.mentions.map((m) => ({ nick: m.nick, home: toMobileHref(m.home) }));
  const footBtn = 'inline-flex h-11 flex-1 items-center justify-center gap-1 text-sm';

  return (
    <article className="bg-white px-4 pb-1 pt-4" data-testid="circle-post" data-post-id={p.id}>
      <header className="flex items-center gap-3">
        <a href={home} aria-label={`${p.author.nick}的主页`} className="shrink-0">
          <img src={img(p.author.avatar)} alt="" width="40" height="40" className="h-10 w-10 rounded-full bg-surface-grey object-cover" />
        </a>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5">
            <a href={home} className="truncate text-[15px] font-600 text-ink" data-testid="circle-author">
              {p.author.nick}
            </a>
            {KIND_BADGE[p.author.kind] && (
              <span className="shrink-0 rounded bg-brand-light px-1.5 text-xs text-brand-dark">{KIND_BADGE[p.author.kind]}</span>
            )}
          </p>
          <p className="text-xs text-ink-mute">
            <time dateTime={p.created_at} suppressHydrationWarning>
              {circleTime(p.created_at)}
            </time>
            {p.city && (
              <span className="ml-2">
                <span className="i-ri-map-pin-line mr-0.5 align-[-2px]" aria-hidden="true" />
                {p.city}
              </span>
            )}
          </p>
        </div>
        <button
          type="button"
          aria-label="更多操作"
          className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center text-ink-mute"
          onClick={() => setMenu(true)}
        >
          <span className="i-ri-more-fill text-xl" aria-hidden="true" />
        </button>
      </header>
      {p.content && (
        <PostText
          text={p.content}
          mentions={mentions}
          q={props.q}
          className={`mt-2 whitespace-pre-wrap break-words text-ink ${props.detail ? 'text-base leading-7' : 'line-clamp-6 text-[15px] leading-6'}`}
        />
      )}
      {!props.detail && longText(p.content) && (
        <a href={postHref(p.id)} className="inline-flex min-h-8 items-center text-sm text-info-link">
          全文
        </a>
      )}
      {p.video && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- members' clips carry no caption files
        <video
          src={img(p.video.url)}
          poster={p.video.poster ? img(p.video.poster) : undefined}
          controls
          preload="none"
          playsInline
          className="mt-2 aspect-video w-full rounded-lg bg-black"
          data-testid="circle-video-player"
        />
      )}
      {n > 0 && (
        <ul className={`mt-2 grid gap-1 ${n === 1 ? 'grid-cols-1' : 'grid-cols-3'}`} data-testid="circle-photos">
          {p.thumbs.map((t, i) => (
            <li key={`${t}-${i}`}>
              <button
                type="button"
                className="block w-full overflow-hidden rounded-md bg-surface-grey"
                aria-label={`查看第 ${i + 1} 张图片`}
                onClick={() => setView(i)}
              >
                {n === 1 ? (
                  <img src={img(p.images[0])} alt="" loading="lazy" className="max-h-72 max-w-[75%] rounded-md object-cover" />
                ) : (
                  <img src={img(t)} alt="" loading="lazy" width="120" height="120" className="aspect-square h-full w-full object-cover" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {p.tags.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-1.5">
          {p.tags.map((t) => (
            <a
              key={t}
              href={searchHref(t)}
              className="inline-flex min-h-8 items-center rounded-full bg-surface-grey px-3 text-xs text-ink-soft"
            >
              #{t}
            </a>
          ))}
        </p>
      )}
      <footer className="mt-1 flex items-center border-t border-line text-ink-soft">
        <button
          type="button"
          aria-pressed={p.is_like === 1}
          aria-label={`点赞（${p.likes}）`}
          disabled={like.busy}
          data-testid="circle-like"
          onClick={() => void like.run(() => toggleLike(p)).then((r) => r && props.onChange(r))}
          className={`${footBtn} ${p.is_like ? 'text-brand' : ''}`}
        >
          <span className={p.is_like ? 'i-ri-thumb-up-fill text-lg' : 'i-ri-thumb-up-line text-lg'} aria-hidden="true" />
          {p.likes > 0 ? p.likes : '点赞'}
        </button>
        {props.detail ? (
          <button type="button" className={footBtn} aria-label={`评论（${p.comments}）`} onClick={props.onComment}>
            <span className="i-ri-chat-3-line text-lg" aria-hidden="true" />
            {p.comments > 0 ? p.comments : '评论'}
          </button>
        ) : (
          <a href={postHref(p.id)} className={footBtn} aria-label={`评论（${p.comments}）`} data-testid="circle-comment-link">
            <span className="i-ri-chat-3-line text-lg" aria-hidden="true" />
            {p.comments > 0 ? p.comments : '评论'}
          </a>
        )}
        <span className="flex flex-1 justify-center">
          <ShareButton label title={`${p.author.nick}的动态`} url={postHref(p.id)} {...(p.images[0] ? { image: p.images[0] } : {})} />
        </span>
      </footer>
      <ActionSheet
        open={menu}
        onClose={() => setMenu(false)}
        actions={
          mine
            ? [
                {
                  label: '删除',
                  danger: true,
                  onSelect: () => {
                    if (confirm('删除这条动态？删除后不可恢复'))
                      void del
                        .run(() => deletePost(p.id), { done: CIRCLE_TEXTS.deleted })
                        .then((r) => r !== undefined && props.onDeleted());
                  },
                },
              ]
            : [{ label: '举报', onSelect: () => setReport(true) }]
        }
      />
      <ReportSheet open={report} onClose={() => setReport(false)} type="post" id={p.id} />
      {view !== null && <PhotoViewer images={p.images} index={view} onClose={() => setView(null)} />}
    </article>
  );
}
