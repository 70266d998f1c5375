import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CirclePost } from '~/lib/api/contract/circle';
import { CIRCLE_TEXTS } from '~/lib/rules/circle';
import { createFeed, type FeedSource } from '~/lib/stores/circle';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';
import { PostCard } from './PostCard';

/**
 * An endless feed of posts: the server-rendered first page (when given), then pages by cursor as
 * the reader nears the end (a button does the same for keyboards). Guests see the page as
 * rendered; a member's likes are filled in after hydration.
 */
export default function CircleFeed(props: {
  source: FeedSource;
  first?: { list: CirclePost[]; next_cursor: number | null } | undefined;
  /** A shared post shown above the feed with its comments open. */
  pinned?: CirclePost | null;
  q?: string | undefined;
  empty?: string;
  emptyAction?: [string, string];
  /** What a guest is told instead of `empty` (the 关注 tab needs a login). */
  guestEmpty?: string | undefined;
}) {
  const [feed] = useState(() => createFeed(props.source, props.first));
  const [pinned, setPinned] = useState(props.pinned ?? null);
  const s = useStore(feed.$feed);
  const { ready, user } = useSession();
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!s.ready) void feed.more();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed]);
  useEffect(() => {
    if (ready && user) void feed.fillLiked();
  }, [ready, user, feed]);
  useEffect(() => {
    const el = end.current;
    if (!el) return;
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && void feed.more(), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [feed]);

  const list = pinned ? s.list.filter((p) => p.id !== pinned.id) : s.list;
  return (
    <div className="space-y-4" data-testid="circle-feed">
      {pinned && <PostCard post={pinned} openComments onChange={(c) => setPinned({ ...pinned, ...c })} onDeleted={() => setPinned(null)} />}
      {list.map((p) => (
        <PostCard key={p.id} post={p} q={props.q} onChange={(c) => feed.patch(p.id, c)} onDeleted={() => feed.drop(p.id)} />
      ))}
      {s.ready && list.length === 0 && !pinned && !s.error && (
        <div className="gf-card flex flex-col items-center py-16 text-ink-mute" data-testid="circle-empty">
          <span className="i-ri-chat-smile-3-line text-5xl text-placeholder-soft" />
          <p className="mt-3 text-sm">{!user && props.guestEmpty ? props.guestEmpty : (props.empty ?? CIRCLE_TEXTS.feedEmpty)}</p>
          {!user && props.guestEmpty ? (
            <button type="button" className="gf-btn-primary mt-4 h-9 px-6 text-sm" disabled={!ready} onClick={openLogin}>
              登录
            </button>
          ) : (
            props.emptyAction && (
              <a href={props.emptyAction[1]} className="gf-btn-primary mt-4 h-9 px-6 text-sm leading-9">
                {props.emptyAction[0]}
              </a>
            )
          )}
        </div>
      )}
      <div ref={end} aria-live="polite" className="py-2 text-center text-sm text-ink-mute">
        {s.error ? (
          <>
            <span className="text-danger-strong">{s.error}</span>
            <button type="button" className="ml-2 text-brand" onClick={() => void feed.more()}>
              重试
            </button>
          </>
        ) : s.loading ? (
          <span>
            <span className="i-ri-loader-4-line mr-1 animate-spin align-[-2px]" />
            加载中…
          </span>
        ) : s.ready && s.next === null ? (
          list.length > 0 && CIRCLE_TEXTS.end
        ) : (
          s.ready && (
            <button type="button" className="text-ink-soft hover:text-brand" onClick={() => void feed.more()}>
              加载更多
            </button>
          )
        )}
      </div>
    </div>
  );
}
