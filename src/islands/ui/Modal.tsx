import { useEffect, type ReactNode } from 'react';

/**
 * An accessible centred dialog with an overlay; Esc and the × close it. It never grows past the
 * window: the title stays on top, the body scrolls, and `footer` (the dialog's actions) stays at the
 * bottom, visible whatever the body's length. A form whose submit button sits in the footer names
 * the form (`<button form={id}>`).
 */
export function Modal(props: {
  open: boolean;
  title: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { open, onClose } = props;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    // The overlay only adds a mouse shortcut (click outside closes); keyboards have Esc and the ×.
    <div
      role="presentation"
      className="fixed inset-0 z-1000 flex items-center justify-center bg-black/45 p-4"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        className="relative flex max-h-full max-w-full flex-col rounded-xl bg-white shadow-2xl"
        style={{ width: props.width ?? 410 }}
      >
        <button type="button" aria-label="关闭" onClick={onClose} className="absolute right-4 top-4 text-ink-mute hover:text-ink">
          <span className="i-ri-close-line text-xl" />
        </button>
        <h2 className="shrink-0 px-8 pb-5 pt-6 text-center text-lg font-600 text-ink">{props.title}</h2>
        <div className={`min-h-0 flex-1 overflow-y-auto px-8 ${props.footer ? 'pb-4' : 'pb-7'}`} data-testid="modal-body">
          {props.children}
        </div>
        {props.footer && (
          <div className="flex shrink-0 items-center justify-end gap-3 border-t border-line px-8 py-4" data-testid="modal-footer">
            {props.footer}
          </div>
        )}
      </div>
    </div>
  );
}
