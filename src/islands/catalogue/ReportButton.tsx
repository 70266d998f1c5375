import { useState } from 'react';
import type { ReportReason, ReportTarget } from '~/lib/rules/operations';
import { REPORT_REASON_OPTIONS, sendReport, startReport } from '~/lib/stores/report';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { useSession } from '../chrome/useSession';

/**
 * 举报 on detail pages and homepages: logged out → the login dialog; else a reason and a note.
 * `ownerUid`: the user whose content it is — they see no 举报 (one's own content is not reportable).
 */
export default function ReportButton(props: { type: ReportTarget; id: number; light?: boolean; ownerUid?: number }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [detail, setDetail] = useState('');
  const act = useAction();
  function begin() {
    try {
      startReport();
      setOpen(true);
    } catch {
      // requireLogin opened the login dialog.
    }
  }
  if (user && props.ownerUid === user.user_id) return null;
  return (
    <>
      <button
        type="button"
        onClick={begin}
        className={`inline-flex items-center gap-1 text-sm ${props.light ? 'text-white/80 hover:text-white' : 'text-ink-mute hover:text-danger-strong'}`}
      >
        <span className="i-ri-alarm-warning-line" />
        举报
      </button>
      <Modal open={open} title="举报" width={440} onClose={() => setOpen(false)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act
              .run(() => sendReport({ target_type: props.type, target_id: props.id, reason, detail }), {
                done: '举报已提交，平台处理后会通知你',
              })
              .then((r) => {
                if (r !== undefined) {
                  setOpen(false);
                  setReason('');
                  setDetail('');
                }
              });
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm text-ink-soft">举报原因</legend>
            <div className="grid grid-cols-2 gap-2 text-sm">
              {REPORT_REASON_OPTIONS.map(([k, label]) => (
                <label key={k} className="flex items-center gap-1.5">
                  <input type="radio" name="report-reason" value={k} checked={reason === k} onChange={() => setReason(k)} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mb-1 mt-4 block text-sm text-ink-soft" htmlFor="report-detail">
            补充说明（选填）
          </label>
          <textarea
            id="report-detail"
            className="h-20 w-full resize-none rounded border border-line px-3 py-2 text-sm outline-none focus:border-brand-accent"
            maxLength={500}
            value={detail}
            onChange={(e) => setDetail(e.target.value)}
          />
          <button type="submit" disabled={act.busy} className="gf-btn mt-4 h-10 w-full bg-brand text-white">
            {act.busy ? '提交中…' : '提交举报'}
          </button>
        </form>
      </Modal>
    </>
  );
}
