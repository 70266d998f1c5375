import { useState, type SubmitEvent } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { Modal } from '../ui/Modal';
import type { Order } from './parts';

const REASONS = ['不想要了', '拍错了 / 多拍了', '商品与描述不符', '质量问题', '未按约定时间发货', '其他'];

/** The buttons an order offers in its current status (list rows and the detail page share them). */
export function OrderActions(props: { order: Order; onChanged: () => void; detailLink?: boolean }) {
  const o = props.order;
  const [refund, setRefund] = useState(false);

  async function act(path: string, confirmText: string, doneText: string) {
    if (!confirm(confirmText)) return;
    try {
      await untypedApi(path, { id: o.id });
      toast.success(doneText);
      props.onChanged();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  const learn = o.kind === 'course' && ['paid', 'completed'].includes(o.status) && o.items[0]?.course_id;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {props.detailLink && (
        <a className="gf-btn-ghost h-8" href={`/order/detail?id=${o.id}`}>
          订单详情
        </a>
      )}
      {o.status === 'unpaid' && (
        <>
          <button type="button" className="gf-btn-ghost h-8" onClick={() => act('/order/cancel', '确定取消该订单吗？', '订单已取消')}>
            取消订单
          </button>
          <a className="gf-btn-primary h-8" href={`/order/middle?id=${o.id}`}>
            去支付
          </a>
        </>
      )}
      {o.status === 'shipped' && (
        <button
          type="button"
          className="gf-btn-primary h-8"
          onClick={() => act('/order/receive', '请确认已收到商品，确认后订单完成', '已确认收货')}
        >
          确认收货
        </button>
      )}
      {o.can_refund === 1 && (
        <button type="button" className="gf-btn-ghost h-8" onClick={() => setRefund(true)}>
          申请退款
        </button>
      )}
      {o.status === 'refunding' && (
        <button
          type="button"
          className="gf-btn-ghost h-8"
          onClick={() => act('/order/refundCancel', '确定撤销退款申请吗？', '已撤销退款申请')}
        >
          撤销退款
        </button>
      )}
      {learn && (
        <a className="gf-btn-primary h-8" href={`/train/courseDetail?id=${o.items[0]!.course_id}`}>
          去学习
        </a>
      )}
      <RefundDialog open={refund} order={o} onClose={() => setRefund(false)} onDone={() => (setRefund(false), props.onChanged())} />
    </div>
  );
}

function RefundDialog(props: { open: boolean; order: Order; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [more, setMore] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const text = reason === '其他' ? more.trim() : more.trim() ? `${reason}：${more.trim()}` : reason;
    if (!reason || text.length < 2) return void toast.error('请填写退款原因');
    setBusy(true);
    try {
      await untypedApi('/order/refund', { id: props.order.id, reason: text.slice(0, 200) });
      toast.success('退款申请已提交');
      props.onDone();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open={props.open} title="申请退款" width={480} onClose={props.onClose}>
      <form className="flex flex-col gap-4 text-sm" onSubmit={submit}>
        <p className="text-ink-soft">订单 {props.order.order_no}，退款将由卖家审核处理。</p>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="退款原因">
          {REASONS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={reason === r}
              onClick={() => setReason(r)}
              className={`rounded border px-3 py-1.5 ${reason === r ? 'border-brand bg-brand-light text-brand' : 'border-line text-ink-soft'}`}
            >
              {r}
            </button>
          ))}
        </div>
        <textarea
          className="gf-input h-20 py-2"
          maxLength={150}
          placeholder={reason === '其他' ? '请说明退款原因' : '补充说明（选填）'}
          value={more}
          onChange={(e) => setMore(e.target.value)}
          aria-label="补充说明"
        />
        <div className="flex justify-end gap-3">
          <button type="button" className="gf-btn-ghost" onClick={props.onClose}>
            取消
          </button>
          <button type="submit" className="gf-btn-primary w-28" disabled={busy}>
            提交申请
          </button>
        </div>
      </form>
    </Modal>
  );
}
