import { ActionSheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import type { ReportTarget } from '~/lib/rules/operations';
import { REPORT_REASON_OPTIONS, sendReport } from '~/lib/stores/report';

/** 举报 on the phone: the SPEC's reasons in an action sheet; one tap sends the report. */
export function ReportSheet(props: { open: boolean; onClose: () => void; type: ReportTarget; id: number }) {
  const act = useAction();
  return (
    <ActionSheet
      open={props.open}
      onClose={props.onClose}
      actions={REPORT_REASON_OPTIONS.map(([reason, label]) => ({
        label,
        onSelect: () =>
          void act.run(() => sendReport({ target_type: props.type, target_id: props.id, reason, detail: '' }), {
            done: '举报已提交，平台处理后会通知你',
          }),
      }))}
    />
  );
}
