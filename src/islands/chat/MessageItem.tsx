import { useRef, useState } from 'react';
import { readCustom, type CustomData } from '~/lib/chat/custom';
import { describeNotice, describeRecall, describeShort, describeTip } from '~/lib/chat/describe';
import type { Message } from '~/lib/chat/types';
import { img } from '~/lib/media';
import { formatSize } from '~/lib/rules/chat';
import { nameOf } from '~/lib/stores/chat/state';
import { Avatar } from './Avatar';
import { CallRecord } from './call/CallRecord';
import { useLongPress } from './useLongPress';

/** Centred grey line: group tips, recalls, notices. */
export function TipLine(props: { children: string }) {
  return (
    <div className="my-2 text-center">
      <span className="inline-block max-w-[80%] rounded bg-black/5 px-2 py-0.5 text-xs text-ink-mute">{props.children}</span>
    </div>
  );
}

/** One message of the pane: a tip line or a bubble with avatar, status and receipts. */
export function MessageItem(props: {
  m: Message;
  me: string;
  c2c: boolean;
  progress: number | undefined;
  onMenu: (e: React.MouseEvent, m: Message) => void;
  /** The phone: a long press opens the actions (instead of the right-click menu). */
  onLongPress?: (m: Message) => void;
  onRetry: (m: Message) => void;
  onView: (url: string) => void;
}) {
  const { m, me } = props;
  const press = useLongPress(() => props.onLongPress?.(m));
  if (m.isRevoked) return <TipLine>{describeRecall(m, nameOf)}</TipLine>;
  if (m.type === 'TIMGroupTipElem') return <TipLine>{describeTip(m.payload, me, nameOf)}</TipLine>;
  if (m.type === 'TIMGroupSystemNoticeElem') return <TipLine>{describeNotice(m.payload, me, nameOf)}</TipLine>;
  const out = m.flow === 'out';
  return (
    <div data-testid="chat-message" data-status={m.status} className={`my-3 flex items-start gap-2 ${out ? 'flex-row-reverse' : ''}`}>
      <Avatar src={m.avatar} name={m.nick} size={36} />
      <div className={`flex max-w-[62%] flex-col ${out ? 'items-end' : 'items-start'}`}>
        {!props.c2c && !out && (
          <span className="mb-0.5 text-xs text-ink-mute">{nameOf(m.from) === m.from ? m.nick || m.from : nameOf(m.from)}</span>
        )}
        <div
          // A long press is the phone's menu: no text selection or iOS callout under the finger (复制 is in the menu).
          className={`flex items-end gap-1.5 ${props.onLongPress ? 'select-none [-webkit-touch-callout:none]' : ''}`}
          {...(props.onLongPress ? press : { onContextMenu: (e: React.MouseEvent) => props.onMenu(e, m) })}
        >
          {out && m.status === 'fail' && (
            <button
              type="button"
              className="text-xs text-danger hover:underline"
              onClick={() => props.onRetry(m)}
              title="发送失败，点击重试"
            >
              <span className="i-ri-error-warning-fill" /> 重试
            </button>
          )}
          {out && m.status === 'unSend' && (
            <span className="text-xs text-ink-mute" aria-label="发送中">
              {props.progress !== undefined ? `${props.progress}%` : <span className="i-ri-loader-4-line animate-spin" />}
            </span>
          )}
          <Body m={m} me={me} onView={props.onView} />
        </div>
        {props.c2c && out && m.status === 'success' && (
          <span data-testid="read-receipt" className={`mt-0.5 text-[11px] ${m.isPeerRead ? 'text-ink-mute' : 'text-brand'}`}>
            {m.isPeerRead ? '已读' : '未读'}
          </span>
        )}
      </div>
    </div>
  );
}

