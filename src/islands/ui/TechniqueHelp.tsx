import { useEffect, useRef } from 'react';
import { SHORTCUTS } from '~/lib/stores/technique-player';

/** The technique player's keyboard help (the ? button and the ? key): a small dialog over the controls; Esc closes it. */
export function TechniqueHelp(props: { onClose: () => void }) {
  const { onClose } = props;
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      role="dialog"
      aria-label="快捷键"
      className="absolute bottom-full right-2 z-20 mb-2 w-60 rounded-lg border border-line bg-white p-3 text-[13px] text-ink shadow-lg"
    >
      <div className="mb-2 flex items-center justify-between">
        <h3 className="font-600">快捷键</h3>
        <button ref={close} type="button" aria-label="关闭" onClick={onClose} className="text-ink-mute hover:text-ink">
          <span className="i-ri-close-line text-base" aria-hidden="true" />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {SHORTCUTS.map((s) => (
          <div key={s.action} className="contents">
            <dt>
              <kbd className="rounded border border-line-strong bg-page px-1.5 font-mono text-xs">{s.keys}</kbd>
            </dt>
            <dd className="text-ink-soft">{s.label}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
