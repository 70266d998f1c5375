import { useState } from 'react';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { copyLink } from '~/lib/stores/share';
import { usePoster } from './usePoster';

/**
 * 分享 on a mobile page: a sheet with 生成海报 and 复制链接 (and, inside WeChat, where the page's share
 * card is set by the JS-SDK, the pointer to WeChat's own ··· menu). The link is the page's own address.
 * The poster is drawn in the browser (src/lib/stores/poster.ts, loaded on the first 生成海报) and shown
 * as an image to long-press: phones and WeChat save or send an image from there.
 */
export default function ShareButton(props: {
  title: string;
  /** Shown on the poster under the title ('¥199.00'). */
  price?: string;
  /** The cover for the poster: a media path or a URL. */
  image?: string;
  /** The address shared (a post in a feed); the page's own by default. */
  url?: string;
  /** The button's look: the title bar's icon (default) or a row's icon with 分享 beside it. */
  label?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { poster, drawing, make } = usePoster();
  const shared = () => (props.url ? new URL(props.url, location.origin).href : (location.href.split('#')[0] ?? location.href));
  const inWechat = typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
  const makePoster = () => make({ title: props.title, price: props.price, image: props.image, link: shared() });

  return (
    <>
      {props.label ? (
        <button type="button" className="inline-flex h-11 items-center gap-1 px-2 text-ink-soft" onClick={() => setOpen(true)}>
          <span className="i-ri-share-forward-line text-lg" aria-hidden="true" />
          分享
        </button>
      ) : (
        <button
          type="button"
          aria-label="分享"
          className="flex h-11 w-11 items-center justify-center text-ink"
          onClick={() => setOpen(true)}
        >
          <span className="i-ri-share-forward-line text-xl" aria-hidden="true" />
        </button>
      )}
      <Sheet open={open} onClose={() => setOpen(false)} title="分享">
        {poster ? (
          <figure className="mb-3 flex flex-col items-center">
            <img
              src={poster}
              alt={`${props.title} 分享海报`}
              className="max-h-[55vh] w-auto max-w-full rounded-lg shadow-md"
              data-testid="m-share-poster"
            />
            <figcaption className="mt-2 text-sm text-ink-soft">长按图片保存，或发送给朋友</figcaption>
          </figure>
        ) : (
          <p className="mb-3 line-clamp-2 text-sm text-ink-soft">{props.title}</p>
        )}
        {inWechat && (
          <p className="mb-3 rounded-lg bg-brand-light px-3 py-2 text-sm text-brand-dark">点击右上角 ··· 可发送给朋友或分享到朋友圈</p>
        )}
        <div className="flex flex-col gap-2">
          {!poster && (
            <button type="button" className="gf-m-btn-primary w-full" disabled={drawing} onClick={() => void makePoster()}>
              <span className="i-ri-image-line mr-1" aria-hidden="true" />
              {drawing ? '海报生成中…' : '生成海报'}
            </button>
          )}
          <button
            type="button"
            className={`${poster ? 'gf-m-btn-primary' : 'gf-m-btn-ghost'} w-full`}
            onClick={() => void copyLink(shared())}
          >
            <span className="i-ri-link mr-1" aria-hidden="true" />
            复制链接
          </button>
        </div>
      </Sheet>
    </>
  );
}