function Body(props: { m: Message; me: string; onView: (url: string) => void }) {
  const { m } = props;
  const out = m.flow === 'out';
  const bubble = `whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm leading-relaxed ${out ? 'bg-brand text-white' : 'bg-white text-ink'}`;
  switch (m.type) {
    case 'TIMTextElem':
      return <div className={bubble}>{m.payload.text}</div>;
    case 'TIMImageElem': {
      const list = m.payload.imageInfoArray;
      const thumb = list.find((i) => i.type === 2) ?? list[0];
      const large = list.find((i) => i.type === 1) ?? list.find((i) => i.type === 0) ?? thumb;
      if (!thumb) return <div className={bubble}>[图片]</div>;
      return (
        <button
          type="button"
          onClick={() => large && props.onView(large.url)}
          className="overflow-hidden rounded-lg border border-line bg-white"
          title="查看大图"
        >
          <img
            src={img(thumb.url)}
            alt="图片"
            data-testid="chat-image"
            // The box is known before the picture loads, so the history below it does not move.
            {...fitThumb(thumb)}
            className="block max-h-[198px] max-w-[198px] object-contain"
          />
        </button>
      );
    }
    case 'TIMFileElem':
      return (
        <a
          href={m.payload.fileUrl ? img(m.payload.fileUrl) : undefined}
          download={m.payload.fileName}
          target="_blank"
          rel="noopener"
          className="flex w-60 items-center gap-3 rounded-lg border border-line bg-white px-3 py-2 text-ink hover:border-brand-accent"
        >
          <span className="i-ri-file-3-line text-3xl text-brand" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm">{m.payload.fileName}</span>
            <span className="text-xs text-ink-mute">{formatSize(m.payload.fileSize)}</span>
          </span>
          {m.payload.fileUrl && <span className="i-ri-download-2-line text-ink-mute" aria-label="下载" />}
        </a>
      );
    case 'TIMVideoFileElem':
      return (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- chat videos carry no caption files
        <video
          controls
          preload="none"
          src={m.payload.videoUrl ? img(m.payload.videoUrl) : undefined}
          poster={m.payload.thumbUrl ? img(m.payload.thumbUrl) : undefined}
          className="max-h-[240px] max-w-[320px] rounded-lg bg-black"
        />
      );
    case 'TIMSoundElem':
      return <VoiceBubble url={m.payload.url} second={m.payload.second} out={out} className={bubble} />;
    case 'TIMLocationElem':
      return (
        <div className={`${bubble} flex items-center gap-1`}>
          <span className="i-ri-map-pin-2-line" />
          {m.payload.description}
        </div>
      );
    case 'TIMCustomElem': {
      const c = readCustom(m.payload.data);
      if (c && c.businessID !== 'call') return <Card c={c} />;
      if (c)
        return (
          <div className={bubble}>
            <CallRecord data={m.payload.data} flow={m.flow} />
          </div>
        );
      return <div className={bubble}>{describeShort(m, props.me, nameOf)}</div>;
    }
    default:
      return <div className={bubble}>{describeShort(m, props.me, nameOf)}</div>;
  }
}

/** A voice message: tap to play or stop; the bubble grows with the length (as chat apps show it). */
function VoiceBubble(props: { url: string; second: number; out: boolean; className: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const width = Math.min(200, 72 + props.second * 4);
  return (
    <button
      type="button"
      data-testid="chat-voice"
      aria-label={`语音 ${props.second} 秒，${playing ? '点击停止' : '点击播放'}`}
      style={{ width }}
      className={`${props.className} flex min-h-10 items-center gap-2 ${props.out ? 'flex-row-reverse' : ''}`}
      onClick={() => {
        const a = audio.current;
        if (!a) return;
        if (a.paused) {
          a.currentTime = 0;
          void a.play().catch(() => setPlaying(false));
        } else a.pause();
      }}
    >
      <span
        className={`${playing ? 'i-ri-volume-up-fill animate-pulse' : 'i-ri-volume-up-line'} text-lg ${props.out ? 'rotate-180' : ''}`}
        aria-hidden="true"
      />
      <span>{props.second}″</span>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- voice messages carry no captions */}
      <audio
        ref={audio}
        preload="none"
        src={props.url.startsWith('blob:') ? props.url : img(props.url)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
    </button>
  );
}

/** Where a card leads on this site. */
function cardLink(c: Exclude<CustomData, { businessID: 'call' }>): string {
  switch (c.businessID) {
    case 'share':
      if (c.type === 'coach' || c.type === 'mechant') return `/anchor?type=${c.type}&id=${c.id}`;
      if (c.type === 'course') return `/train/courseDetail?id=${c.id}`;
      if (c.type === 'class') return `/train/classDetail?id=${c.id}`;
      return `/shop/goodsDetail?id=${c.id}`;
    case 'coach_card':
      return `/anchor?type=coach&id=${c.id}`;
    case 'course_card':
      return `/train/courseDetail?id=${c.id}`;
    case 'class_card':
      return `/train/classDetail?id=${c.id}`;
    case 'goods_card':
      return `/shop/goodsDetail?id=${c.id}`;
  }
}

const CARD_TAG: Record<string, string> = { coach: '教练', mechant: '店铺', course: '课程', class: '班级', goods: '商品' };

function Card(props: { c: Exclude<CustomData, { businessID: 'call' }> }) {
  const { c } = props;
  const tag = c.businessID === 'share' ? CARD_TAG[c.type] : CARD_TAG[c.businessID.replace('_card', '')];
  const sub = 'desc' in c ? c.desc : `¥${c.price}`;
  return (
    <a
      href={cardLink(c)}
      target="_blank"
      rel="noopener"
      data-testid="chat-card"
      className="block w-64 rounded-lg border border-line bg-white p-3 text-ink hover:border-brand-accent"
    >
      <span className="flex gap-3">
        <img src={img(c.img)} alt="" className="h-14 w-14 shrink-0 rounded object-cover" />
        <span className="min-w-0">
          <span className="line-clamp-2 text-sm font-500">{c.title}</span>
          <span className="mt-1 line-clamp-1 text-xs text-ink-mute">{sub}</span>
        </span>
      </span>
      <span className="mt-2 block border-t border-line pt-1.5 text-xs text-ink-mute">{tag ? `${tag}分享` : '分享'}</span>
    </a>
  );
}

/** A thumbnail's shown size (within 198 × 198, as the server makes them), when the message says it. */
function fitThumb(i: { width: number; height: number }): { width?: number; height?: number } {
  if (!(i.width > 0 && i.height > 0)) return {};
  const k = Math.min(1, THUMB_BOX / i.width, THUMB_BOX / i.height);
  return { width: Math.round(i.width * k), height: Math.round(i.height * k) };
}

const THUMB_BOX = 198;
