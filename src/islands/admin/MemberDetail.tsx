import { useState } from 'react';
import type { StaffRole } from '~/lib/rules/staff';
import { staffMay } from '~/lib/rules/staff';
import { formatDateTime, money } from '~/lib/format';
import {
  adjustMemberCoins,
  disableMember,
  enableMember,
  fetchMember,
  memberCoinLedger,
  memberOrders,
  memberSellerLedger,
} from '~/lib/stores/admin-members';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useListQuery } from '../ui/useListQuery';
import { useLoad } from '../ui/useLoad';
import { DecisionDialog } from '../ui/DecisionDialog';
import { bodyCell, headCell } from '../ui/Table';
import { LoadedList } from '../ui/states';

type Tab = 'orders' | 'coins' | 'seller';

/** /admin/members/detail?id=: profile, balances, orders and ledgers; disable/enable (support), coins (finance). */
export default function MemberDetail(props: { role: StaffRole; id: number }) {
  const { id } = props;
  const q = useLoad(() => fetchMember({ id }), id);
  const [dialog, setDialog] = useState<'disable' | 'enable' | 'coins' | null>(null);
  const [tab, setTab] = useState<Tab>('orders');
  if (!id) return <p className="py-10 text-center text-ink-soft">缺少会员编号，请从会员列表进入。</p>;
  if (q.error && !q.data)
    return (
      <p role="alert" className="py-10 text-center text-ink-soft">
        {q.error}
        <a className="ml-3 text-brand" href="/admin/members">
          返回会员列表
        </a>
      </p>
    );
  if (!q.data) return <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  const m = q.data.member;
  const afterChange = () => {
    setDialog(null);
    q.reload();
  };
  return (
    <div className="flex flex-col gap-5">
      <section className="flex items-start justify-between rounded border border-line p-5" aria-label="会员资料">
        <dl className="grid grid-cols-[80px_1fr_80px_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-ink-mute">昵称</dt>
          <dd data-testid="member-nick">{m.nick_name}</dd>
          <dt className="text-ink-mute">编号</dt>
          <dd>{m.id}</dd>
          <dt className="text-ink-mute">手机号</dt>
          <dd>{m.phone || '未绑定'}</dd>
          <dt className="text-ink-mute">身份</dt>
          <dd>{m.identity_text}</dd>
          <dt className="text-ink-mute">功夫币</dt>
          <dd data-testid="member-coins">{m.coins}</dd>
          <dt className="text-ink-mute">注册时间</dt>
          <dd>{formatDateTime(m.created_at)}</dd>
          <dt className="text-ink-mute">状态</dt>
          <dd data-testid="member-status">
            {m.status === 1 ? '正常' : <span className="text-danger-strong">已禁用（{m.disabled_reason || '未注明原因'}）</span>}
          </dd>
        </dl>
        <div className="flex gap-3 text-sm">
          {staffMay(props.role, ['finance']) && (
            <button type="button" className="gf-btn h-8 border border-line px-4 text-ink" onClick={() => setDialog('coins')}>
              调整功夫币
            </button>
          )}
          {staffMay(props.role, ['support']) &&
            (m.status === 1 ? (
              <button type="button" className="gf-btn h-8 bg-danger-strong px-4 text-white" onClick={() => setDialog('disable')}>
                禁用账号
              </button>
            ) : (
              <button type="button" className="gf-btn h-8 bg-brand px-4 text-white" onClick={() => setDialog('enable')}>
                解除禁用
              </button>
            ))}
        </div>
      </section>

      {q.data.seller_accounts.length > 0 && (
        <section aria-label="卖家账户">
          <h2 className="mb-2 text-base font-600">卖家账户</h2>
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>身份</th>
                <th className={headCell}>名称</th>
                <th className={headCell}>待结算</th>
                <th className={headCell}>可提现</th>
                <th className={headCell}>提现中</th>
                <th className={headCell}>已提现</th>
              </tr>
            </thead>
            <tbody>
              {q.data.seller_accounts.map((a) => (
                <tr key={a.id} className="border-b border-line">
                  <td className={bodyCell}>{a.owner_kind_text}</td>
                  <td className={bodyCell}>{a.owner_name}</td>
                  <td className={bodyCell}>{money(a.pending)}</td>
                  <td className={bodyCell}>{money(a.balance)}</td>
                  <td className={bodyCell}>{money(a.frozen)}</td>
                  <td className={bodyCell}>{money(a.withdrawn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section aria-label="记录">
        <div role="tablist" className="mb-3 flex gap-5 border-b border-line text-sm">
          {(
            [
              ['orders', '订单'],
              ['coins', '功夫币流水'],
              ...(q.data.seller_accounts.length ? [['seller', '卖家资金流水'] as const] : []),
            ] as const
          ).map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              onClick={() => setTab(k)}
              className={`-mb-px border-b-2 pb-2 ${tab === k ? 'border-brand-accent text-brand' : 'border-transparent text-ink-soft'}`}
            >
              {label}
            </button>
          ))}
        </div>
        {tab === 'orders' && <Orders id={id} />}
        {tab === 'coins' && <Coins id={id} key={m.coins} />}
        {tab === 'seller' && <SellerLedger id={id} />}
      </section>

      {dialog === 'disable' && (
        <DecisionDialog
          title="禁用账号"
          label="禁用原因（会员登录时会看到）"
          confirm="禁用"
          danger
          done="已禁用，该会员的登录已全部失效"
          intro={<>禁用后「{m.nick_name}」的所有登录立即失效，且无法再登录。</>}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await disableMember({ id, reason });
            afterChange();
          }}
        />
      )}
      {dialog === 'enable' && (
        <DecisionDialog
          title="解除禁用"
          label="解除说明"
          confirm="解除禁用"
          done="已解除禁用"
          onClose={() => setDialog(null)}
          onConfirm={async (note) => {
            await enableMember({ id, note });
            afterChange();
          }}
        />
      )}
      {dialog === 'coins' && <CoinsDialog id={id} balance={m.coins} onClose={() => setDialog(null)} onDone={afterChange} />}
    </div>
  );
}

function CoinsDialog(props: { id: number; balance: number; onClose: () => void; onDone: () => void }) {
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const act = useAction();
  const field = 'w-full rounded border border-line px-3 text-sm outline-none focus:border-brand-accent';
  return (
    <Modal
      open
      title="调整功夫币"
      width={440}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="gf-btn h-9 border border-line px-5 text-ink-soft" onClick={props.onClose}>
            取消
          </button>
          <button type="submit" form="coins-form" disabled={act.busy} className="gf-btn h-9 bg-brand px-5 text-white">
            {act.busy ? '提交中…' : '确认调整'}
          </button>
        </>
      }
    >
      <form
        id="coins-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(
              () =>
                adjustMemberCoins({
                  id: props.id,
                  delta: Number(delta),
                  balance_was: props.balance,
                  reason: reason.trim(),
                }),
              { done: '功夫币已调整' },
            )
            .then((r) => r && props.onDone());
        }}
      >
        <p className="mb-3 text-sm text-ink-soft">当前余额 {props.balance} 个。增加填正数，扣减填负数；余额不会低于 0。</p>
        <label className="mb-1 block text-sm text-ink-soft" htmlFor="coin-delta">
          调整数量
        </label>
        <input
          id="coin-delta"
          inputMode="numeric"
          className={`${field} h-9`}
          value={delta}
          placeholder="如 50 或 -20"
          onChange={(e) => setDelta(e.target.value.replace(/[^\d-]/g, ''))}
        />
        <label className="mb-1 mt-3 block text-sm text-ink-soft" htmlFor="coin-reason">
          调整原因（写入流水）
        </label>
        <textarea
          id="coin-reason"
          className={`${field} h-20 resize-none py-2`}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {act.error && (
          <p role="alert" className="mt-2 text-sm text-danger-strong">
            {act.error}
          </p>
        )}
      </form>
    </Modal>
  );
}

