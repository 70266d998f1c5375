import { useEffect, useEffectEvent, useState } from 'react';
import type { CircleComment } from '~/lib/api/contract/circle';
import { errorText } from '~/lib/api/client';
import { img } from '~/lib/media';
import { circleTime } from '~/lib/rules/circle-text';
import { CIRCLE_LIMITS } from '~/lib/rules/circle';
import { deleteComment, loadComments, sendComment } from '~/lib/stores/circle';
import ReportButton from '../catalogue/ReportButton';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';
import { PostText } from './PostText';

/**
 * A post's comments, opened under it: top comments oldest first with their replies beneath, a box
 * to comment or reply, delete for the comment's author and the post's author, 举报 for others.
 */
export function Comments(props: { postId: number; postOwner: number; onCount: (delta: number) => void }) {
  const { user } = useSession();
  const [list, setList] = useState<CircleComment[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CircleComment | null>(null);
  const send = useAction();
  const remove = useAction();

  function apply(next: number, r: Awaited<ReturnType<typeof loadComments>>) {
    setList((l) => [...l, ...r.list.filter((c) => !l.some((x) => x.id === c.id))]);
    setTotal(r.total);
    setPage(next);
    setError('');
  }
  async function more(next: number) {
    setLoading(true);
    try {
      apply(next, await loadComments(props.postId, next));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLoading(false);
    }
  }
  // Opening the panel loads the first page.
  const applyFirst = useEffectEvent(apply);
  useEffect(() => {
    let live = true;
    loadComments(props.postId, 1).then(
      (r) => live && applyFirst(1, r),
      (err: unknown) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [props.postId]);

  const tops = list.filter((c) => c.parent_id === null);
  const repliesOf = (id: number) => list.filter((c) => c.parent_id === id);
  const canDelete = (c: CircleComment) => Boolean(user && (user.user_id === c.author.user_id || user.user_id === props.postOwner));

  function submit() {
    void send
      .run(() => sendComment(props.postId, text, replyTo ?? undefined), { done: '评论成功' })
      .then((c) => {
        if (!c) return;
        setList((l) => [...l, c]);
        setTotal((t) => t + 1);
        setText('');
        setReplyTo(null);
        props.onCount(1);
      });
  }
  function drop(c: CircleComment) {
    if (!confirm(c.parent_id === null && repliesOf(c.id).length ? '删除这条评论和它下面的回复？' : '删除这条评论？')) return;
    void remove
      .run(() => deleteComment(c.id), { done: '删除成功' })
      .then((r) => {
        if (r === undefined) return;
        const gone = list.filter((x) => x.id === c.id || x.parent_id === c.id).length;
        setList((l) => l.filter((x) => x.id !== c.id && x.parent_id !== c.id));
        setTotal((t) => Math.max(0, t - gone));
        props.onCount(-gone);
      });
  }

  const row = (c: CircleComment, reply: boolean) => (
    <li key={c.id} className={`flex gap-2.5 ${reply ? 'mt-2' : 'py-3'}`} data-testid="circle-comment">
      <a href={c.author.home} className="shrink-0" aria-label={`${c.author.nick}的主页`}>
        <img src={img(c.author.avatar)} alt="" className={`${reply ? 'h-6 w-6' : 'h-8 w-8'} rounded-full object-cover`} />
      </a>
      <div className="min-w-0 flex-1">
        <p className="text-[13px]">
          <a href={c.author.home} className="font-600 text-ink hover:text-brand">
            {c.author.nick}
          </a>
          {c.reply_to && (
            <>
              <span className="mx-1 text-ink-mute">回复</span>
              <a href={c.reply_to.home} className="font-600 text-ink hover:text-brand">
                {c.reply_to.nick}
              </a>
            </>
          )}
        </p>
        <PostText text={c.content} className="mt-0.5 whitespace-pre-wrap break-words text-sm leading-6 text-ink" />
        <p className="mt-1 flex items-center gap-4 text-xs text-ink-mute">
          <time dateTime={c.created_at} suppressHydrationWarning>
            {circleTime(c.created_at)}
          </time>
          <button type="button" className="hover:text-brand" onClick={() => setReplyTo(c)}>
            回复
          </button>
          {canDelete(c) ? (
            <button type="button" className="hover:text-danger-strong" onClick={() => drop(c)} disabled={remove.busy}>
              删除
            </button>
          ) : (
            user?.user_id !== c.author.user_id && <ReportButton type="comment" id={c.id} />
          )}
        </p>
        {!reply && repliesOf(c.id).length > 0 && (
          <ul className="mt-1 rounded bg-surface-quote px-3 pb-2">{repliesOf(c.id).map((r) => row(r, true))}</ul>
        )}
      </div>
    </li>
  );

  return (
    <div className="mt-3 border-t border-line pt-3" data-testid="circle-comments">
      <form
        className="flex items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="flex-1">
          {replyTo && (
            <p className="mb-1 text-xs text-ink-mute">
              回复 {replyTo.author.nick}
              <button type="button" className="ml-2 text-brand" onClick={() => setReplyTo(null)}>
                取消
              </button>
            </p>
          )}
          <textarea
            aria-label={replyTo ? `回复 ${replyTo.author.nick}` : '写评论'}
            placeholder={user ? (replyTo ? `回复 ${replyTo.author.nick}` : '写下你的评论…') : '登录后参与评论'}
            maxLength={CIRCLE_LIMITS.commentMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
            className="h-16 w-full resize-none rounded border border-line px-3 py-2 text-sm outline-none focus:border-brand-accent"
          />
        </div>
        <button type="submit" className="gf-btn-primary h-9 px-5 text-sm" disabled={send.busy}>
          {send.busy ? '发送中…' : '评论'}
        </button>
      </form>
      {error && (
        <p className="py-3 text-center text-sm text-danger-strong">
          {error}
          <button type="button" className="ml-2 text-brand" onClick={() => void more(page + 1)}>
            重试
          </button>
        </p>
      )}
      {page > 0 && list.length === 0 && !error && <p className="py-4 text-center text-sm text-ink-mute">还没有评论，快来抢沙发</p>}
      <ul className="divide-y divide-line">{tops.map((c) => row(c, false))}</ul>
      {list.length < total && (
        <button
          type="button"
          className="mt-1 w-full py-2 text-center text-sm text-ink-soft hover:text-brand"
          disabled={loading}
          onClick={() => void more(page + 1)}
        >
          {loading ? '加载中…' : `查看更多评论（还有 ${total - list.length} 条）`}
        </button>
      )}
    </div>
  );
}
