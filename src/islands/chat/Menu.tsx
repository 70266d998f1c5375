import { useEffect, useRef } from 'react';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** A right-click menu at the pointer; Esc, a click elsewhere or scrolling closes it. */
export function ContextMenu(props: { x: number; y: number; items: MenuItem[]; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { onClose } = props;
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) onClose();
    };
    window.addEventListener('mousedown', close);
    window.addEventListener('keydown', close);
    window.addEventListener('wheel', onClose, { passive: true });
    return () => {
      window.removeEventListener('mousedown', close);
      window.removeEventListener('keydown', close);
      window.removeEventListener('wheel', onClose);
    };
  }, [onClose]);
  return (
    <div
      ref={ref}
      role="menu"
      className="fixed z-1000 min-w-[120px] rounded-md border border-line bg-white py-1 text-sm shadow-lg"
      style={{
        left: Math.min(props.x, window.innerWidth - 140),
        top: Math.min(props.y, window.innerHeight - props.items.length * 34 - 10),
      }}
    >
      {props.items.map((it) => (
        <button
          key={it.label}
          type="button"
          role="menuitem"
          className={`block w-full px-4 py-1.5 text-left hover:bg-brand-light ${it.danger ? 'text-danger' : 'text-ink'}`}
          onClick={() => {
            props.onClose();
            it.onSelect();
          }}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}
