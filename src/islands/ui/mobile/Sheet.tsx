import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A bottom sheet (the SKU picker, the share sheet, a picker): slides over a scrim, closes on the
 * scrim, Esc or 取消, keeps the page behind from scrolling, and sits above the home indicator.
 */
export function Sheet(props: { open: boolean; onClose: () => void; title?: string; children: ReactNode; footer?: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const { open, onClose } = props;
  useEffect(() => {
    if (!open) return;
    const prev = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    box.current?.focus();
    return () => {
      document.body.style.overflow = prev;
      window.removeEventListener('keydown', key);
    };
  }, [open, onClose]);
  if (!props.open) return null;
  return (
    <div className="fixed inset-0 z-50 flex flex-col justify-end" role="presentation">
      <button type="button" aria-label="关闭" className="absolute inset-0 bg-night/50" onClick={props.onClose} />
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        className="relative max-h-[85vh] overflow-y-auto rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] outline-none"
      >
        {props.title && (
          <div className="sticky top-0 flex h-12 items-center justify-between border-b border-line bg-white pl-4">
            <h2 className="text-base font-600">{props.title}</h2>
            <button
              type="button"
              aria-label="关闭"
              className="flex h-12 w-12 items-center justify-center text-ink-soft"
              onClick={props.onClose}
            >
              <span className="i-ri-close-line text-xl" aria-hidden="true" />
            </button>
          </div>
        )}
        <div className="p-4">{props.children}</div>
        {props.footer && <div className="sticky bottom-0 border-t border-line bg-white p-3">{props.footer}</div>}
      </div>
    </div>
  );
}

/** A list of actions in a sheet, with 取消 below (iOS/WeChat style). */
export function ActionSheet(props: {
  open: boolean;
  onClose: () => void;
  actions: { label: string; onSelect: () => void; danger?: boolean }[];
}) {
  if (!props.open) return null;
  return (
    <div className="fixed inset-0 z-50 flex flex-col justify-end" role="presentation">
      <button type="button" aria-label="关闭" className="absolute inset-0 bg-night/50" onClick={props.onClose} />
      <div role="menu" className="relative rounded-t-2xl bg-surface-grey pb-[env(safe-area-inset-bottom)]">
        {props.actions.map((a) => (
          <button
            key={a.label}
            type="button"
            role="menuitem"
            className={`block h-14 w-full border-b border-line bg-white text-base first:rounded-t-2xl ${a.danger ? 'text-danger' : 'text-ink'}`}
            onClick={() => {
              props.onClose();
              a.onSelect();
            }}
          >
            {a.label}
          </button>
        ))}
        <button type="button" className="mt-2 block h-14 w-full bg-white text-base text-ink-soft" onClick={props.onClose}>
          取消
        </button>
      </div>
    </div>
  );
}
