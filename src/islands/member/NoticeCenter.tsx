import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { NOTICE_TABS, NOTICE_TEXTS, createNoticeCenter, noticeKindFrom, noticeLabel, type NoticeKind } from '~/lib/stores/notice';
import { $unread, refreshUnread } from '~/lib/stores/unread';
import { formatDateTime } from '~/lib/format';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { MemberOnly } from '../ui/MemberOnly';

/** /my/notice: tabs for system notices, comments and announcements; unread dots; read all; delete. */
export default function NoticeCenter() {
  return (
    <MemberOnly>
      <Center />
    </MemberOnly>
  );
}

function Center() {
  const unread = useStore($unread);
  // Rendered only in the browser (inside MemberOnly), so the query can pick the first tab.
  const [center] = useState(() => createNoticeCenter(noticeKindFrom(location.search)));
  const { kind, data, error } = useStore(center.$center);
  const act = useAction();

  useEffect(() => {
    void center.load();
    void refreshUnread();
  }, [center]);

  function switchTo(k: NoticeKind) {
    history.replaceState(null, '', `?type=${k}`);
    void center.switchTo(k);
  }

  function readAll() {
    void act.run(() => center.readAll(), { done: (text) => text });
  }

  function remove(id: number) {
    if (!window.confirm(NOTICE_TEXTS.confirmDelete)) return;
    void act.run(() => center.remove(id), { done: NOTICE_TEXTS.deleted });
  }

  return (
    <>
      <div className="mb-4 flex items-end justify-between border-b border-line">
        <div role="tablist" className="flex gap-8">
          {NOTICE_TABS.map((t) => (
            <button
              key={t.kind}
              role="tab"
              type="button"
              aria-selected={kind === t.kind}
              onClick={() => switchTo(t.kind)}
              className={`relative -mb-px border-b-2 pb-3 text-[15px] ${kind === t.kind ? 'border-brand-accent text-brand' : 'border-transparent text-ink-soft hover:text-brand'}`}
            >
              {t.label}
              {unread[t.kind] > 0 && (
                <span className="ml-1 inline-block min-w-4 -translate-y-1.5 rounded-full bg-danger px-1.5 text-center text-[11px] leading-4 text-white">
                  {unread[t.kind] > 99 ? '99+' : unread[t.kind]}
                </span>
              )}
            </button>
          ))}
        </div>
        <button type="button" className="mb-2 text-sm text-ink-soft hover:text-brand" disabled={act.busy} onClick={readAll}>
          <span className="i-ri-check-double-line mr-1" />
          全部已读
        </button>
      </div>
      {error ? (
        <div className="py-16 text-center">
          <p role="alert" className="text-danger">
            {error}
          </p>
          <button type="button" className="gf-btn-ghost mt-4" onClick={() => void center.load()}>
            重试
          </button>
        </div>
      ) : !data ? (
        <p className="py-16 text-center text-ink-mute">加载中…</p>
      ) : data.list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-20 text-ink-mute">
          <span className="i-ri-notification-off-line text-5xl" />
          <p>暂无{noticeLabel(kind)}</p>
        </div>
      ) : (
        <ul data-testid="notice-list">
          {data.list.map((m) => (
            <li key={m.id} className="group flex items-start gap-4 border-b border-line py-4">
              <span
                className={`mt-2 h-2 w-2 shrink-0 rounded-full ${m.is_read ? 'bg-transparent' : 'bg-danger'}`}
                aria-label={m.is_read ? undefined : '未读'}
              />
              <a className="min-w-0 flex-1" href={`/my/notice/detail?id=${m.id}`}>
                <p className={`truncate text-[15px] ${m.is_read ? 'text-ink-soft' : 'font-600 text-ink'}`}>
                  {m.title}
                  {m.need_agree === 1 && (
                    <span
                      className={`ml-2 rounded px-1.5 text-xs font-400 ${m.is_agree ? 'bg-page text-ink-mute' : 'bg-brand-light text-brand'}`}
                    >
                      {m.is_agree === 1 ? '已同意' : m.is_agree === 2 ? '已拒绝' : '待处理'}
                    </span>
                  )}
                </p>
                <p className="mt-1 truncate text-sm text-ink-mute">{m.summary}</p>
              </a>
              <div className="flex shrink-0 flex-col items-end gap-2 text-xs text-ink-mute">
                <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                <button
                  type="button"
                  className="invisible text-ink-mute hover:text-danger group-hover:visible"
                  onClick={() => remove(m.id)}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void center.setPage(p)} />}
    </>
  );
}
