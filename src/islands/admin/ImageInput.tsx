import { useRef } from 'react';
import { img } from '~/lib/media';
import { adminUpload } from '~/lib/stores/admin-content';
import { btn, linkBtn } from '../ui/buttons';
import { useAction } from '../ui/useAction';
import { ImageFileInput } from '../ui/ImageFileInput';

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
        <ImageFileInput
          ref={file}
          label={`上传${props.label}`}
          onFiles={([f]) => {
            if (f) void up.run(async () => props.onChange((await adminUpload(f)).path), { done: '图片已上传' });
          }}
        />
      </div>
    </div>
  );
}
