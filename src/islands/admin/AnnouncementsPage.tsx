import { useState } from 'react';
import { formatDateTime } from '~/lib/format';
import { adminUpload, fetchAnnouncements, fromLocalInput, saveAnnouncement, withdrawAnnouncement } from '~/lib/stores/admin-content';
import { PagerButtons } from '../ui/PagerButtons';
import { RichText } from '../ui/RichText';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';
import { LoadedList } from '../ui/states';

const LIMIT = 10;

/** /admin/announcements: publish to every member's notices now or at a set time; withdraw. */
export default function AnnouncementsPage() {
  const [page, setPage] = useState(1);
  const [form, setForm] = useState({ title: '', content: '', at: '' });
  const [round, setRound] = useState(0);
  const q = useLoad(() => fetchAnnouncements({ page, limit: LIMIT }), page);
  const act = useAction();
  return (
    <div className="flex gap-6">
      <form
        className="w-[420px] shrink-0 rounded border border-line p-4"
        aria-label="发布公告"
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(
              () =>
                saveAnnouncement({
                  title: form.title,
                  content: form.content,
                  ...(form.at ? { publish_at: fromLocalInput(form.at) } : {}),
                }),
              {
                done: form.at ? '公告已定时' : '公告已发布',
              },
            )
            .then((r) => {
              if (!r) return;
              setForm({ title: '', content: '', at: '' });
              setRound(round + 1);
              q.reload();
            });
        }}
      >
        <h2 className="mb-3 font-600">发布公告</h2>
        <StackField label="标题">
          <input className={inputCls} value={form.title} maxLength={100} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </StackField>
        <div className="mb-4 text-sm">
          <span className="mb-1 block text-ink-soft">内容</span>
          <RichText
            key={round}
            label="公告内容"
            initial=""
            onChange={(content) => setForm((f) => ({ ...f, content }))}
            upload={adminUpload}
          />
        </div>
        <StackField label="定时发布（不填则立即发布）">
          <input type="datetime-local" className={inputCls} value={form.at} onChange={(e) => setForm({ ...form, at: e.target.value })} />
        </StackField>
        <button type="submit" className={primaryBtn} disabled={act.busy}>
          {form.at ? '定时发布' : '立即发布'}
        </button>
      </form>
      <div className="min-w-0 flex-1">
        <LoadedList q={q} empty="还没有公告">
          {(data) => (
            <Table
              label="公告列表"
              head={
                <>
                  <Th>标题</Th>
                  <Th>发布时间</Th>
                  <Th>状态</Th>
                  <Th>已读</Th>
                  <Th>操作</Th>
                </>
              }
            >
              {data.list.map((a) => (
                <tr key={a.id}>
                  <td className={`${td} max-w-[300px] truncate`}>{a.title}</td>
                  <td className={`${td} whitespace-nowrap text-ink-soft`}>{formatDateTime(a.publish_at)}</td>
                  <td className={td}>
                    <Badge on={a.state === 'published'} onText="已发布" offText="待发布" />
                  </td>
                  <td className={td}>{a.reads}</td>
                  <td className={td}>
                    <button
                      type="button"
                      className="text-sm text-danger-strong hover:underline"
                      disabled={act.busy}
                      onClick={() => {
                        if (confirm(`撤回「${a.title}」？会员的消息中心将不再显示。`))
                          void act.run(() => withdrawAnnouncement({ id: a.id }), { done: '已撤回' }).then(q.reload);
                      }}
                    >
                      撤回
                    </button>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </LoadedList>
        {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      </div>
    </div>
  );
}
