import { useRef } from 'react';
import { img } from '~/lib/media';
import { uploadImage } from '~/lib/stores/account';
import { useAction } from './useAction';
import { ImageFileInput } from './ImageFileInput';

/** The cover picker of the course and class forms: uploads through /api/uploader_img_base64. */
export function CoverUpload(props: { value: string; onChange: (path: string) => void; label: string }) {
  const upload = useAction();
  const input = useRef<HTMLInputElement>(null);
  function pick(file: File | undefined) {
    if (!file) return;
    void upload.run(
      async () => {
        const { path } = await uploadImage(file, 'common');
        props.onChange(path);
      },
      { done: '封面已上传' },
    );
  }
  return (
    <div className="flex items-end gap-4">
      <div className="flex h-[135px] w-[240px] items-center justify-center overflow-hidden rounded-md border border-dashed border-line-strong bg-page">
        {props.value ? (
          <img src={img(props.value)} width={240} height={135} alt="封面预览" className="h-full w-full object-cover" />
        ) : (
          <span className="i-ri-image-add-line text-4xl text-ink-mute" />
        )}
      </div>
      <div>
        <ImageFileInput ref={input} label={props.label} onFiles={([f]) => pick(f)} />
        <button type="button" className="gf-btn-ghost" disabled={upload.busy} onClick={() => input.current?.click()}>
          {upload.busy ? '上传中…' : props.value ? '更换封面' : '上传封面'}
        </button>
        <p className="mt-2 text-xs text-ink-mute">建议 16:9，JPG、PNG、GIF、WEBP，不超过 2MB</p>
      </div>
    </div>
  );
}
