import type { ReactNode } from 'react';
import { formatDateTime, money } from '~/lib/format';
import { disputeQueue, grantDispute, upholdDispute, type AdminDispute, type DisputeTab } from '~/lib/stores/admin-queues';
import { StatusQueue, type QueueConfig } from './StatusQueue';

const config: QueueConfig<AdminDispute, DisputeTab> = {
  queue: disputeQueue,
  tabs: [
    ['open', '待仲裁'],
    ['granted', '已退款'],
    ['upheld', '维持拒绝'],
    ['', '全部'],
  ],
  empty: (status) => (status === 'open' ? '没有待仲裁的退款' : '没有符合条件的仲裁记录'),
  pending: (d) => d.status === 'open',
  view: { card: (d, actions) => <DisputeCard key={d.id} d={d} actions={actions} /> },
  actions: [
    {
      label: '同意退款',
      look: 'primary',
      decision: (d) => ({
        title: '同意退款',
        label: '仲裁说明（买卖双方都会看到）',
        confirm: '同意退款',
        done: '已同意退款',
        intro: <>将按原支付方式退回 {money(d.pay_amount)}，卖家的该笔收入扣回。</>,
        run: (note) => grantDispute(d.id, note),
      }),
    },
    {
      label: '维持拒绝',
      look: 'plain',
      decision: (d) => ({
        title: '维持卖家的拒绝',
        label: '仲裁说明（买卖双方都会看到）',
        confirm: '维持拒绝',
        done: '已维持卖家的拒绝',
        intro: <>订单保持现状，买家不能再次申请仲裁。</>,
        run: (note) => upholdDispute(d.id, note),
      }),
    },
  ],
};

/** /admin/refund-disputes (support): the order, both reasons and the refusal; grant or uphold. */
export default function RefundDisputeQueue() {
  return <StatusQueue config={config} />;
}

function DisputeCard(props: { d: AdminDispute; actions: ReactNode }) {
  const { d } = props;
  return (
    <li className="rounded border border-line p-4 text-sm" data-testid={`dispute-${d.id}`}>
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
        {props.actions && <span className="flex gap-3 text-sm">{props.actions}</span>}
      </div>
    </li>
  );
}
