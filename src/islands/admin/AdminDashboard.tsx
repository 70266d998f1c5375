import { useLoad } from '../ui/useLoad';
import { fetchDashboard } from '~/lib/stores/admin-console';

/** /admin: the queues this staff member works, each with its count and a link to work it. */
export default function AdminDashboard() {
  const q = useLoad(() => fetchDashboard());
  if (q.error && !q.data)
    return (
      <p role="alert" className="py-10 text-center text-ink-soft">
        {q.error}
        {q.retryable && (
          <button type="button" className="ml-3 text-brand" onClick={q.reload}>
            重试
          </button>
        )}
      </p>
    );
  if (!q.data) return <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  if (!q.data.queues.length) return <p className="py-10 text-center text-ink-soft">你的岗位暂无待办队列。</p>;
  return (
    <ul className="grid grid-cols-4 gap-4" data-testid="admin-queues">
      {q.data.queues.map((x) => (
        <li key={x.key}>
          <a href={x.href} className="block rounded border border-line px-5 py-4 hover:border-brand-accent">
            <span className="block text-sm text-ink-soft">{x.label}</span>
            <span className={`mt-2 block text-2xl font-600 ${x.count ? 'text-brand' : 'text-ink'}`} data-queue={x.key}>
              {x.count}
            </span>
            <span className="mt-1 block text-xs text-ink-mute">{x.count ? '待处理' : '已处理完'}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
