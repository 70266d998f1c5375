import { useState } from 'react';
import type { CirclePost } from '~/lib/api/contract/circle';
import { img } from '~/lib/media';
import { circleTime } from '~/lib/rules/circle-text';
import { deletePost, sharePost, toggleLike } from '~/lib/stores/circle';
import ReportButton from '../catalogue/ReportButton';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';
import { Comments } from './Comments';
import { Lightbox } from './Lightbox';
import { PostText } from './PostText';

const KIND_BADGE = { coach: '教练', shop: '店铺', member: '' } as const;

/** One post in a feed: author, text, image grid with lightbox, tags, and like / comment / share / report or delete. */
export function PostCard(props: {
  post: CirclePost;
  q?: string | undefined;
  openComments?: boolean;
  onChange: (change: Partial<CirclePost>) => void;
  onDeleted: () => void;
}) {
  const { post: p } = props;
  const { user } = useSession();
  const mine = user?.user_id === p.author.user_id;
  const [comments, setComments] = useState(Boolean(props.openComments));
  const [view, setView] = useState<number | null>(null);
  const like = useAction();
  const del = useAction();
  const n = p.images.length;

  return (
    <article className="gf-card px-6 py-5" data-testid="circle-post" data-post-id={p.id}>
      <header className="flex items-center gap-3">
        <a href={p.author.home} aria-label={`${p.author.nick}的主页`}>
          <img src={img(p.author.avatar)} alt="" width="44" height="44" className="h-11 w-11 rounded-full object-cover" />
        </a>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 leading-7">
            <a href={p.author.home} className="truncate text-[15px] font-600 text-ink hover:text-brand" data-testid="circle-author">
              {p.author.nick}
            </a>
            {KIND_BADGE[p.author.kind] && (
              <span className="rounded bg-brand-accent/10 px-1.5 text-xs text-brand">{KIND_BADGE[p.author.kind]}</span>
            )}
          </p>
          <p className="mt-0.5 text-xs text-ink-mute">
            <time dateTime={p.created_at} suppressHydrationWarning>
              {circleTime(p.created_at)}
            </time>
            {p.city && (
              <span className="ml-3">
                <span className="i-ri-map-pin-line mr-0.5 align-[-2px]" />
                {p.city}
              </span>
            )}
          </p>
        </div>
      </header>
      {p.content && (
        <PostText
          text={p.content}
          mentions={p.mentions}
          q={props.q}
          className="mt-3 whitespace-pre-wrap break-words text-[15px] leading-7 text-ink"
        />
      )}
      {p.video && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- members' clips carry no caption files
        <video
          src={img(p.video.url)}
          poster={p.video.poster ? img(p.video.poster) : undefined}
          controls
          preload="none"
          playsInline
          className="mt-3 max-h-[420px] max-w-[560px] rounded bg-black"
          data-testid="circle-video-player"
        />
      )}
      {n > 0 && (
        <ul
          className={`mt-3 grid gap-1.5 ${n === 1 ? 'grid-cols-1' : n === 2 || n === 4 ? 'w-full max-w-[366px] grid-cols-2' : 'w-full max-w-[552px] grid-cols-3'}`}
        >
          {p.thumbs.map((t, i) => (
            <li key={`${t}-${i}`}>
              <button
                type="button"
                className="block overflow-hidden rounded"
                aria-label={`查看第 ${i + 1} 张图片`}
                onClick={() => setView(i)}
              >
                {n === 1 ? (
                  <img
                    src={img(p.images[0])}
                    alt=""
                    loading="lazy"
                    className="max-h-[360px] max-w-[min(360px,100%)] rounded object-cover"
                  />
                ) : (
                  <img src={img(t)} alt="" loading="lazy" width="180" height="180" className="aspect-square h-full w-full object-cover" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {p.tags.length > 0 && (
        <p className="mt-3 flex flex-wrap gap-1.5">
          {p.tags.map((t) => (
            <a
              key={t}
              href={`/friendSearch?q=${encodeURIComponent(t)}`}
              className="rounded-full bg-surface-grey px-2.5 py-0.5 text-xs text-ink-soft hover:text-brand"
            >
              #{t}
            </a>
          ))}
        </p>
      )}
      <footer className="mt-4 flex items-center gap-7 text-sm text-ink-soft">
        <button
          type="button"
          aria-pressed={p.is_like === 1}
          aria-label={`点赞（${p.likes}）`}
          disabled={like.busy}
          data-testid="circle-like"
          onClick={() => void like.run(() => toggleLike(p)).then((r) => r && props.onChange(r))}
          className={`inline-flex items-center gap-1 ${p.is_like ? 'text-brand' : 'hover:text-brand'}`}
        >
          <span className={p.is_like ? 'i-ri-thumb-up-fill' : 'i-ri-thumb-up-line'} />
          {p.likes > 0 ? p.likes : '点赞'}
        </button>
        <button
          type="button"
          aria-expanded={comments}
          aria-label={`评论（${p.comments}）`}
          data-testid="circle-comment-toggle"
          onClick={() => setComments((v) => !v)}
          className="inline-flex items-center gap-1 hover:text-brand"
        >
          <span className="i-ri-chat-3-line" />
          {p.comments > 0 ? p.comments : '评论'}
        </button>
        <button
          type="button"
          aria-label="分享"
          onClick={() => void sharePost(p.id)}
          className="inline-flex items-center gap-1 hover:text-brand"
        >
          <span className="i-ri-share-forward-line" />
          分享
        </button>
        <span className="ml-auto">
          {mine ? (
            <button
              type="button"
              disabled={del.busy}
              className="hover:text-danger-strong"
              onClick={() => {
                if (confirm('删除这条动态？删除后不可恢复'))
                  void del.run(() => deletePost(p.id), { done: '删除成功' }).then((r) => r !== undefined && props.onDeleted());
              }}
            >
              删除
            </button>
          ) : (
            <ReportButton type="post" id={p.id} />
          )}
        </span>
      </footer>
      {comments && (
        <Comments postId={p.id} postOwner={p.author.user_id} onCount={(d) => props.onChange({ comments: Math.max(0, p.comments + d) })} />
      )}
      {view !== null && <Lightbox images={p.images} index={view} onIndex={setView} onClose={() => setView(null)} />}
    </article>
  );
}
