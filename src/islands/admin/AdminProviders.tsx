import { useId, useState, type SubmitEvent } from 'react';
import { formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { bpText } from '~/lib/rules/provider';
import {
  approveProvider,
  fetchApplications,
  fetchProviders,
  refuseProvider,
  type ApplicationRow,
  type ApplicationTab,
} from '~/lib/stores/admin-providers';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

type Tab = ApplicationTab | 'providers';
const TABS: [Tab, string][] = [
  ['pending', '待审核'],
  ['approved', '已通过'],
  ['refused', '已拒绝'],
  ['providers', '服务商列表'],
];

/** /admin/providers (reviewers): provider applications (approve with a note, refuse with a reason) and the providers. */
export default function AdminProviders() {
  const [tab, setTab] = useState<Tab>('pending');
  return (
    <div>
      <div className="mb-4 flex gap-6 border-b border-line" role="tablist">
        {TABS.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
            className={`-mb-px border-b-2 px-1 pb-2.5 text-[15px] ${tab === k ? 'border-brand-accent font-600 text-brand' : 'border-transparent text-ink-soft hover:text-ink'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'providers' ? <Providers /> : <Applications key={tab} status={tab} />}
    </div>
  );
}

function Applications({ status }: { status: ApplicationTab }) {
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchApplications(status, page), page);
  const [deciding, setDeciding] = useState<{ row: ApplicationRow; approve: boolean } | null>(null);
  if (q.error && !q.data)
    return (
      <p role="alert" className="py-10 text-center text-sm text-danger-strong">
        {q.error}
      </p>
    );
  if (!q.data) return <p className="py-10 text-center text-sm text-ink-mute">加载中…</p>;
  if (q.data.list.length === 0)
    return <p className="py-16 text-center text-sm text-ink-mute">没有{status === 'pending' ? '待审核的' : ''}申请</p>;
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="provider-applications">
        {q.data.list.map((a) => (
          <li key={a.id} className="flex gap-5 rounded-lg border border-line px-5 py-4 text-sm">
            <a href={a.licence_url || img(a.licence)} target="_blank" rel="noopener noreferrer" className="shrink-0">
              <img src={a.licence_url || img(a.licence)} alt="营业执照" className="h-24 w-36 rounded border border-line object-cover" />
            </a>
            <div className="min-w-0 flex-1">
              <p className="text-[15px] font-600 text-ink">{a.name}</p>
              <p className="mt-1 text-ink-soft">
                申请人 {a.user_nick}（{a.user_phone}）· 联系人 {a.contact} {a.phone} · {a.city}
              </p>
              <p className="mt-1 text-ink-soft">{a.intro}</p>
              <p className="mt-1 text-xs text-ink-mute">
                提交于 {formatDateTime(a.created_at)}
                {a.decided_at && ` · 处理于 ${formatDateTime(a.decided_at)}`}
              </p>
              {a.refuse_reason && <p className="mt-1 text-danger-strong">拒绝原因：{a.refuse_reason}</p>}
              {a.review_note && <p className="mt-1 text-ink-soft">审核备注：{a.review_note}</p>}
            </div>
            {a.status === 'pending' && (
              <div className="flex shrink-0 flex-col gap-2">
                <button
                  type="button"
                  className="gf-btn h-8 bg-brand px-4 text-white"
                  onClick={() => setDeciding({ row: a, approve: true })}
                >
                  通过
                </button>
                <button type="button" className="gf-btn-ghost h-8" onClick={() => setDeciding({ row: a, approve: false })}>
                  拒绝
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <PagerButtons page={q.data.page} total={q.data.total} limit={q.data.limit} onPage={setPage} />
      {deciding && (
        <Decide
          row={deciding.row}
          approve={deciding.approve}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            q.reload();
          }}
        />
      )}
    </>
  );
}

function Decide(props: { row: ApplicationRow; approve: boolean; onClose: () => void; onDone: () => void }) {
  const [text, setText] = useState('');
  const act = useAction();
  const formId = useId();
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void act.run(
      async () => {
        if (props.approve) await approveProvider(props.row.id, text);
        else await refuseProvider(props.row.id, text);
        props.onDone();
      },
      { done: props.approve ? '已通过，申请人已成为服务商' : '已拒绝，原因已通知申请人' },
    );
  }
  return (
    <Modal
      open
      title={props.approve ? '通过申请' : '拒绝申请'}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="gf-btn-ghost" onClick={props.onClose}>
            取消
          </button>
          <button type="submit" form={formId} className="gf-btn-primary" disabled={act.busy}>
            {props.approve ? '确认通过' : '确认拒绝'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3 text-sm">
        <p className="text-ink-soft">{props.row.name}</p>
        <textarea
          className="gf-input h-24 py-2"
          aria-label={props.approve ? '审核备注' : '拒绝原因'}
          placeholder={props.approve ? '审核备注（选填）' : '拒绝原因（申请人将看到）'}
          maxLength={200}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
    </Modal>
  );
}

function Providers() {
  const [draft, setDraft] = useState('');
  const [key, setKey] = useState('');
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchProviders(key, page), `${key}|${page}`);
  function search(e: SubmitEvent) {
    e.preventDefault();
    setPage(1);
    setKey(draft.trim());
  }
  return (
    <>
      <form onSubmit={search} className="mb-4 flex items-center gap-3 text-sm" aria-label="搜索服务商">
        <input className="gf-input h-8 w-60" placeholder="名称或电话" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="gf-btn h-8 bg-brand px-4 text-white">
          搜索
        </button>
      </form>
      {q.error && !q.data ? (
        <p role="alert" className="py-10 text-center text-sm text-danger-strong">
          {q.error}
        </p>
      ) : !q.data ? (
        <p className="py-10 text-center text-sm text-ink-mute">加载中…</p>
      ) : q.data.list.length === 0 ? (
        <p className="py-16 text-center text-sm text-ink-mute">没有服务商</p>
      ) : (
        <>
          <table className="w-full text-sm" data-testid="provider-list">
            <thead>
              <tr className="bg-page text-left text-ink-soft">
                <th className="px-4 py-2.5 font-400">编号</th>
                <th className="px-4 py-2.5 font-400">名称</th>
                <th className="px-4 py-2.5 font-400">账号</th>
                <th className="px-4 py-2.5 font-400">联系人</th>
                <th className="px-4 py-2.5 font-400">城市</th>
                <th className="px-4 py-2.5 text-right font-400">团队人数</th>
                <th className="px-4 py-2.5 text-right font-400">分成</th>
                <th className="px-4 py-2.5 font-400">入驻时间</th>
              </tr>
            </thead>
            <tbody>
              {q.data.list.map((p) => (
                <tr key={p.id} className="border-b border-line">
                  <td className="px-4 py-3">{p.id}</td>
                  <td className="px-4 py-3 text-ink">{p.name}</td>
                  <td className="px-4 py-3 text-ink-soft">{p.user_phone}</td>
                  <td className="px-4 py-3 text-ink-soft">
                    {p.contact} {p.phone}
                  </td>
                  <td className="px-4 py-3">{p.city}</td>
                  <td className="px-4 py-3 text-right">{p.team_size}</td>
                  <td className="px-4 py-3 text-right">{bpText(p.commission_bp)}</td>
                  <td className="px-4 py-3 text-ink-soft">{formatDateTime(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <PagerButtons page={q.data.page} total={q.data.total} limit={q.data.limit} onPage={setPage} />
        </>
      )}
    </>
  );
}
