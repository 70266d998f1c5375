import { useState } from 'react';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { copyLink } from '~/lib/stores/share';

/**
 * 分享 on a mobile page: a sheet with 复制链接 (and, inside WeChat, where the page's share card is set by
 * the JS-SDK, the pointer to WeChat's own ··· menu). The link is the page's own address.
 */
export default function ShareButton(props: { title: string }) {
  const [open, setOpen] = useState(false);
  const inWechat = typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
  return (
    <>
      <button type="button" aria-label="分享" className="flex h-11 w-11 items-center justify-center text-ink" onClick={() => setOpen(true)}>
        <span className="i-ri-share-forward-line text-xl" aria-hidden="true" />
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="分享">
        <p className="mb-3 line-clamp-2 text-sm text-ink-soft">{props.title}</p>
        {inWechat && (
          <p className="mb-3 rounded-lg bg-brand-light px-3 py-2 text-sm text-brand-dark">点击右上角 ··· 可发送给朋友或分享到朋友圈</p>
        )}
        <button type="button" className="gf-m-btn-primary w-full" onClick={() => void copyLink(location.href)}>
          复制链接
        </button>
      </Sheet>
    </>
  );
}
