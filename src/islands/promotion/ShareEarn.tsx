import { useState, type ReactNode } from 'react';
import type { ShareLink } from '~/lib/api/contract/promotion';
import { priceText } from '~/lib/format';
import { PROMOTION_TEXTS, bpText, type ShareKind } from '~/lib/rules/promotion';
import { absolute, fetchShareLink } from '~/lib/stores/promotion';
import { copyLink } from '~/lib/stores/share';
import { usePoster } from '../mobile/usePoster';
import { Sheet } from '../ui/mobile/Sheet';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';

/**
 * 分享赚 on a course, class or goods page (desktop, and the phone with `phone`): the member's own
 * link (`?share=<code>`), a poster with its QR code, and what a friend's purchase would earn them.
 */
export default function ShareEarn(props: { kind: ShareKind; id: number; phone?: boolean }) {
  const [link, setLink] = useState<ShareLink | null>(null);
  const [open, setOpen] = useState(false);
  const action = useAction();
  const poster = usePoster();

  const start = () =>
    void action.run(async () => {
      const l = await fetchShareLink(props.kind, props.id);
      setLink(l);
      setOpen(true);
    });
  const url = link ? absolute(link.url) : '';
  const center = props.phone ? '/m/my/promotion' : '/my/promotion';

  const body: ReactNode = link && (
    <div className="space-y-3 text-sm" data-testid="share-earn">
      {link.rate_bp > 0 ? (
        <p className="rounded-lg bg-brand-light px-3 py-2 text-brand-dark">
          好友通过你的链接购买，你可赚{' '}
          <strong className="text-base text-price" data-testid="share-earn-amount">
            {priceText(link.commission, '¥0.00')}
          </strong>
          <span className="ml-1 text-xs">（佣金 {bpText(link.rate_bp)}）</span>
        </p>
      ) : (
        <p className="rounded-lg bg-surface-soft px-3 py-2 text-ink-soft">{PROMOTION_TEXTS.noRate}</p>
      )}
      <div className="flex gap-2">
        <input
          readOnly
          aria-label="我的分享链接"
          value={url}
          data-testid="share-earn-link"
          className="h-9 min-w-0 flex-1 rounded border border-line bg-white px-3 text-ink"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="gf-btn-primary h-9 shrink-0 px-4" onClick={() => void copyLink(url)}>
          复制链接
        </button>
      </div>
      {poster.poster ? (
        <figure className="flex flex-col items-center">
          <img src={poster.poster} alt={`${link.title} 分享海报`} className="max-h-[50vh] w-auto max-w-full rounded-lg shadow-md" />
          <figcaption className="mt-2 text-xs text-ink-soft">
            {props.phone ? (
              '长按图片保存，或发送给朋友'
            ) : (
              <a href={poster.poster} download={`${link.title}-分享海报.png`} className="gf-link">
                下载海报
              </a>
            )}
          </figcaption>
        </figure>
      ) : (
        <button
          type="button"
          className={props.phone ? 'gf-m-btn-ghost w-full' : 'gf-btn w-full border border-line text-ink-soft hover:text-brand'}
          disabled={poster.drawing}
          onClick={() => void poster.make({ title: link.title, price: priceText(link.price), image: link.cover, link: url })}
        >
          <span className="i-ri-image-line mr-1" aria-hidden="true" />
          {poster.drawing ? '海报生成中…' : '生成海报'}
        </button>
      )}
      <p className="text-xs leading-5 text-ink-mute">{link.rule}</p>
      <a href={center} className="gf-link inline-block text-xs">
        查看我的推广中心
      </a>
    </div>
  );

  return (
    <>
      <button
        type="button"
        onClick={start}
        disabled={action.busy}
        data-testid="share-earn-button"
        className={
          props.phone
            ? 'inline-flex h-8 items-center gap-1 rounded-full bg-brand-light px-3 text-sm text-brand-dark'
            : 'gf-btn border border-brand-accent text-brand'
        }
      >
        <span className="i-ri-money-cny-circle-line" aria-hidden="true" />
        分享赚
      </button>
      {props.phone ? (
        <Sheet open={open} onClose={() => setOpen(false)} title="分享赚">
          {body}
        </Sheet>
      ) : (
        <Modal open={open} onClose={() => setOpen(false)} title="分享赚" width={460}>
          {body}
        </Modal>
      )}
    </>
  );
}
