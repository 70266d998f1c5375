import { useEffect } from 'react';
import { img } from '~/lib/media';

/** A post's images full size, one at a time: ←/→ and the side buttons move, Esc or a click outside closes. */
export function Lightbox(props: { images: string[]; index: number; onIndex: (i: number) => void; onClose: () => void }) {
  const { images, index, onIndex, onClose } = props;
  const n = images.length;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
      if (e.key === 'ArrowRight' && index < n - 1) onIndex(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, n, onIndex, onClose]);
  return (
    // The overlay only adds a mouse shortcut (click outside closes); keyboards have Esc and the ×.
    <div role="presentation" className="fixed inset-0 z-1000 bg-black/85" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="查看图片"
        className="pointer-events-none absolute inset-0 flex items-center justify-center [&>*]:pointer-events-auto"
      >
        <img src={img(images[index])} alt={`第 ${index + 1} 张，共 ${n} 张`} className="max-h-[88vh] max-w-[80vw] object-contain" />
        <button
          type="button"
          aria-label="关闭"
          onClick={onClose}
          className="absolute right-6 top-5 text-3xl text-white/80 hover:text-white"
        >
          <span className="i-ri-close-line" />
        </button>
        {index > 0 && (
          <button
            type="button"
            aria-label="上一张"
            onClick={() => onIndex(index - 1)}
            className="absolute left-6 top-1/2 -translate-y-1/2 rounded-full bg-white/15 p-3 text-2xl text-white hover:bg-white/30"
          >
            <span className="i-ri-arrow-left-s-line block" />
          </button>
        )}
        {index < n - 1 && (
          <button
            type="button"
            aria-label="下一张"
            onClick={() => onIndex(index + 1)}
            className="absolute right-6 top-1/2 -translate-y-1/2 rounded-full bg-white/15 p-3 text-2xl text-white hover:bg-white/30"
          >
            <span className="i-ri-arrow-right-s-line block" />
          </button>
        )}
        <p className="absolute bottom-5 text-sm text-white/80">
          {index + 1} / {n}
        </p>
      </div>
    </div>
  );
}
