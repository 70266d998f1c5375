import { useState, type SubmitEvent } from 'react';
import {
  cancelOrder,
  learnCourseId,
  ORDER_ACTION_TEXTS,
  receiveOrder,
  REFUND_REASONS,
  requestRefund,
  withdrawRefund,
  type Order,
} from '~/lib/stores/orders';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';

/** The buttons an order offers in its current status (list rows and the detail page share them). */
export function OrderActions(props: { order: Order; onChanged: () => void; detailLink?: boolean }) {
  const o = props.order;
  const { onChanged } = props;
  const [refund, setRefund] = useState(false);
  const act = useAction();

  /** Asks first (the browser's confirm), then runs the step and reloads the order. */
  function step(fn: (id: number) => Promise<unknown>, [question, done]: readonly [string, string]) {
    if (!confirm(question)) return;
    void act.run(() => fn(o.id).then(onChanged), { done });
  }

  const learn = learnCourseId(o);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {props.detailLink && (
        <a className="gf-btn-ghost h-8" href={`/order/detail?id=${o.id}`}>
          订单详情
        </a>
      )}
      {o.status === 'unpaid' && (
        <>
          <button
            type="button"
            className="gf-btn-ghost h-8"
            disabled={act.busy}
            onClick={() => step(cancelOrder, ORDER_ACTION_TEXTS.cancel)}
          >
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
          disabled={act.busy}
          onClick={() => step(receiveOrder, ORDER_ACTION_TEXTS.receive)}
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
          disabled={act.busy}
          onClick={() => step(withdrawRefund, ORDER_ACTION_TEXTS.withdraw)}
        >
          撤销退款
        </button>
      )}
      {o.can_review === 1 && (
        <a className="gf-btn-primary h-8" href={`/my/order/publish?id=${o.id}`}>
          评价
        </a>
      )}
      {learn && (
        <a className="gf-btn-primary h-8" href={`/train/courseDetail?id=${learn}`}>
          去学习
        </a>
      )}
      <Modal open={refund} title="申请退款" width={480} onClose={() => setRefund(false)}>
        <RefundForm
          order={o}
          onClose={() => setRefund(false)}
          onDone={() => {
            setRefund(false);
            onChanged();
          }}
        />
      </Modal>
    </div>
  );
}

/** 申请退款: a reason picked (and a note); the form starts afresh each time the dialog opens. */
function RefundForm(props: { order: Order; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [more, setMore] = useState('');
  const send = useAction();
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send.run(() => requestRefund(props.order.id, reason, more).then(props.onDone), { done: ORDER_ACTION_TEXTS.refund });
  }
  return (
    <form className="flex flex-col gap-4 text-sm" onSubmit={submit}>
      <p className="text-ink-soft">订单 {props.order.order_no}，退款将由卖家审核处理。</p>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="退款原因">
        {REFUND_REASONS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={reason === r}
            onClick={() => setReason(r)}
            className={`rounded border px-3 py-1.5 ${reason === r ? 'border-brand-accent bg-brand-light text-brand' : 'border-line text-ink-soft'}`}
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
        <button type="submit" className="gf-btn-primary w-28" disabled={send.busy}>
          提交申请
        </button>
      </div>
    </form>
  );
}
