import { formatDateTime } from '~/lib/format';
import { dismissReport, reportQueue, takeDownReport, type AdminReport, type ReportTab } from '~/lib/stores/admin-queues';
import { StatusQueue, type QueueConfig } from './StatusQueue';

const config: QueueConfig<AdminReport, ReportTab> = {
  queue: reportQueue,
  tabs: [
    ['open', '待处理'],
    ['removed', '已下架'],
    ['dismissed', '已驳回'],
    ['', '全部'],
  ],
  empty: (status) => (status === 'open' ? '没有待处理的举报' : '没有符合条件的举报'),
  pending: (r) => r.status === 'open',
  view: {
    table: [
      { head: '举报时间', className: 'whitespace-nowrap text-ink-soft', cell: (r) => formatDateTime(r.created_at) },
      {
        head: '被举报内容',
        cell: (r) => (
          <>
            <span className="mr-1 rounded bg-surface-chip px-1.5 text-xs text-ink-soft">{r.target_type_text}</span>
            {r.target_href ? (
              <a className="text-brand hover:underline" href={r.target_href} target="_blank" rel="noreferrer">
                {r.target_title || `#${r.target_id}`}
              </a>
            ) : (
              r.target_title || `#${r.target_id}`
            )}
            {r.same_target_open > 1 && <div className="text-xs text-warning">同一内容共 {r.same_target_open} 条待处理举报</div>}
          </>
        ),
      },
      {
        head: '原因',
        className: 'max-w-[260px] break-words',
        cell: (r) => (
          <>
            {r.reason_text}
            {r.detail && <div className="text-xs text-ink-soft">{r.detail}</div>}
          </>
        ),
      },
      { head: '举报人', cell: (r) => r.reporter_name },
      {
        head: '状态',
        cell: (r) => (
          <>
            {r.status_text}
            {r.decision_note && <div className="text-xs text-ink-mute">{r.decision_note}</div>}
          </>
        ),
      },
    ],
  },
  actions: [
    {
      label: '下架',
      look: 'danger',
      shown: (r) => r.can_take_down,
      decision: (r) => ({
        title: `下架${r.target_type_text}`,
        label: '下架原因（所有者与举报人会看到）',
        confirm: '下架',
        danger: true,
        done: '已下架，所有者已收到通知',
        intro: <>「{r.target_title}」</>,
        run: (note) => takeDownReport(r.id, note),
      }),
    },
    {
      label: '驳回举报',
      look: 'link',
      decision: (r) => ({
        title: '驳回举报',
        label: '处理说明（举报人会看到）',
        confirm: '驳回举报',
        done: '已驳回举报',
        intro: <>「{r.target_title}」</>,
        run: (note) => dismissReport(r.id, note),
      }),
    },
  ],
};

/** /admin/content-reports (content, support): take the content down or dismiss the report. */
export default function ContentReportQueue() {
  return <StatusQueue config={config} />;
}
