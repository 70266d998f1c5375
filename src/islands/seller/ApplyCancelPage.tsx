import { useState, type SubmitEvent } from 'react';
import { formatDateTime } from '~/lib/format';
import { fenText } from '~/lib/rules/bank';
import { CANCEL_REASON_MAX, ShopCancelStatus } from '~/lib/rules/shop-cancel';
import { applyShopCancel, fetchCancelInfo, setShopCancelStatus, withdrawShopCancel } from '~/lib/stores/shop-cancel';
import type { ApiOutput } from '~/lib/api/types';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { LoadFailed } from '../ui/states';

type Info = ApiOutput<'/shop/applyCancelInfo'>;

/** /mechant/applycancel: the conditions, the application with a reason, its status and history. */
export default function ApplyCancelPage() {
  return (
    <SellerOnly area="mechant">
      <ApplyCancel />
    </SellerOnly>
  );
}

function ApplyCancel() {
  const info = useLoad(fetchCancelInfo);
  const d = info.data;
  return (
    <>
      <h1 className="mb-6 border-b border-line pb-4 text-lg font-600">注销店铺</h1>
      {info.error && !d ? (
        <LoadFailed load={info} />
      ) : !d ? (
        <p className="py-16 text-center text-ink-mute">加载中…</p>
      ) : (
        <Body d={d} reload={info.reload} />
      )}
    </>
  );
}

function Body({ d, reload }: { d: Info; reload: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <StatusBanner d={d} />
      {d.status === ShopCancelStatus.NORMAL && <Conditions d={d} />}
      {d.status === ShopCancelStatus.NORMAL && <ApplyForm ok={d.conditions.ok} problem={d.conditions.problem} done={reload} />}
      {d.status === ShopCancelStatus.PENDING && d.application && <Pending d={d} done={reload} />}
      {d.history.length > 0 && <History d={d} />}
    </div>
  );
}

function StatusBanner({ d }: { d: Info }) {
  const tone =
    d.status === ShopCancelStatus.PENDING
      ? 'bg-brand-light text-brand-deep'
      : d.status === ShopCancelStatus.CANCELLED
        ? 'bg-danger-light text-danger'
        : 'bg-success-light text-success-deep';
  const last = d.application;
  return (
    <div className={`rounded-lg px-5 py-4 ${tone}`} data-testid="cancel-status">
      <p className="text-[15px] font-600">店铺状态：{d.status_text}</p>
      {d.status === ShopCancelStatus.PENDING && (
        <p className="mt-1 text-sm">注销申请审核中，店铺商品和课程已暂时下架；审核结果会通知你。你也可以撤回申请。</p>
      )}
      {d.status === ShopCancelStatus.NORMAL && last?.status === 'refused' && (
        <p className="mt-1 text-sm">上次注销申请未通过{last.refuse_reason ? `：${last.refuse_reason}` : ''}，商品和课程已恢复上架。</p>
      )}
      {d.status === ShopCancelStatus.NORMAL && !last && (
        <p className="mt-1 text-sm">注销后店铺将关闭，商品和课程永久下架，且不可恢复，请谨慎操作。</p>
      )}
    </div>
  );
}

function Check(props: { ok: boolean; label: string; detail: string; href?: string; action?: string }) {
  return (
    <li className="flex items-center gap-3 border-b border-line py-3 last:border-b-0">
      <span className={props.ok ? 'i-ri-checkbox-circle-fill text-xl text-success' : 'i-ri-close-circle-fill text-xl text-danger'} />
      <span className="flex-1 text-sm">{props.label}</span>
      <span className={`text-sm ${props.ok ? 'text-ink-soft' : 'text-danger'}`}>{props.detail}</span>
      {!props.ok && props.href && (
        <a href={props.href} className="text-sm text-brand">
          {props.action}
        </a>
      )}
    </li>
  );
}

function Conditions({ d }: { d: Info }) {
  const c = d.conditions;
  return (
    <section aria-labelledby="cond-title">
      <h2 id="cond-title" className="mb-2 text-[15px] font-600">
        申请条件
      </h2>
      <ul className="rounded-lg border border-line px-5" data-testid="cancel-conditions">
        <Check
          ok={c.unfinished_orders === 0}
          label="没有未完成的订单（待付款、待发货、待收货、退款中）"
          detail={c.unfinished_orders === 0 ? '已满足' : `还有 ${c.unfinished_orders} 笔`}
          href="/mechant/order/goods"
          action="去处理"
        />
        <Check ok={c.pending === 0} label="没有待结算的收入" detail={c.pending === 0 ? '已满足' : fenText(c.pending)} />
        <Check
          ok={c.balance === 0}
          label="可提现余额已全部提现"
          detail={c.balance === 0 ? '已满足' : fenText(c.balance)}
          href="/mechant/finance"
          action="去提现"
        />
        <Check ok={c.frozen === 0} label="没有处理中的提现" detail={c.frozen === 0 ? '已满足' : fenText(c.frozen)} />
      </ul>
    </section>
  );
}