function Orders(props: { id: number }) {
  const q = useListQuery(() => memberOrders(props.id));
  return (
    <>
      <LoadedList q={q} empty="没有订单">
        {(d) => (
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>下单时间</th>
                <th className={headCell}>订单号</th>
                <th className={headCell}>内容</th>
                <th className={headCell}>实付</th>
                <th className={headCell}>状态</th>
              </tr>
            </thead>
            <tbody>
              {d.list.map((o) => (
                <tr key={o.id} className="border-b border-line">
                  <td className={`${bodyCell} text-ink-soft`}>{formatDateTime(o.created_at)}</td>
                  <td className={`${bodyCell} font-mono text-xs`}>{o.order_no}</td>
                  <td className={bodyCell}>{o.items}</td>
                  <td className={bodyCell}>
                    {money(o.pay_amount)}
                    {o.pay_method && <span className="ml-1 text-xs text-ink-mute">{o.pay_method}</span>}
                  </td>
                  <td className={bodyCell}>{o.status_text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={q.page} total={q.data.total} limit={q.query.limit} onPage={(p) => void q.query.setPage(p)} />}
    </>
  );
}

function Coins(props: { id: number }) {
  const q = useListQuery(() => memberCoinLedger(props.id));
  return (
    <>
      <LoadedList q={q} empty="没有功夫币流水">
        {(d) => (
          <table className="w-full text-left text-sm" data-testid="coin-ledger">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>时间</th>
                <th className={headCell}>类型</th>
                <th className={headCell}>变动</th>
                <th className={headCell}>余额</th>
                <th className={headCell}>备注</th>
              </tr>
            </thead>
            <tbody>
              {d.list.map((r) => (
                <tr key={r.id} className="border-b border-line">
                  <td className={`${bodyCell} text-ink-soft`}>{formatDateTime(r.created_at)}</td>
                  <td className={bodyCell}>{r.reason_text}</td>
                  <td className={`${bodyCell} ${r.delta > 0 ? 'text-success-soft' : 'text-danger-strong'}`}>
                    {r.delta > 0 ? `+${r.delta}` : r.delta}
                  </td>
                  <td className={bodyCell}>{r.balance_after}</td>
                  <td className={bodyCell}>{r.note || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={q.page} total={q.data.total} limit={q.query.limit} onPage={(p) => void q.query.setPage(p)} />}
    </>
  );
}

function SellerLedger(props: { id: number }) {
  const q = useListQuery(() => memberSellerLedger(props.id));
  const d = (n: number) => (n ? (n > 0 ? `+${money(n)}` : `-${money(-n)}`) : '—');
  return (
    <>
      <LoadedList q={q} empty="没有卖家资金流水">
        {(data) => (
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>时间</th>
                <th className={headCell}>类型</th>
                <th className={headCell}>待结算</th>
                <th className={headCell}>可提现</th>
                <th className={headCell}>提现中</th>
                <th className={headCell}>已提现</th>
                <th className={headCell}>备注</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((r) => (
                <tr key={r.id} className="border-b border-line">
                  <td className={`${bodyCell} text-ink-soft`}>{formatDateTime(r.created_at)}</td>
                  <td className={bodyCell}>{r.reason_text}</td>
                  <td className={bodyCell}>{d(r.pending_delta)}</td>
                  <td className={bodyCell}>{d(r.balance_delta)}</td>
                  <td className={bodyCell}>{d(r.frozen_delta)}</td>
                  <td className={bodyCell}>{d(r.withdrawn_delta)}</td>
                  <td className={bodyCell}>{r.note || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={q.page} total={q.data.total} limit={q.query.limit} onPage={(p) => void q.query.setPage(p)} />}
    </>
  );
}
