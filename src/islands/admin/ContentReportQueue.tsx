import { useState } from 'react';
import type { AdminReport } from '~/lib/api/contract/operations';
import { adminApi } from '~/lib/api/admin-client';
import { formatDateTime } from '~/lib/format';
import { PagerButtons } from '../ui/PagerButtons';
import { useLoad } from '../ui/useLoad';
import { DecisionDialog } from '../ui/DecisionDialog';
import { bodyCell, headCell } from '../ui/Table';
import { StatusTabs } from '../ui/Tabs';
import { inlineLinkBtn } from '../ui/buttons';
import { LoadedList } from '../ui/states';

const LIMIT = 20;
const TABS = [
  ['open', '待处理'],
  ['removed', '已下架'],
  ['dismissed', '已驳回'],
  ['', '全部'],
] as const;
type Tab = (typeof TABS)[number][0];

/** /admin/content-reports (content, support): take the content down or dismiss the report. */
export default function ContentReportQueue() {
  const [status, setStatus] = useState<Tab>('open');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'takedown' | 'dismiss'; r: AdminReport } | null>(null);
  const q = useLoad(() => adminApi('/admin/contentReports', { status, page, limit: LIMIT }), `${status}:${page}`);
  return (
    <div>
      <StatusTabs
        value={status}
        tabs={TABS}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
      />
      <LoadedList q={q} empty={status === 'open' ? '没有待处理的举报' : '没有符合条件的举报'}>
        {(data) => (
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>举报时间</th>
                <th className={headCell}>被举报内容</th>
                <th className={headCell}>原因</th>
                <th className={headCell}>举报人</th>
                <th className={headCell}>状态</th>
                <th className={headCell}>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((r) => (
                <tr key={r.id} className="border-b border-line">
                  <td className={`${bodyCell} whitespace-nowrap text-ink-soft`}>{formatDateTime(r.created_at)}</td>
                  <td className={bodyCell}>
                    <span className="mr-1 rounded bg-surface-chip px-1.5 text-xs text-ink-soft">{r.target_type_text}</span>
                    {r.target_href ? (
                      <a className="text-brand hover:underline" href={r.target_href} target="_blank" rel="noreferrer">
                        {r.target_title || `#${r.target_id}`}
                      </a>
                    ) : (
                      r.target_title || `#${r.target_id}`
                    )}
                    {r.same_target_open > 1 && <div className="text-xs text-warning">同一内容共 {r.same_target_open} 条待处理举报</div>}
                  </td>
                  <td className={`${bodyCell} max-w-[260px] break-words`}>
                    {r.reason_text}
                    {r.detail && <div className="text-xs text-ink-soft">{r.detail}</div>}
                  </td>
                  <td className={bodyCell}>{r.reporter_name}</td>
                  <td className={bodyCell}>
                    {r.status_text}
                    {r.decision_note && <div className="text-xs text-ink-mute">{r.decision_note}</div>}
                  </td>
                  <td className={`${bodyCell} whitespace-nowrap`}>
                    {r.status === 'open' ? (
                      <>
                        {r.can_take_down && (
                          <button
                            type="button"
                            className="text-danger-strong hover:underline"
                            onClick={() => setDialog({ kind: 'takedown', r })}
                          >
                            下架
                          </button>
                        )}
                        <button type="button" className={`${inlineLinkBtn} ml-3`} onClick={() => setDialog({ kind: 'dismiss', r })}>
                          驳回举报
                        </button>
                      </>
                    ) : (
                      <span className="text-ink-mute">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      {dialog && (
        <DecisionDialog
          title={dialog.kind === 'takedown' ? `下架${dialog.r.target_type_text}` : '驳回举报'}
          label={dialog.kind === 'takedown' ? '下架原因（所有者与举报人会看到）' : '处理说明（举报人会看到）'}
          confirm={dialog.kind === 'takedown' ? '下架' : '驳回举报'}
          danger={dialog.kind === 'takedown'}
          done={dialog.kind === 'takedown' ? '已下架，所有者已收到通知' : '已驳回举报'}
          intro={<>「{dialog.r.target_title}」</>}
          onClose={() => setDialog(null)}
          onConfirm={async (note) => {
            await adminApi(dialog.kind === 'takedown' ? '/admin/contentReport/takedown' : '/admin/contentReport/dismiss', {
              id: dialog.r.id,
              note,
            });
            q.reload();
          }}
        />
      )}
    </div>
  );
}