function ApplyForm(props: { ok: boolean; problem: string; done: () => void }) {
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState(false);
  const send = useAction();

  function submit(e: SubmitEvent) {
    e.preventDefault();
    setConfirm(true);
  }
  function apply() {
    void send.run(
      async () => {
        const s = await applyShopCancel(reason);
        setShopCancelStatus(s.status);
        setConfirm(false);
        props.done();
      },
      { done: '注销申请已提交，审核期间店铺商品和课程已下架' },
    );
  }

  return (
    <section aria-labelledby="apply-title">
      <h2 id="apply-title" className="mb-2 text-[15px] font-600">
        注销申请
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <label className="flex flex-col gap-2 text-sm">
          <span className="text-ink-soft">注销原因</span>
          <textarea
            className="h-28 w-full resize-none rounded-md border border-line-strong p-3 text-sm outline-none focus:border-brand-accent"
            aria-label="注销原因"
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="请说明注销店铺的原因"
          />
          <span className="self-end text-xs text-ink-mute">
            {reason.length}/{CANCEL_REASON_MAX}
          </span>
        </label>
        {!props.ok && (
          <p role="status" className="text-sm text-danger">
            {props.problem}
          </p>
        )}
        <div>
          <button type="submit" className="gf-btn-primary w-36" disabled={!props.ok || send.busy}>
            提交注销申请
          </button>
        </div>
      </form>
      <Modal open={confirm} title="确认注销店铺" onClose={() => setConfirm(false)}>
        <p className="text-sm leading-6 text-ink-soft">
          提交后店铺所有在售商品和课程将立即下架，等待平台审核。审核通过后店铺关闭、不可恢复；审核期间可以撤回申请，商品和课程会恢复上架。
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className="gf-btn-ghost w-24" onClick={() => setConfirm(false)}>
            取消
          </button>
          <button type="button" className="gf-btn-primary w-28" disabled={send.busy} onClick={apply}>
            {send.busy ? '提交中…' : '确认提交'}
          </button>
        </div>
      </Modal>
    </section>
  );
}

function Pending({ d, done }: { d: Info; done: () => void }) {
  const a = d.application;
  const back = useAction();
  if (!a) return null;
  return (
    <section className="rounded-lg border border-line px-5 py-4 text-sm" aria-label="审核中的申请">
      <dl className="grid grid-cols-[90px_1fr] gap-y-2">
        <dt className="text-ink-soft">提交时间</dt>
        <dd>{formatDateTime(a.created_at)}</dd>
        <dt className="text-ink-soft">注销原因</dt>
        <dd className="whitespace-pre-wrap break-all">{a.reason}</dd>
        <dt className="text-ink-soft">已下架</dt>
        <dd>
          商品 {a.off_goods} 件，课程 {a.off_courses} 门（撤回或未通过时恢复上架）
        </dd>
      </dl>
      <button
        type="button"
        className="gf-btn-ghost mt-4"
        disabled={back.busy}
        onClick={() =>
          void back.run(
            async () => {
              const s = await withdrawShopCancel();
              setShopCancelStatus(s.status);
              done();
            },
            { done: '注销申请已撤回，商品和课程已恢复上架' },
          )
        }
      >
        撤回申请
      </button>
    </section>
  );
}

function History({ d }: { d: Info }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="mb-2 text-[15px] font-600">
        申请记录
      </h2>
      <table className="w-full text-sm" data-testid="cancel-history">
        <thead>
          <tr className="bg-page text-left text-ink-soft">
            <th className="px-4 py-2.5 font-400">提交时间</th>
            <th className="px-4 py-2.5 font-400">原因</th>
            <th className="px-4 py-2.5 font-400">结果</th>
            <th className="px-4 py-2.5 font-400">处理时间</th>
          </tr>
        </thead>
        <tbody>
          {d.history.map((h) => (
            <tr key={h.id} className="border-b border-line">
              <td className="whitespace-nowrap px-4 py-3 text-ink-soft">{formatDateTime(h.created_at)}</td>
              <td className="max-w-[280px] truncate px-4 py-3" title={h.reason}>
                {h.reason}
              </td>
              <td className="px-4 py-3">
                {h.status_text}
                {h.refuse_reason && <span className="ml-1 text-ink-mute">（{h.refuse_reason}）</span>}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-ink-soft">{h.decided_at ? formatDateTime(h.decided_at) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
