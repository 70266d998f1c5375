import { useId, useState, type ReactNode } from 'react';
import type { Loaded } from '../ui/useLoad';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';

/* Small pieces shared by the console's queue pages. */

/** ¥12.34 */
export const money = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** Status filter tabs above a queue. */
export function StatusTabs<T extends string>(props: { value: T; tabs: readonly (readonly [T, string])[]; onChange: (v: T) => void }) {
  return (
    <div role="tablist" aria-label="状态筛选" className="mb-4 flex gap-2 text-sm">
      {props.tabs.map(([v, label]) => (
        <button
          key={v || 'all'}
          type="button"
          role="tab"
          aria-selected={props.value === v}
          onClick={() => props.onChange(v)}
          className={`h-8 rounded px-4 ${props.value === v ? 'bg-brand text-white' : 'border border-line bg-white text-ink-soft hover:text-brand'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** Loading, error (with retry) and empty states around a list. */
export function Loading<T extends { list: unknown[] }>(props: { q: Loaded<T>; empty: string; children: (data: T) => ReactNode }) {
  const { q } = props;
  if (q.error && !q.data)
    return (
      <p role="alert" className="py-10 text-center text-ink-soft">
        {q.error}
        {q.retryable && (
          <button type="button" className="ml-3 text-brand" onClick={q.reload}>
            重试
          </button>
        )}
      </p>
    );
  if (!q.data) return <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  if (!q.data.list.length) return <p className="py-10 text-center text-ink-soft">{props.empty}</p>;
  return <>{props.children(q.data)}</>;
}

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
  const field = 'w-full rounded border border-line px-3 py-2 text-sm outline-none focus:border-brand';
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
            className={`gf-btn h-9 px-5 text-white ${props.danger ? 'bg-[#e4393c]' : 'bg-brand'}`}
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
        {act.error && (
          <p role="alert" className="mt-2 text-sm text-[#e4393c]">
            {act.error}
          </p>
        )}
      </form>
    </Modal>
  );
}

export const th = 'px-3 py-2 font-500';
export const td = 'px-3 py-2 align-top';
export const linkBtn = 'text-brand hover:underline disabled:text-ink-mute';
