import { useRef } from 'react';
import { img } from '~/lib/media';
import { uploadDocument, uploadImage } from '~/lib/stores/account';
import { useAction } from './useAction';
import { ImageFileInput } from './ImageFileInput';

/** Picks an image, uploads it (/api/uploader_img_base64, or /api/member/uploadDocument) and hands back the stored path and its URL. */
export function ImageUpload(props: {
  label: string;
  value: string;
  onChange: (path: string, url: string) => void;
  shape?: 'round' | 'wide' | 'square';
  testId?: string;
  /** A private document (licence, proof of identity): uploaded as one, shown from this signed URL. */
  document?: boolean;
  preview?: string | undefined;
}) {
  const upload = useAction();
  const file = useRef<HTMLInputElement>(null);
  const size =
    props.shape === 'wide' ? 'h-[90px] w-[240px] rounded-md' : props.shape === 'round' ? 'h-20 w-20 rounded-full' : 'h-20 w-20 rounded-md';
  function pick([f]: File[]) {
    if (!f) return;
    void upload.run(
      async () => {
        const up = props.document ? await uploadDocument(f) : await uploadImage(f, 'common');
        props.onChange(up.path, up.url);
      },
      { done: `${props.label}已上传，保存后生效` },
    );
  }
  return (
    <div className="flex items-center gap-4">
      {props.value ? (
        <img src={props.preview ?? img(props.value)} alt={props.label} className={`${size} border border-line object-cover`} />
      ) : (
        <span className={`${size} flex items-center justify-center border border-dashed border-line-strong text-xs text-ink-mute`}>
          未上传
        </span>
      )}
      <button type="button" className="gf-btn-ghost" disabled={upload.busy} onClick={() => file.current?.click()}>
        {upload.busy ? '上传中…' : props.value ? `更换${props.label}` : `上传${props.label}`}
      </button>
      <ImageFileInput ref={file} label={`选择${props.label}`} testId={props.testId} onFiles={pick} />
    </div>
  );
}
