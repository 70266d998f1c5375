import { useRef, useState, type ReactNode } from 'react';
import { IMAGE_TYPES } from '~/islands/ui/ImageFileInput';
import { ActionSheet } from '~/islands/ui/mobile/Sheet';

/** A row of a 我的 list: icon, label, an optional value or badge, the arrow. */
export function Row(props: {
  href: string;
  icon: string;
  label: string;
  /** A short value on the right (a count, a state). */
  value?: ReactNode;
  /** The unread badge's spot (the chat's unread count on 消息与聊天). */
  badge?: ReactNode;
  testId?: string;
}) {
  return (
    <li>
      <a href={props.href} className="flex min-h-12 items-center gap-3 px-4 text-[15px]" data-testid={props.testId}>
        <span className={`${props.icon} text-xl text-brand`} aria-hidden="true" />
        <span className="flex-1">{props.label}</span>
        {props.badge}
        {props.value !== undefined && <span className="text-sm text-ink-mute">{props.value}</span>}
        <span className="i-ri-arrow-right-s-line text-xl text-ink-mute" aria-hidden="true" />
      </a>
    </li>
  );
}

/** The unread count as a red pill ('99+' above 99); nothing for 0. */
export function CountBadge(props: { n: number; label: string; testId?: string }) {
  if (props.n <= 0) return null;
  return (
    <span
      className="min-w-5 rounded-full bg-danger px-1.5 text-center text-xs leading-5 text-white"
      aria-label={`${props.n} ${props.label}`}
      data-testid={props.testId}
    >
      {props.n > 99 ? '99+' : props.n}
    </span>
  );
}

export function Loading() {
  return (
    <p className="py-16 text-center text-sm text-ink-mute" aria-busy="true">
      加载中…
    </p>
  );
}

/** A failed load: the message and 重试. */
export function Failed(props: { error: string; retry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p role="alert" className="text-danger">
        {props.error}
      </p>
      <button type="button" className="gf-m-btn-ghost w-32" onClick={props.retry}>
        重试
      </button>
    </div>
  );
}

export function Empty(props: { icon: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-20 text-ink-mute" data-testid="empty-state">
      <span className={`${props.icon} text-6xl text-placeholder`} aria-hidden="true" />
      <p>{props.text}</p>
    </div>
  );
}

/**
 * Picks a photo on the phone: 拍照 opens the camera (`capture`), 从相册选择 the album. `children`
 * is what the member taps (an avatar, a document frame); `testId` names the camera input.
 */
export function PhotoPicker(props: {
  label: string;
  onFile: (file: File) => void;
  children: ReactNode;
  disabled?: boolean;
  /** The front camera (a selfie avatar) or the back one (a document). */
  facing?: 'user' | 'environment';
  testId?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const take = (e: React.ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (f) props.onFile(f);
  };
  return (
    <>
      <button
        type="button"
        aria-label={props.label}
        disabled={props.disabled}
        className={props.className ?? 'block'}
        onClick={() => setOpen(true)}
      >
        {props.children}
      </button>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture={props.facing ?? 'environment'}
        hidden
        aria-label={`${props.label}（拍照）`}
        data-testid={props.testId}
        onChange={take}
      />
      <input ref={album} type="file" accept={IMAGE_TYPES} hidden aria-label={`${props.label}（相册）`} onChange={take} />
      <ActionSheet
        open={open}
        onClose={() => setOpen(false)}
        actions={[
          { label: '拍照', onSelect: () => camera.current?.click() },
          { label: '从相册选择', onSelect: () => album.current?.click() },
        ]}
      />
    </>
  );
}
