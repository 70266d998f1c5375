import { useState } from 'react';
import type { AdminDispute } from '~/lib/api/contract/operations';
import { adminApi } from '~/lib/api/admin-client';
import { formatDateTime, money } from '~/lib/format';
import { PagerButtons } from '../ui/PagerButtons';
import { useLoad } from '../ui/useLoad';
import { DecisionDialog } from '../ui/DecisionDialog';
import { StatusTabs } from '../ui/Tabs';
import { LoadedList } from '../ui/states';

const LIMIT = 10;
const TABS = [
  ['open', '待仲裁'],
  ['granted', '已退款'],
  ['upheld', '维持拒绝'],
  ['', '全部'],
] as const;
type Tab = (typeof TABS)[number][0];

/** /admin/refund-disputes (support): the order, both reasons and the refusal; grant or uphold. */
export default function RefundDisputeQueue() {
  const [status, setStatus] = useState<Tab>('open');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'grant' | 'uphold'; d: AdminDispute } | null>(null);
  const q = useLoad(() => adminApi('/admin/refundDisputes', { status, page, limit: LIMIT }), `${status}:${page}`);
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
      <LoadedList q={q} empty={status === 'open' ? '没有待仲裁的退款' : '没有符合条件的仲裁记录'}>
        {(data) => (
          <ul className="flex flex-col gap-4">
            {data.list.map((d) => (
              <li key={d.id} className="rounded border border-line p-4 text-sm" data-testid={`dispute-${d.id}`}>
                <div className="flex items-center justify-between">
                  <p>
                    <span className="font-600">订单 {d.order_no}</span>
                    <span className="ml-3 text-ink-soft">
                      {d.items} · 实付 {money(d.pay_amount)}（{d.pay_method}）· {d.order_status_text}
                    </span>
                  </p>
                  <span className={d.status === 'open' ? 'text-brand' : 'text-ink-soft'}>{d.status_text}</span>
                </div>
                <dl className="mt-3 grid grid-cols-[96px_1fr] gap-y-1.5">
                  <dt className="text-ink-mute">买家</dt>
                  <dd>{d.buyer_name}</dd>
                  <dt className="text-ink-mute">卖家</dt>
                  <dd>{d.seller_name}</dd>
                  <dt className="text-ink-mute">退款原因</dt>
                  <dd>{d.refund_reason || '—'}</dd>
                  <dt className="text-ink-mute">卖家拒绝</dt>
                  <dd className="text-danger-strong">{d.refusal}</dd>
                  <dt className="text-ink-mute">仲裁理由</dt>
                  <dd>{d.reason}</dd>
                  {d.decision_note && (
                    <>
                      <dt className="text-ink-mute">仲裁说明</dt>
                      <dd>{d.decision_note}</dd>
                    </>
                  )}
                </dl>
                <div className="mt-3 flex items-center justify-between text-xs text-ink-mute">
                  <span>
                    申请于 {formatDateTime(d.created_at)}
                    {d.decided_at && ` · 处理于 ${formatDateTime(d.decided_at)}`}
                  </span>
                  {d.status === 'open' && (
                    <span className="flex gap-3 text-sm">
                      <button type="button" className="gf-btn h-8 bg-brand px-4 text-white" onClick={() => setDialog({ kind: 'grant', d })}>
                        同意退款
                      </button>
                      <button
                        type="button"
                        className="gf-btn h-8 border border-line px-4 text-ink-soft"
                        onClick={() => setDialog({ kind: 'uphold', d })}
                      >
                        维持拒绝
                      </button>
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      {dialog && (
        <DecisionDialog
          title={dialog.kind === 'grant' ? '同意退款' : '维持卖家的拒绝'}
          label="仲裁说明（买卖双方都会看到）"
          confirm={dialog.kind === 'grant' ? '同意退款' : '维持拒绝'}
          done={dialog.kind === 'grant' ? '已同意退款' : '已维持卖家的拒绝'}
          intro={
            dialog.kind === 'grant' ? (
              <>将按原支付方式退回 {money(dialog.d.pay_amount)}，卖家的该笔收入扣回。</>
            ) : (
              <>订单保持现状，买家不能再次申请仲裁。</>
            )
          }
          onClose={() => setDialog(null)}
          onConfirm={async (note) => {
            await adminApi(dialog.kind === 'grant' ? '/admin/refundDispute/grant' : '/admin/refundDispute/uphold', {
              id: dialog.d.id,
              note,
            });
            q.reload();
          }}
        />
      )}
    </div>
  );
}
