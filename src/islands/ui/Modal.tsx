import { useEffect, type ReactNode } from 'react';

/** An accessible centred dialog with an overlay; Esc and the × close it. */
export function Modal(props: { open: boolean; title: string; width?: number; onClose: () => void; children: ReactNode }) {
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
      className="fixed inset-0 z-1000 flex items-center justify-center bg-black/45"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        className="relative rounded-xl bg-white px-8 pb-7 pt-6 shadow-2xl"
        style={{ width: props.width ?? 410 }}
      >
        <button type="button" aria-label="关闭" onClick={onClose} className="absolute right-4 top-4 text-ink-mute hover:text-ink">
          <span className="i-ri-close-line text-xl" />
        </button>
        <h2 className="mb-5 text-center text-lg font-600 text-ink">{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}
