import { useId, useState, type ReactNode } from 'react';
import { FieldError } from './form';
import { Modal } from './Modal';
import { useAction } from './useAction';

/**
 * A decision that needs a text (a reason, a note, a transfer reference): a dialog with one field
 * and a confirm button; the server checks the text again and answers the refusal to show.
 */
export function DecisionDialog(props: {
  title: string;
  label: string;
  placeholder?: string;
  confirm: string;
  danger?: boolean;
  multiline?: boolean;
  intro?: ReactNode;
  onClose: () => void;
  onConfirm: (text: string) => Promise<unknown>;
  done: string;
}) {
  const [text, setText] = useState('');
  const act = useAction();
  const formId = useId();
  const field = 'w-full rounded border border-line px-3 py-2 text-sm outline-none focus:border-brand-accent';
  return (
    <Modal
      open
      title={props.title}
      width={460}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="gf-btn h-9 border border-line px-5 text-ink-soft" onClick={props.onClose}>
            取消
          </button>
          <button
            type="submit"
            form={formId}
            disabled={act.busy}
            className={`gf-btn h-9 px-5 text-white ${props.danger ? 'bg-danger-strong' : 'bg-brand'}`}
          >
            {act.busy ? '提交中…' : props.confirm}
          </button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(
              async () => {
                await props.onConfirm(text.trim());
                return true;
              },
              { done: props.done },
            )
            .then((ok) => ok && props.onClose());
        }}
      >
        {props.intro && <div className="mb-3 text-sm text-ink-soft">{props.intro}</div>}
        <label className="mb-1 block text-sm text-ink-soft" htmlFor="decision-text">
          {props.label}
        </label>
        {props.multiline === false ? (
          <input
            id="decision-text"
            className={`${field} h-9`}
            value={text}
            placeholder={props.placeholder}
            onChange={(e) => setText(e.target.value)}
          />
        ) : (
          <textarea
            id="decision-text"
            className={`${field} h-24 resize-none`}
            value={text}
            maxLength={200}
            placeholder={props.placeholder}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        <FieldError error={act.error} className="mt-2" />
      </form>
    </Modal>
  );
}
