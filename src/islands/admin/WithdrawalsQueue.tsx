import { useState } from 'react';
import { formatDateTime, money } from '~/lib/format';
import { groupCardDigits } from '~/lib/rules/bank';
import {
  payWithdrawal,
  refuseWithdrawal,
  withdrawalCardNumber,
  withdrawalQueue,
  type AdminWithdrawal,
  type WithdrawalTab,
} from '~/lib/stores/admin-queues';
import { inlineLinkBtn } from '../ui/buttons';
import { useAction } from '../ui/useAction';
import { StatusQueue, type QueueConfig } from './StatusQueue';

const config: QueueConfig<AdminWithdrawal, WithdrawalTab> = {
  queue: withdrawalQueue,
  tabs: [
    ['pending', '待处理'],
    ['paid', '已打款'],
    ['refused', '已退回'],
    ['', '全部'],
  ],
  empty: (status) => (status === 'pending' ? '没有待处理的提现申请' : '没有符合条件的提现记录'),
  pending: (w) => w.status === 'pending',
  view: {
    testId: 'withdrawals-table',
    rowTestId: (w) => `withdrawal-${w.id}`,
    table: [
      { head: '申请时间', className: 'whitespace-nowrap text-ink-soft', cell: (w) => formatDateTime(w.created_at) },
      {
        head: '卖家',
        cell: (w) => (
          <>
            <span className="mr-1 rounded bg-surface-chip px-1.5 text-xs text-ink-soft">{w.owner_kind_text}</span>
            {w.owner_name}
            <div className="text-xs text-ink-mute">
              {w.user_phone} · 余额 {money(w.balance)}
            </div>
          </>
        ),
      },
      { head: '金额', className: 'font-600', cell: (w) => money(w.amount) },
      {
        head: '收款账户',
        cell: (w) => (
          <>
            {w.holder_name} · {w.bank_name}
            <CardNumber w={w} />
          </>
        ),
      },
      {
        head: '状态',
        cell: (w) => (
          <>
            {w.status_text}
            {w.transfer_ref && <div className="text-xs text-ink-mute">流水号 {w.transfer_ref}</div>}
            {w.refuse_reason && <div className="text-xs text-danger-strong">{w.refuse_reason}</div>}
            {w.decided_at && <div className="text-xs text-ink-mute">{formatDateTime(w.decided_at)}</div>}
          </>
        ),
      },
    ],
  },
  actions: [
    {
      label: '确认打款',
      look: 'link',
      decision: (w) => ({
        title: '确认已打款',
        label: '银行转账流水号',
        placeholder: '网银转账成功后的流水号',
        multiline: false,
        confirm: '确认已打款',
        done: '已标记为已打款，卖家会收到通知',
        intro: (
          <>
            向 {w.holder_name}（{w.bank_name} {w.card_mask}）转账 <b className="text-ink">{money(w.amount)}</b> 后填写流水号。
          </>
        ),
        run: (reference) => payWithdrawal(w.id, reference),
      }),
    },
    {
      label: '退回',
      look: 'danger',
      decision: (w) => ({
        title: '退回提现申请',
        label: '退回原因（卖家会看到）',
        placeholder: '如：户名与卡号不符，请核对后重新申请',
        confirm: '退回',
        danger: true,
        done: '已退回，金额已回到卖家余额',
        intro: <>退回后 {money(w.amount)} 回到卖家的可提现余额。</>,
        run: (reason) => refuseWithdrawal(w.id, reason),
      }),
    },
  ],
};

/** /admin/withdrawals (finance): pay out with the transfer reference, or send back with a reason. */
export default function WithdrawalsQueue() {
  return <StatusQueue config={config} />;
}

/** The masked card number; a pending withdrawal's whole number on request (for the transfer). */
function CardNumber(props: { w: AdminWithdrawal }) {
  const { w } = props;
  const [full, setFull] = useState('');
  const reveal = useAction();
  return (
    <div className="font-mono text-xs text-ink-soft" data-testid="card-number">
      {full ? groupCardDigits(full) : w.card_mask}
      {!full && w.status === 'pending' && (
        <button
          type="button"
          className={`${inlineLinkBtn} ml-2`}
          disabled={reveal.busy}
          onClick={() => void reveal.run(async () => setFull(await withdrawalCardNumber(w.id)))}
        >
          显示完整卡号
        </button>
      )}
    </div>
  );
}
