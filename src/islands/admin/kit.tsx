import { useRef, type ReactNode } from 'react';
import { img } from '~/lib/media';
import { adminUpload } from '~/lib/stores/admin-content';
import { useAction } from '../ui/useAction';
import type { Loaded } from '../ui/useLoad';

/* Small shared pieces of the console's content pages: fields, image picker, table states. */

export const inputCls = 'h-9 w-full rounded border border-line px-2 text-sm outline-none focus:border-brand';
export const btn = 'gf-btn h-8 shrink-0 whitespace-nowrap px-4 text-sm';
export const primaryBtn = `${btn} bg-brand text-white disabled:opacity-60`;
export const linkBtn = 'text-sm text-brand hover:underline disabled:opacity-50';

export function Field(props: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="mb-4 block text-sm">
      <span className="mb-1 block text-ink-soft">{props.label}</span>
      {props.children}
      {props.hint && <span className="mt-1 block text-xs text-ink-mute">{props.hint}</span>}
    </label>
  );
}

/** An uploaded image with a preview; the value is our stored path. */
export function ImageInput(props: { label: string; value: string; onChange: (path: string) => void }) {
  const file = useRef<HTMLInputElement>(null);
  const up = useAction();
  return (
    <div className="mb-4 text-sm">
      <span className="mb-1 block text-ink-soft">{props.label}</span>
      <div className="flex items-center gap-3">
        {props.value ? (
          <img src={img(props.value)} alt={props.label} className="h-20 w-32 rounded border border-line object-cover" />
        ) : (
          <span className="flex h-20 w-32 items-center justify-center rounded border border-dashed border-line text-xs text-ink-mute">
            未上传
          </span>
        )}
        <button type="button" className={`${btn} border border-line`} disabled={up.busy} onClick={() => file.current?.click()}>
          {up.busy ? '上传中…' : props.value ? '更换图片' : '上传图片'}
        </button>
        {props.value && (
          <button type="button" className={linkBtn} onClick={() => props.onChange('')}>
            移除
          </button>
        )}
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="hidden"
          aria-label={`上传${props.label}`}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void up.run(async () => props.onChange((await adminUpload(f)).path), { done: '图片已上传' });
          }}
        />
      </div>
    </div>
  );
}

/** Loading / error / empty states around a list; renders `children` once there are rows. */
export function ListState<T extends { list: unknown[] }>(props: { q: Loaded<T>; empty: string; children: (data: T) => ReactNode }) {
  const { q } = props;
  if (q.error && !q.data)
    return (
      <p role="alert" className="py-10 text-center text-ink-soft">
        {q.error}
        {q.retryable && (
          <button type="button" className="ml-3 text-brand" onClick={q.reload}>
            重试
          </button>
        )}
      </p>
    );
  if (!q.data) return <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  if (!q.data.list.length) return <p className="py-10 text-center text-ink-soft">{props.empty}</p>;
  return <>{props.children(q.data)}</>;
}

export function Th(props: { children?: ReactNode }) {
  return <th className="whitespace-nowrap px-3 py-2 font-500">{props.children}</th>;
}
export function Table(props: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <table className="w-full text-left text-sm" aria-label={props.label}>
      <thead className="bg-[#f7f8fa] text-ink-soft">
        <tr>{props.head}</tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
export const td = 'border-b border-line px-3 py-2 align-middle';

export function Badge(props: { on: boolean; onText: string; offText: string }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${props.on ? 'bg-[#e8f7ee] text-[#1a9a4b]' : 'bg-[#f2f3f5] text-ink-soft'}`}>
      {props.on ? props.onText : props.offText}
    </span>
  );
}
