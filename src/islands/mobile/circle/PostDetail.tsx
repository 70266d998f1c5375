import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { PostText } from '~/islands/circle/PostText';
import { useSession } from '~/islands/chrome/useSession';
import { ActionSheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import type { CircleComment, CirclePost } from '~/lib/api/contract/circle';
import { img } from '~/lib/media';
import { CIRCLE_LIMITS, CIRCLE_TEXTS } from '~/lib/rules/circle';
import { circleTime } from '~/lib/rules/circle-text';
import { MOBILE_PATHS, toMobileHref } from '~/lib/rules/mobile-redirect';
import { deleteComment, sendComment } from '~/lib/stores/circle';
import { createCommentList } from '~/lib/stores/circle-phone';
import { PostCard } from './PostCard';
import { ReportSheet } from './ReportSheet';

/**
 * /m/circle/post: the post, its comments with replies beneath their comment (more as the end
 * scrolls into view), and a comment bar fixed at the bottom that rides above the keyboard.
 * A comment's ··· offers 回复, and 删除 to its author and the post's author (else 举报).
 */
export default function PostDetail(props: { post: CirclePost }) {
  const [post, setPost] = useState<CirclePost>(props.post);
  const { ready, user } = useSession();
  const [list] = useState(() => createCommentList(props.post.id));
  const s = useStore(list.$list);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CircleComment | null>(null);
  const [menu, setMenu] = useState<CircleComment | null>(null);
  const [report, setReport] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const send = useAction();
  const remove = useAction();
  const lift = useKeyboardLift();

  useEffect(() => {
    if (s.page === 0 && !s.loading && !s.error) void list.more();
  }, [s.page, s.loading, s.error, list]);
  useEffect(() => {
    const el = end.current;
    if (!el) return;
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && void list.more(), { rootMargin: '300px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [list]);

  const tops = s.items.filter((c) => c.parent_id === null);
  const repliesOf = (id: number) => s.items.filter((c) => c.parent_id === id);
  const canDelete = (c: CircleComment) => Boolean(user && (user.user_id === c.author.user_id || user.user_id === post.author.user_id));
  const count = (d: number) => setPost((p) => ({ ...p, comments: Math.max(0, p.comments + d) }));
  const writeTo = (c: CircleComment | null) => {
    setReplyTo(c);
    input.current?.focus();
  };

  function submit() {
    void send
      .run(() => sendComment(post.id, text, replyTo ?? undefined), { done: CIRCLE_TEXTS.commented })
      .then((c) => {
        if (!c) return;
        const cur = list.$list.get();
        list.$list.set({ ...cur, items: [...cur.items, c], total: cur.total + 1 });
        setText('');
        setReplyTo(null);
        count(1);
        input.current?.blur();
      });
  }
  function drop(c: CircleComment) {
    if (!confirm(c.parent_id === null && repliesOf(c.id).length ? '删除这条评论和它下面的回复？' : '删除这条评论？')) return;
    void remove
      .run(() => deleteComment(c.id), { done: CIRCLE_TEXTS.deleted })
      .then((r) => {
        if (r === undefined) return;
        const cur = list.$list.get();
        const gone = cur.items.filter((x) => x.id === c.id || x.parent_id === c.id).length;
        list.$list.set({
          ...cur,
          items: cur.items.filter((x) => x.id !== c.id && x.parent_id !== c.id),
          total: Math.max(0, cur.total - gone),
        });
        count(-gone);
      });
  }

  const row = (c: CircleComment, reply: boolean) => (
    <li key={c.id} className={`flex gap-2.5 ${reply ? 'py-1.5' : 'py-3'}`} data-testid="circle-comment">
      <a href={toMobileHref(c.author.home)} className="shrink-0" aria-label={`${c.author.nick}的主页`}>
        <img src={img(c.author.avatar)} alt="" className={`${reply ? 'h-7 w-7' : 'h-9 w-9'} rounded-full bg-surface-grey object-cover`} />
      </a>
      <div className="min-w-0 flex-1">
        <div className="flex items-start">
          <button type="button" className="min-w-0 flex-1 text-left" onClick={() => writeTo(c)}>
            <span className="block text-sm text-ink-soft">
              <span className="font-600 text-ink">{c.author.nick}</span>
              {c.reply_to && (
                <>
                  <span className="mx-1 text-ink-mute">回复</span>
                  <span className="font-600 text-ink">{c.reply_to.nick}</span>
                </>
              )}
            </span>
            <PostText text={c.content} className="mt-0.5 whitespace-pre-wrap break-words text-[15px] leading-6 text-ink" />
            <time className="mt-0.5 block text-xs text-ink-mute" dateTime={c.created_at} suppressHydrationWarning>
              {circleTime(c.created_at)}
            </time>
          </button>
          <button
            type="button"
            aria-label="评论操作"
            className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center text-ink-mute"
            onClick={() => setMenu(c)}
          >
            <span className="i-ri-more-fill" aria-hidden="true" />
          </button>
        </div>
        {!reply && repliesOf(c.id).length > 0 && (
          <ul className="mt-1 rounded-lg bg-surface-grey px-3">{repliesOf(c.id).map((r) => row(r, true))}</ul>
        )}
      </div>
    </li>
  );

  return (
    <>
      <PostCard
        post={post}
        detail
        onComment={() => writeTo(null)}
        onChange={(c) => setPost({ ...post, ...c })}
        onDeleted={() => location.assign(MOBILE_PATHS.circle)}
      />
      <section className="mt-2 bg-white px-4 pb-2" aria-labelledby="circle-comments-title" data-testid="circle-comments">
        <h2 id="circle-comments-title" className="border-b border-line py-3 text-[15px] font-600">
          评论 {post.comments > 0 ? post.comments : ''}
        </h2>
        <ul className="divide-y divide-line">{tops.map((c) => row(c, false))}</ul>
        <div ref={end} className="py-4 text-center text-xs text-ink-mute">
          {s.error ? (
            <button type="button" className="min-h-11 px-4 text-danger" onClick={() => void list.more()}>
              {s.error}，点击重试
            </button>
          ) : s.loading ? (
            '加载中…'
          ) : s.page > 0 && s.items.length === 0 ? (
            '还没有评论，快来抢沙发'
          ) : s.page > 0 && s.items.length >= s.total ? (
            '没有更多了'
          ) : null}
        </div>
      </section>
      <form
        className="gf-m-actions items-end"
        style={lift ? { transform: `translateY(-${lift}px)` } : undefined}
        data-testid="circle-comment-bar"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="min-w-0 flex-1">
          {replyTo && (
            <p className="flex items-center px-1 text-xs text-ink-mute">
              <span className="truncate">回复 {replyTo.author.nick}</span>
              <button type="button" className="ml-2 min-h-11 px-2 text-brand" onClick={() => setReplyTo(null)}>
                取消回复
              </button>
            </p>
          )}
          {ready && !user ? (
            <a
              href={`${MOBILE_PATHS.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`}
              className="flex min-h-11 items-center rounded-2xl bg-surface-grey px-4 text-base text-ink-mute"
            >
              登录后参与评论
            </a>
          ) : (
            <textarea
              ref={input}
              rows={1}
              aria-label={replyTo ? `回复 ${replyTo.author.nick}` : '写评论'}
              placeholder={replyTo ? `回复 ${replyTo.author.nick}` : '写下你的评论…'}
              maxLength={CIRCLE_LIMITS.commentMax}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="block max-h-24 min-h-11 w-full resize-none rounded-2xl bg-surface-grey px-4 py-2.5 text-base leading-6 outline-none [field-sizing:content]"
            />
          )}
        </div>
        {!(ready && !user) && (
          <button type="submit" className="gf-m-btn-primary shrink-0 px-5" disabled={send.busy || !user || !text.trim()}>
            {send.busy ? '发送中…' : '发送'}
          </button>
        )}
      </form>
      <ActionSheet
        open={menu !== null}
        onClose={() => setMenu(null)}
        actions={
          menu
            ? [
                { label: '回复', onSelect: () => writeTo(menu) },
                ...(canDelete(menu) ? [{ label: '删除', danger: true, onSelect: () => drop(menu) }] : []),
                ...(user?.user_id !== menu.author.user_id ? [{ label: '举报', onSelect: () => setReport(menu.id) }] : []),
              ]
            : []
        }
      />
      {report !== null && <ReportSheet open onClose={() => setReport(null)} type="comment" id={report} />}
    </>
  );
}

/**
 * How far the on-screen keyboard covers the bottom of the layout viewport (iOS Safari leaves
 * fixed elements under it): the comment bar moves up by that much while typing.
 */
function useKeyboardLift(): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const on = () => setLift(Math.max(0, Math.round(window.innerHeight - vv.height - vv.offsetTop)));
    vv.addEventListener('resize', on);
    vv.addEventListener('scroll', on);
    return () => {
      vv.removeEventListener('resize', on);
      vv.removeEventListener('scroll', on);
    };
  }, []);
  return lift;
}
