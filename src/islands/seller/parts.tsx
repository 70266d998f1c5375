import type { WithdrawalStatus as Status } from '~/lib/rules/bank';

const TONE: Record<Status, string> = {
  pending: 'bg-brand-light text-[#b36b00]',
  paid: 'bg-[#f0f9eb] text-[#52c41a]',
  refused: 'bg-[#fef0f0] text-[#f56c6c]',
};

/** A withdrawal's state as a small badge: 处理中 / 已到账 / 已退回. */
export function WithdrawalStatus(props: { status: Status; text: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs ${TONE[props.status]}`} data-testid="withdrawal-status">
      {props.text}
    </span>
  );
}
