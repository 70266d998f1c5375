import { answeredText, answerNotice, openNotice } from '~/lib/stores/notice';
import { formatDateTime } from '~/lib/format';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { MemberOnly } from '../ui/MemberOnly';

const KIND_LABEL = { notice: '系统通知', comment: '评论回复', announce: '平台公告' } as const;

/**
 * /my/notice/detail?id= (reading marks it read and updates the badge) and
 * /my/notice/commitInfo?id= (the same message with the agree / refuse decision for applications).
 */
export default function NoticeDetail(props: { mode: 'detail' | 'commit' }) {
  return (
    <MemberOnly>
      <View mode={props.mode} />
    </MemberOnly>
  );
}

function View(props: { mode: 'detail' | 'commit' }) {
  // Rendered only in the browser (inside MemberOnly): the id comes from the query.
  const notice = useLoad(() => openNotice(location.search));
  const act = useAction();
  const msg = notice.data;
  const error = msg ? '' : notice.error;

  function answer(agree: 1 | 2) {
    if (!msg) return;
    void act.run(
      async () => {
        notice.set(await answerNotice(msg, agree));
      },
      { done: answeredText(agree) },
    );
  }

  const back = (
    <a className="text-sm text-ink-soft hover:text-brand" href={`/my/notice${msg ? `?type=${msg.type}` : ''}`}>
      <span className="i-ri-arrow-left-s-line" />
      返回消息列表
    </a>
  );
  if (error) {
    return (
      <div className="py-16 text-center">
        <p role="alert" className="mb-4 text-ink-soft">
          {error}
        </p>
        {back}
      </div>
    );
  }
  if (!msg) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return (
    <article>
      <div className="mb-6 flex items-center justify-between border-b border-line pb-4">
        {back}
        <span className="text-xs text-ink-mute">{KIND_LABEL[msg.type]}</span>
      </div>
      <h1 className="text-xl font-600 text-ink">{msg.title}</h1>
      <p className="mt-2 text-xs text-ink-mute">
        {msg.from_name} · <time dateTime={msg.created_at}>{formatDateTime(msg.created_at)}</time>
      </p>
      <div className="prose mt-6 max-w-none text-[15px] leading-7" dangerouslySetInnerHTML={{ __html: msg.content }} />
      {msg.link && (
        <a className="gf-btn-ghost mt-6" href={msg.link}>
          查看详情
        </a>
      )}
      {msg.need_agree === 1 && (
        <div className="mt-8 rounded-lg bg-page p-5" data-testid="consent">
          {msg.is_agree ? (
            <p className="text-ink-soft">您已{msg.is_agree === 1 ? '同意' : '拒绝'}该申请。</p>
          ) : props.mode === 'commit' ? (
            <div className="flex items-center gap-4">
              <p className="flex-1 text-sm text-ink-soft">请确认是否同意该申请，提交后不可更改。</p>
              <button type="button" disabled={act.busy} className="gf-btn-primary w-24" onClick={() => answer(1)}>
                同意
              </button>
              <button type="button" disabled={act.busy} className="gf-btn-ghost w-24" onClick={() => answer(2)}>
                拒绝
              </button>
            </div>
          ) : (
            <div className="flex items-center justify-between">
              <p className="text-sm text-ink-soft">该申请需要您处理。</p>
              <a className="gf-btn-primary" href={`/my/notice/commitInfo?id=${msg.id}`}>
                去处理
              </a>
            </div>
          )}
        </div>
      )}
    </article>
  );
}
