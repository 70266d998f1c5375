import { useState } from 'react';
import type { AdminWithdrawal } from '~/lib/api/contract/operations';
import { adminApi } from '~/lib/api/admin-client';
import { formatDateTime, money } from '~/lib/format';
import { groupCardDigits } from '~/lib/rules/bank';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { DecisionDialog } from '../ui/DecisionDialog';
import { bodyCell, headCell } from '../ui/Table';
import { StatusTabs } from '../ui/Tabs';
import { inlineLinkBtn } from '../ui/buttons';
import { LoadedList } from '../ui/states';

const LIMIT = 20;
const TABS = [
  ['pending', '待处理'],
  ['paid', '已打款'],
  ['refused', '已退回'],
  ['', '全部'],
] as const;
type Tab = (typeof TABS)[number][0];

/** /admin/withdrawals (finance): pay out with the transfer reference, or send back with a reason. */
export default function WithdrawalsQueue() {
  const [status, setStatus] = useState<Tab>('pending');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'pay' | 'refuse'; w: AdminWithdrawal } | null>(null);
  const q = useLoad(() => adminApi('/admin/withdrawals', { status, page, limit: LIMIT }), `${status}:${page}`);
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
      <LoadedList q={q} empty={status === 'pending' ? '没有待处理的提现申请' : '没有符合条件的提现记录'}>
        {(data) => (
          <table className="w-full text-left text-sm" data-testid="withdrawals-table">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>申请时间</th>
                <th className={headCell}>卖家</th>
                <th className={headCell}>金额</th>
                <th className={headCell}>收款账户</th>
                <th className={headCell}>状态</th>
                <th className={headCell}>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((w) => (
                <Row key={w.id} w={w} onPay={() => setDialog({ kind: 'pay', w })} onRefuse={() => setDialog({ kind: 'refuse', w })} />
              ))}
            </tbody>
          </table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      {dialog?.kind === 'pay' && (
        <DecisionDialog
          title="确认已打款"
          label="银行转账流水号"
          placeholder="网银转账成功后的流水号"
          multiline={false}
          confirm="确认已打款"
          done="已标记为已打款，卖家会收到通知"
          intro={
            <>
              向 {dialog.w.holder_name}（{dialog.w.bank_name} {dialog.w.card_mask}）转账{' '}
              <b className="text-ink">{money(dialog.w.amount)}</b> 后填写流水号。
            </>
          }
          onClose={() => setDialog(null)}
          onConfirm={async (reference) => {
            await adminApi('/admin/withdrawal/pay', { id: dialog.w.id, reference });
            q.reload();
          }}
        />
      )}
      {dialog?.kind === 'refuse' && (
        <DecisionDialog
          title="退回提现申请"
          label="退回原因（卖家会看到）"
          placeholder="如：户名与卡号不符，请核对后重新申请"
          confirm="退回"
          danger
          done="已退回，金额已回到卖家余额"
          intro={<>退回后 {money(dialog.w.amount)} 回到卖家的可提现余额。</>}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await adminApi('/admin/withdrawal/refuse', { id: dialog.w.id, reason });
            q.reload();
          }}
        />
      )}
    </div>
  );
}

function Row(props: { w: AdminWithdrawal; onPay: () => void; onRefuse: () => void }) {
  const { w } = props;
  const [full, setFull] = useState('');
  const reveal = useAction();
  return (
    <tr className="border-b border-line" data-testid={`withdrawal-${w.id}`}>
      <td className={`${bodyCell} whitespace-nowrap text-ink-soft`}>{formatDateTime(w.created_at)}</td>
      <td className={bodyCell}>
        <span className="mr-1 rounded bg-surface-chip px-1.5 text-xs text-ink-soft">{w.owner_kind_text}</span>
        {w.owner_name}
        <div className="text-xs text-ink-mute">
          {w.user_phone} · 余额 {money(w.balance)}
        </div>
      </td>
      <td className={`${bodyCell} font-600`}>{money(w.amount)}</td>
      <td className={bodyCell}>
        {w.holder_name} · {w.bank_name}
        <div className="font-mono text-xs text-ink-soft" data-testid="card-number">
          {full ? groupCardDigits(full) : w.card_mask}
          {!full && w.status === 'pending' && (
            <button
              type="button"
              className={`${inlineLinkBtn} ml-2`}
              disabled={reveal.busy}
              onClick={() => void reveal.run(async () => setFull((await adminApi('/admin/withdrawal/cardNumber', { id: w.id })).card_no))}
            >
              显示完整卡号
            </button>
          )}
        </div>
      </td>
      <td className={bodyCell}>
        {w.status_text}
        {w.transfer_ref && <div className="text-xs text-ink-mute">流水号 {w.transfer_ref}</div>}
        {w.refuse_reason && <div className="text-xs text-danger-strong">{w.refuse_reason}</div>}
        {w.decided_at && <div className="text-xs text-ink-mute">{formatDateTime(w.decided_at)}</div>}
      </td>
      <td className={`${bodyCell} whitespace-nowrap`}>
        {w.status === 'pending' ? (
          <>
            <button type="button" className={inlineLinkBtn} onClick={props.onPay}>
              确认打款
            </button>
            <button type="button" className="ml-3 text-danger-strong hover:underline" onClick={props.onRefuse}>
              退回
            </button>
          </>
        ) : (
          <span className="text-ink-mute">—</span>
        )}
      </td>
    </tr>
  );
}
