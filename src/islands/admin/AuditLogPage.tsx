import { useState, type SubmitEvent } from 'react';
import type { AuditRow } from '~/lib/api/contract/admin';
import { formatDateTime } from '~/lib/format';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditActionText, auditTargetText } from '~/lib/rules/audit';
import { fetchAuditLog } from '~/lib/stores/admin-console';
import { PagerButtons } from '../ui/PagerButtons';
import { useLoad } from '../ui/useLoad';

const LIMIT = 20;
// The filters offer the labels; the codes stay in the API and in each cell's tooltip.
const ACTIONS = Object.entries(AUDIT_ACTION_LABELS);
const TARGETS = Object.entries(AUDIT_TARGET_LABELS);

/** /admin/audit (super): every console write, newest first, filterable; read-only by construction. */
export default function AuditLogPage() {
  const [draft, setDraft] = useState({ action: '', target: '', target_id: '' });
  const [filter, setFilter] = useState(draft);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const q = useLoad(
    () =>
      fetchAuditLog({
        page,
        limit: LIMIT,
        ...(filter.action ? { action: filter.action } : {}),
        ...(filter.target ? { target: filter.target } : {}),
        ...(filter.target_id ? { target_id: filter.target_id } : {}),
      }),
    JSON.stringify([filter, page]),
  );
  function search(e: SubmitEvent) {
    e.preventDefault();
    setPage(1);
    setFilter(draft);
  }
  const input = 'h-8 rounded border border-line px-2 text-sm outline-none focus:border-brand-accent';
  return (
    <div>
      <form onSubmit={search} className="mb-4 flex items-center gap-3 text-sm" aria-label="筛选操作日志">
        <select className={input} aria-label="操作" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
          <option value="">全部操作</option>
          {ACTIONS.map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <select className={input} aria-label="对象" value={draft.target} onChange={(e) => setDraft({ ...draft, target: e.target.value })}>
          <option value="">全部对象</option>
          {TARGETS.map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <input
          className={input}
          placeholder="对象编号"
          value={draft.target_id}
          onChange={(e) => setDraft({ ...draft, target_id: e.target.value })}
        />
        <button type="submit" className="gf-btn h-8 bg-brand px-4 text-white">
          筛选
        </button>
      </form>
      {q.error && (
        <p role="alert" className="mb-3 text-sm text-danger-strong">
          {q.error}
        </p>
      )}
      {!q.data ? (
        <p className="py-10 text-center text-ink-mute">正在加载…</p>
      ) : q.data.list.length === 0 ? (
        <p className="py-10 text-center text-ink-soft">没有符合条件的操作记录</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="audit-table">
          <thead className="bg-surface-head text-ink-soft">
            <tr>
              <th className="px-3 py-2 font-500">时间</th>
              <th className="px-3 py-2 font-500">操作人</th>
              <th className="px-3 py-2 font-500">操作</th>
              <th className="px-3 py-2 font-500">对象</th>
              <th className="px-3 py-2 font-500">备注</th>
              <th className="px-3 py-2 font-500">地址</th>
              <th className="px-3 py-2 font-500" />
            </tr>
          </thead>
          <tbody>
            {q.data.list.map((r) => (
              <Row key={r.id} row={r} open={open === r.id} toggle={() => setOpen(open === r.id ? null : r.id)} />
            ))}
          </tbody>
        </table>
      )}
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
    </div>
  );
}

function Row(props: { row: AuditRow; open: boolean; toggle: () => void }) {
  const r = props.row;
  return (
    <>
      <tr className="border-b border-line align-top">
        <td className="whitespace-nowrap px-3 py-2 text-ink-soft">{formatDateTime(r.at)}</td>
        <td className="px-3 py-2">
          {r.staff_name}
          <span className="ml-1 text-xs text-ink-mute">{r.staff_role}</span>
        </td>
        <td className="px-3 py-2" title={r.action}>
          {auditActionText(r.action)}
        </td>
        <td className="px-3 py-2" title={r.target}>
          {auditTargetText(r.target)}
          {r.target_id ? ` #${r.target_id}` : ''}
        </td>
        <td className="max-w-[240px] break-words px-3 py-2">{r.note || '—'}</td>
        <td className="px-3 py-2 text-ink-soft">{r.ip || '—'}</td>
        <td className="px-3 py-2">
          <button type="button" className="text-brand" onClick={props.toggle} aria-expanded={props.open}>
            {props.open ? '收起' : '前后对比'}
          </button>
        </td>
      </tr>
      {props.open && (
        <tr className="border-b border-line bg-surface-soft">
          <td colSpan={7} className="px-3 py-3">
            <div className="grid grid-cols-2 gap-4 text-xs">
              <div>
                <p className="mb-1 text-ink-soft">修改前</p>
                <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-all">
                  {r.before === null ? '（无）' : JSON.stringify(r.before, null, 2)}
                </pre>
              </div>
              <div>
                <p className="mb-1 text-ink-soft">修改后</p>
                <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-all">
                  {r.after === null ? '（无）' : JSON.stringify(r.after, null, 2)}
                </pre>
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
