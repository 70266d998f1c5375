import { useEffect, useState } from 'react';
import { disputeInfo, sendDispute } from '~/lib/stores/report';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';

type Info = Awaited<ReturnType<typeof disputeInfo>>;

/** Under a refused refund on the order page: 申请平台仲裁 (once), then the dispute's state. */
export function RefundDispute(props: { orderId: number }) {
  const [info, setInfo] = useState<Info | null>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const act = useAction();
  useEffect(() => {
    let live = true;
    disputeInfo(props.orderId).then(
      (i) => live && setInfo(i),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [props.orderId]);
  if (!info) return null;
  if (info.dispute)
    return (
      <p className="mt-1 text-sm text-ink-soft" data-testid="dispute-state">
        平台仲裁：{info.dispute.status_text}
        {info.dispute.decision_note && `（${info.dispute.decision_note}）`}
      </p>
    );
  if (!info.can_dispute) return null;
  return (
    <>
      <button type="button" className="mt-2 text-sm text-brand hover:underline" onClick={() => setOpen(true)}>
        对卖家的处理有异议？申请平台仲裁
      </button>
      <Modal open={open} title="申请平台仲裁" width={440} onClose={() => setOpen(false)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act
              .run(() => sendDispute(props.orderId, reason), { done: '已提交平台仲裁，处理结果会通知你' })
              .then((r) => {
                if (r) {
                  setInfo(r);
                  setOpen(false);
                }
              });
          }}
        >
          <p className="mb-3 text-sm text-ink-soft">平台客服会查看订单、你的退款原因和卖家的拒绝理由后作出决定。每个订单只能申请一次。</p>
          <label className="mb-1 block text-sm text-ink-soft" htmlFor="dispute-reason">
            申请理由
          </label>
          <textarea
            id="dispute-reason"
            className="h-24 w-full resize-none rounded border border-line px-3 py-2 text-sm outline-none focus:border-brand-accent"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" disabled={act.busy} className="gf-btn mt-4 h-10 w-full bg-brand text-white">
            {act.busy ? '提交中…' : '提交仲裁申请'}
          </button>
        </form>
      </Modal>
    </>
  );
}
