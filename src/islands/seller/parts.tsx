import type { WithdrawalStatus as Status } from '~/lib/rules/bank';

const TONE: Record<Status, string> = {
  pending: 'bg-brand-light text-brand-deep',
  paid: 'bg-success-light text-success',
  refused: 'bg-danger-light text-danger',
};

/** A withdrawal's state as a small badge: 处理中 / 已到账 / 已退回. */
export function WithdrawalStatus(props: { status: Status; text: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs ${TONE[props.status]}`} data-testid="withdrawal-status">
      {props.text}
    </span>
  );
}
