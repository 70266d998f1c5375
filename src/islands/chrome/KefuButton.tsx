import { openKefu } from '~/lib/stores/ui';

/** Opens the customer-service dialog. */
export default function KefuButton(props: { className?: string; label?: string }) {
  return (
    <button type="button" onClick={openKefu} className={props.className ?? 'text-brand hover:underline'}>
      {props.label ?? '联系客服'}
    </button>
  );
}
