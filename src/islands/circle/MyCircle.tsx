import { useState } from 'react';
import { img } from '~/lib/media';
import { circleTime } from '~/lib/rules/circle-text';
import { circlePostHref, CIRCLE_TEXTS } from '~/lib/rules/circle';
import { deleteComment, fetchMyCircleComments } from '~/lib/stores/circle';
import { useSession } from '../chrome/useSession';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import CircleFeed from './CircleFeed';
import { PostText } from './PostText';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';

const TABS = [
  ['posts', '我的动态'],
  ['comments', '我的评论'],
] as const;

/** /my/friendscircle (学习动态): the member's own posts (with delete) and the comments they wrote. */
export default function MyCircle() {
  return (
    <MemberOnly>
      <Mine />
    </MemberOnly>
  );
}

function Mine() {
  const { user } = useSession();
  const [tab, setTab] = useState<'posts' | 'comments'>('posts');
  return (
    <>
      <div className="mb-4 flex items-center border-b border-line pb-3">
        <h1 className="sr-only">我的动态</h1>
        <div role="tablist" className="flex gap-6">
          {TABS.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              onClick={() => setTab(k)}
              className={`pb-1 text-[15px] ${tab === k ? 'border-b-2 border-brand-accent font-600 text-brand' : 'text-ink-soft hover:text-brand'}`}
            >
              {label}
            </button>
          ))}
        </div>
        <a href="/firendscircle/publish" className="gf-btn-primary ml-auto h-8 px-4 text-sm leading-8">
          发布动态
        </a>
      </div>
      {tab === 'posts' ? (
        <div className="rounded-lg bg-surface-grey p-3">
          <CircleFeed
            source={{ kind: 'user', userId: user?.user_id ?? 0 }}
            empty={CIRCLE_TEXTS.mineEmpty}
            emptyAction={['去功夫圈看看', '/firendscircle']}
          />
        </div>
      ) : (
        <MyComments />
      )}
    </>
  );
}

function MyComments() {
  const [page, setPage] = useState(1);
  const list = useLoad(() => fetchMyCircleComments({ page, limit: 10 }), page);
  const del = useAction();
  if (list.error && !list.data) return <LoadFailed load={list} />;
  if (!list.data) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (list.data.list.length === 0)
    return (
      <p className="py-16 text-center text-sm text-ink-mute" data-testid="my-comments-empty">
        还没有发表过评论
      </p>
    );
  return (
    <>
      <ul className="divide-y divide-line" data-testid="my-comments">
        {list.data.list.map((c) => (
          <li key={c.id} className="flex gap-4 py-4">
            <div className="min-w-0 flex-1">
              <p className="text-xs text-ink-mute">
                {c.reply_to ? `回复 ${c.reply_to.nick}` : `评论了 ${c.post.author.nick} 的动态`} · {circleTime(c.created_at)}
              </p>
              <PostText text={c.content} className="mt-1 whitespace-pre-wrap break-words text-sm leading-6 text-ink" />
              <a
                href={circlePostHref(c.post.id)}
                className="mt-2 flex items-center gap-2 rounded bg-surface-quote p-2 text-xs text-ink-soft hover:text-brand"
              >
                {c.post.image && <img src={img(c.post.image)} alt="" className="h-10 w-10 rounded object-cover" />}
                <span className="line-clamp-2">{c.post.content || '[图片]'}</span>
              </a>
            </div>
            <button
              type="button"
              disabled={del.busy}
              className="self-start text-sm text-ink-mute hover:text-danger-strong"
              onClick={() => {
                if (confirm('删除这条评论？'))
                  void del.run(() => deleteComment(c.id), { done: '删除成功' }).then((r) => r !== undefined && list.reload());
              }}
            >
              删除
            </button>
          </li>
        ))}
      </ul>
      <PagerButtons page={page} total={list.data.total} limit={10} onPage={setPage} />
    </>
  );
}
