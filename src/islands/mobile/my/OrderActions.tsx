import { useState } from 'react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
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
import { ActionSheet, Sheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';

/**
 * The buttons an order offers in its status — the desktop's, through the same store: 去支付 (→ /m/pay),
 * 取消订单, 确认收货, 申请退款 (reasons in a sheet), 撤销退款, 评价 (→ /m/my/review), 去学习. A step
 * that cannot be undone is confirmed in an action sheet first.
 */
export function MobileOrderActions(props: { order: Order; onChanged: () => void }) {
  const o = props.order;
  const [ask, setAsk] = useState<null | { label: string; run: (id: number) => Promise<unknown>; done: string }>(null);
  const [refund, setRefund] = useState(false);
  const act = useAction();
  const learn = learnCourseId(o);
  const confirmStep = (fn: (id: number) => Promise<unknown>, [question, done]: readonly [string, string], label: string) =>
    setAsk({ label: `${label}（${question}）`, run: fn, done });
  const btn = 'gf-m-btn-ghost min-h-9 px-4 text-sm';
  const primary = 'gf-m-btn-primary min-h-9 px-4 text-sm';
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {o.status === 'unpaid' && (
        <>
          <button
            type="button"
            className={btn}
            disabled={act.busy}
            onClick={() => confirmStep(cancelOrder, ORDER_ACTION_TEXTS.cancel, '取消订单')}
          >
            取消订单
          </button>
          <a className={primary} href={`${MOBILE_PATHS.pay}?id=${o.id}`}>
            去支付
          </a>
        </>
      )}
      {o.status === 'shipped' && (
        <button
          type="button"
          className={primary}
          disabled={act.busy}
          onClick={() => confirmStep(receiveOrder, ORDER_ACTION_TEXTS.receive, '确认收货')}
        >
          确认收货
        </button>
      )}
      {o.can_refund === 1 && (
        <button type="button" className={btn} onClick={() => setRefund(true)}>
          申请退款
        </button>
      )}
      {o.status === 'refunding' && (
        <button
          type="button"
          className={btn}
          disabled={act.busy}
          onClick={() => confirmStep(withdrawRefund, ORDER_ACTION_TEXTS.withdraw, '撤销退款')}
        >
          撤销退款
        </button>
      )}
      {o.can_review === 1 && (
        <a className={primary} href={`${MOBILE_PATHS.review}?id=${o.id}`}>
          评价
        </a>
      )}
      {learn && (
        <a className={primary} href={`${MOBILE_PATHS.courseDetail}?id=${learn}`}>
          去学习
        </a>
      )}
      <ActionSheet
        open={ask !== null}
        onClose={() => setAsk(null)}
        actions={
          ask
            ? [
                {
                  label: ask.label,
                  danger: true,
                  onSelect: () => void act.run(() => ask.run(o.id).then(props.onChanged), { done: ask.done }),
                },
              ]
            : []
        }
      />
      <Sheet open={refund} onClose={() => setRefund(false)} title="申请退款">
        <RefundForm
          order={o}
          onDone={() => {
            setRefund(false);
            props.onChanged();
          }}
        />
      </Sheet>
    </div>
  );
}

function RefundForm(props: { order: Order; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [more, setMore] = useState('');
  const send = useAction();
  return (
    <form
      className="flex flex-col gap-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void send.run(() => requestRefund(props.order.id, reason, more).then(props.onDone), { done: ORDER_ACTION_TEXTS.refund });
      }}
    >
      <p className="text-ink-soft">订单 {props.order.order_no}，退款将由卖家审核处理。</p>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="退款原因">
        {REFUND_REASONS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={reason === r}
            onClick={() => setReason(r)}
            className={`min-h-10 rounded-full border px-3 ${reason === r ? 'border-brand-accent bg-brand-light text-brand' : 'border-line text-ink-soft'}`}
          >
            {r}
          </button>
        ))}
      </div>
      <textarea
        className="gf-m-input h-24 py-2"
        maxLength={150}
        placeholder={reason === '其他' ? '请说明退款原因' : '补充说明（选填）'}
        value={more}
        onChange={(e) => setMore(e.target.value)}
        aria-label="补充说明"
      />
      <button type="submit" className="gf-m-btn-primary w-full" disabled={send.busy}>
        提交申请
      </button>
    </form>
  );
}
