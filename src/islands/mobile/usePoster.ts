import { useState } from 'react';
import { img } from '~/lib/media';
import { runtime } from '~/lib/runtime';
import { toast } from '~/lib/toast';

/** Ours (the SPEC names no poster): a drawing that failed, e.g. a canvas the browser refused. */
const POSTER_FAILED = '海报生成失败，请重试';

/**
 * A share poster drawn in the browser on demand (src/lib/stores/poster.ts, loaded on the first ask):
 * cover, title, price and a QR code of `link`. Shared by 分享 (ShareButton) and 分享赚 (ShareEarn).
 */
export function usePoster() {
  const [poster, setPoster] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const make = async (p: { title: string; price?: string | undefined; image?: string | undefined; link: string }) => {
    if (drawing) return;
    setDrawing(true);
    try {
      const { drawPoster } = await import('~/lib/stores/poster');
      setPoster(
        await drawPoster({
          title: p.title,
          price: p.price,
          image: p.image ? img(p.image) : undefined,
          link: p.link,
          siteName: runtime().siteName,
        }),
      );
    } catch {
      toast.error(POSTER_FAILED);
    } finally {
      setDrawing(false);
    }
  };
  return { poster, drawing, make, reset: () => setPoster(null) };
}
