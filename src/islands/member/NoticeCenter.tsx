import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { NOTICE_TABS, deleteNotice, fetchNotices, markAllRead, type NoticeItem, type NoticeKind, type Page } from '~/lib/stores/notice';
import { $unread, refreshUnread } from '~/lib/stores/unread';
import { errorText } from '~/lib/api/client';
import { formatDateTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import { MemberOnly } from '../account/parts';
import { PagerButtons } from '../ui/PagerButtons';

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
  const [kind, setKind] = useState<NoticeKind>(() => {
    const t = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('type');
    return (NOTICE_TABS.find((x) => x.kind === t)?.kind ?? 'notice') as NoticeKind;
  });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<NoticeItem> | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(() => {
    setError('');
    fetchNotices(kind, page)
      .then(setData)
      .catch((err) => setError(errorText(err)));
  }, [kind, page]);
  useEffect(load, [load]);
  useEffect(() => void refreshUnread(), []);

  function switchTo(k: NoticeKind) {
    setKind(k);
    setPage(1);
    setData(null);
    history.replaceState(null, '', `?type=${k}`);
  }

  async function readAll() {
    try {
      const n = await markAllRead(kind);
      toast.success(n ? `已将 ${n} 条消息标记为已读` : '没有未读消息');
      load();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  async function remove(id: number) {
    if (!window.confirm('确定删除这条消息吗？')) return;
    try {
      await deleteNotice(id);
      toast.success('删除成功');
      load();
    } catch (err) {
      toast.error(errorText(err));
    }
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
              className={`relative -mb-px border-b-2 pb-3 text-[15px] ${kind === t.kind ? 'border-brand text-brand' : 'border-transparent text-ink-soft hover:text-brand'}`}
            >
              {t.label}
              {unread[t.kind] > 0 && (
                <span className="absolute -right-4 -top-1 rounded-full bg-[#f56c6c] px-1.5 text-[11px] leading-4 text-white">
                  {unread[t.kind] > 99 ? '99+' : unread[t.kind]}
                </span>
              )}
            </button>
          ))}
        </div>
        <button type="button" className="mb-2 text-sm text-ink-soft hover:text-brand" onClick={readAll}>
          <span className="i-ri-check-double-line mr-1" />
          全部已读
        </button>
      </div>
      {error ? (
        <div className="py-16 text-center">
          <p role="alert" className="text-[#f56c6c]">
            {error}
          </p>
          <button type="button" className="gf-btn-ghost mt-4" onClick={load}>
            重试
          </button>
        </div>
      ) : !data ? (
        <p className="py-16 text-center text-ink-mute">加载中…</p>
      ) : data.list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-20 text-ink-mute">
          <span className="i-ri-notification-off-line text-5xl" />
          <p>暂无{NOTICE_TABS.find((t) => t.kind === kind)?.label}</p>
        </div>
      ) : (
        <ul data-testid="notice-list">
          {data.list.map((m) => (
            <li key={m.id} className="group flex items-start gap-4 border-b border-line py-4">
              <span
                className={`mt-2 h-2 w-2 shrink-0 rounded-full ${m.is_read ? 'bg-transparent' : 'bg-[#f56c6c]'}`}
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
                  className="invisible text-ink-mute hover:text-[#f56c6c] group-hover:visible"
                  onClick={() => remove(m.id)}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />}
    </>
  );
}
