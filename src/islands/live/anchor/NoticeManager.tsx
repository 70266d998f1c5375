import { useState } from 'react';
import type { LiveNotice } from '~/lib/api/contract/live-notices';
import { LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { deleteNotice, fetchMyNotices, saveNotice, type NoticeInput } from '~/lib/stores/live';
import { Modal } from '../../ui/Modal';
import { PagerButtons } from '../../ui/PagerButtons';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';
import { CoverUpload } from '../../ui/CoverUpload';

const STATUS = { waiting: '等待开播', started: '已开播', cancelled: '已取消' } as const;
/** A datetime-local value for a time, in the browser's zone. */
const localValue = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** 直播预告: the anchor's notices — publish, edit while waiting, delete (bookers are told). */
export default function NoticeManager(props: { kind: 'coach' | 'shop' }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => fetchMyNotices(page), page);
  const [editing, setEditing] = useState<(NoticeInput & { id?: number }) | null>(null);
  const act = useAction();

  return (
    <div data-testid="notice-manager">
      <div className="mb-3 flex items-center">
        <p className="text-sm text-ink-soft">提前发布预告，观众可以预约，开播时会收到提醒。</p>
        <button
          type="button"
          className="gf-btn-primary ml-auto"
          onClick={() => setEditing({ title: '', cover: '', intro: '', start_at: localValue(new Date(Date.now() + 24 * 3600_000)) })}
          data-testid="notice-add"
        >
          发布预告
        </button>
      </div>
      {list.error ? (
        <p role="alert" className="py-6 text-center text-sm text-danger">
          {list.error}
        </p>
      ) : !list.data ? (
        <p className="py-6 text-center text-sm text-ink-mute">加载中…</p>
      ) : list.data.list.length === 0 ? (
        <p className="py-6 text-center text-sm text-ink-mute">还没有预告</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="bg-page text-left text-ink-soft">
            <tr>
              <th className="px-3 py-2 font-400">标题</th>
              <th className="px-3 py-2 font-400">开播时间</th>
              <th className="px-3 py-2 font-400">预约</th>
              <th className="px-3 py-2 font-400">状态</th>
              <th className="px-3 py-2 font-400">操作</th>
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((n: LiveNotice) => (
              <tr key={n.id} className="border-b border-line" data-testid="notice-row">
                <td className="px-3 py-2">{n.title}</td>
                <td className="px-3 py-2">{new Date(n.start_at).toLocaleString('zh-CN')}</td>
                <td className="px-3 py-2">{n.bookings}</td>
                <td className="px-3 py-2">{STATUS[n.status]}</td>
                <td className="space-x-3 px-3 py-2">
                  {n.status === 'waiting' && (
                    <button
                      type="button"
                      className="text-brand"
                      onClick={() =>
                        setEditing({ id: n.id, title: n.title, cover: n.cover, intro: n.intro, start_at: localValue(new Date(n.start_at)) })
                      }
                    >
                      编辑
                    </button>
                  )}
                  <button
                    type="button"
                    className="text-danger"
                    disabled={act.busy}
                    onClick={() => {
                      if (
                        !confirm(
                          n.status === 'waiting' && n.bookings
                            ? `已有 ${n.bookings} 人预约，删除后会通知他们。确定删除？`
                            : '确定删除这个预告？',
                        )
                      )
                        return;
                      void act.run(
                        async () => {
                          await deleteNotice(props.kind, n.id);
                          list.reload();
                        },
                        { done: LIVE_TEXTS.noticeDeleted },
                      );
                    }}
                  >
                    删除
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && list.data.total > 10 && <PagerButtons page={page} total={list.data.total} limit={10} onPage={setPage} />}
      <Modal open={editing !== null} title={editing?.id ? '编辑预告' : '发布预告'} width={560} onClose={() => setEditing(null)}>
        {editing && (
          <NoticeForm
            kind={props.kind}
            value={editing}
            onSaved={() => {
              setEditing(null);
              list.reload();
            }}
          />
        )}
      </Modal>
    </div>
  );
}

function NoticeForm(props: { kind: 'coach' | 'shop'; value: NoticeInput & { id?: number }; onSaved: () => void }) {
  const [v, setV] = useState(props.value);
  const save = useAction();
  return (
    <form
      className="space-y-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        const at = new Date(v.start_at);
        void save.run(
          async () => {
            await saveNotice(props.kind, { ...v, start_at: Number.isNaN(at.getTime()) ? '' : at.toISOString() });
            props.onSaved();
          },
          { done: LIVE_TEXTS.noticeSaved, toastErrors: false },
        );
      }}
    >
      <label className="block">
        <span className="mb-1 block text-ink-soft">预告标题</span>
        <input
          className="gf-input"
          maxLength={LIVE_LIMITS.titleMax}
          value={v.title}
          onChange={(e) => setV({ ...v, title: e.target.value })}
          data-testid="notice-title"
        />
      </label>
      <label className="block">
        <span className="mb-1 block text-ink-soft">开播时间</span>
        <input
          type="datetime-local"
          className="gf-input"
          value={v.start_at}
          onChange={(e) => setV({ ...v, start_at: e.target.value })}
          data-testid="notice-time"
        />
      </label>
      <label className="block">
        <span className="mb-1 block text-ink-soft">简介（选填）</span>
        <textarea
          className="gf-input h-20 py-2"
          maxLength={LIVE_LIMITS.noticeIntroMax}
          value={v.intro}
          onChange={(e) => setV({ ...v, intro: e.target.value })}
        />
      </label>
      <div>
        <span className="mb-1 block text-ink-soft">封面（选填，默认用直播间封面）</span>
        <CoverUpload value={v.cover} onChange={(cover) => setV({ ...v, cover })} label="预告封面" />
      </div>
      {save.error && (
        <p role="alert" className="text-danger">
          {save.error}
        </p>
      )}
      <button type="submit" className="gf-btn-primary w-full" disabled={save.busy} data-testid="notice-save">
        {save.busy ? '保存中…' : '保存'}
      </button>
    </form>
  );
}
