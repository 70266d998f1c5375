import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { img } from '~/lib/media';

/**
 * A post's photos full screen on a phone: swipe sideways (CSS scroll snap, so the browser's own
 * touch physics), the place shown as 2 / 5, tap × or Esc to close. Opens on the photo tapped.
 */
export function PhotoViewer(props: { images: string[]; index: number; onClose: () => void }) {
  const strip = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState(props.index);
  const close = useEffectEvent(() => props.onClose());

  useEffect(() => {
    const el = strip.current;
    if (el) el.scrollLeft = props.index * el.clientWidth;
    const prev = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const key = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', key);
    return () => {
      document.body.style.overflow = prev;
      window.removeEventListener('keydown', key);
    };
  }, [props.index]);

  return (
    <div role="dialog" aria-modal="true" aria-label="查看图片" className="fixed inset-0 z-1000 bg-black" data-testid="m-photo-viewer">
      <div
        ref={strip}
        className="flex h-full snap-x snap-mandatory overflow-x-auto overscroll-contain [scrollbar-width:none]"
        onScroll={(e) => {
          const el = e.currentTarget;
          setAt(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {props.images.map((src, i) => (
          <div key={`${src}-${i}`} className="flex h-full w-full shrink-0 snap-center items-center justify-center">
            <img
              src={img(src)}
              alt={`第 ${i + 1} 张，共 ${props.images.length} 张`}
              loading={Math.abs(i - props.index) <= 1 ? 'eager' : 'lazy'}
              className="max-h-full max-w-full object-contain"
            />
          </div>
        ))}
      </div>
      <p className="absolute inset-x-0 top-[calc(env(safe-area-inset-top)+14px)] text-center text-sm text-white/90" aria-live="polite">
        {at + 1} / {props.images.length}
      </p>
      <button
        type="button"
        aria-label="关闭"
        onClick={props.onClose}
        className="absolute right-1 top-[env(safe-area-inset-top)] flex h-12 w-12 items-center justify-center text-2xl text-white"
      >
        <span className="i-ri-close-line" aria-hidden="true" />
      </button>
    </div>
  );
}
