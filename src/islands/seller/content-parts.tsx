import { useEffect, useRef, type ReactNode } from 'react';
import { img } from '~/lib/media';
import { uploadImage } from '~/lib/stores/account';
import { useAction } from '../ui/useAction';

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
      <div className="flex h-[135px] w-[240px] items-center justify-center overflow-hidden rounded-md border border-dashed border-[#dcdfe6] bg-page">
        {props.value ? (
          <img src={img(props.value)} width={240} height={135} alt="封面预览" className="h-full w-full object-cover" />
        ) : (
          <span className="i-ri-image-add-line text-4xl text-ink-mute" />
        )}
      </div>
      <div>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="hidden"
          aria-label={props.label}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button type="button" className="gf-btn-ghost" disabled={upload.busy} onClick={() => input.current?.click()}>
          {upload.busy ? '上传中…' : props.value ? '更换封面' : '上传封面'}
        </button>
        <p className="mt-2 text-xs text-ink-mute">建议 16:9，JPG、PNG、GIF、WEBP，不超过 2MB</p>
      </div>
    </div>
  );
}

/**
 * A small rich-text editor (bold, heading, lists, image) on a contentEditable area. What it writes
 * is only a draft: the server sanitises the HTML when it is saved.
 */
export function RichText(props: { initial: string; onChange: (html: string) => void; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const picture = useRef<HTMLInputElement>(null);
  const upload = useAction();
  const initial = useRef(props.initial);
  useEffect(() => {
    if (box.current) box.current.innerHTML = initial.current;
  }, []);
  function exec(cmd: string, value?: string) {
    box.current?.focus();
    // execCommand is deprecated but still the only built-in editing command set in every browser.
    document.execCommand(cmd, false, value);
    if (box.current) props.onChange(box.current.innerHTML);
  }
  const tool = 'gf-btn h-8 px-2 text-sm text-ink-soft hover:text-brand';
  return (
    <div className="rounded-md border border-[#dcdfe6]">
      <div className="flex gap-1 border-b border-line bg-page px-2 py-1" role="toolbar" aria-label="编辑工具">
        <button type="button" className={tool} onClick={() => exec('bold')} aria-label="加粗">
          <span className="i-ri-bold" />
        </button>
        <button type="button" className={tool} onClick={() => exec('formatBlock', 'h3')} aria-label="小标题">
          <span className="i-ri-heading" />
        </button>
        <button type="button" className={tool} onClick={() => exec('formatBlock', 'p')} aria-label="正文">
          <span className="i-ri-paragraph" />
        </button>
        <button type="button" className={tool} onClick={() => exec('insertUnorderedList')} aria-label="列表">
          <span className="i-ri-list-unordered" />
        </button>
        <button type="button" className={tool} disabled={upload.busy} onClick={() => picture.current?.click()} aria-label="插入图片">
          <span className="i-ri-image-line" />
        </button>
        <input
          ref={picture}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="hidden"
          aria-label="选择要插入的图片"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void upload.run(async () => exec('insertImage', img((await uploadImage(f, 'common')).path)));
          }}
        />
      </div>
      <div
        ref={box}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={props.label}
        tabIndex={0}
        className="prose min-h-[200px] max-w-none px-3 py-2 text-sm leading-7 outline-none"
        onInput={(e) => props.onChange(e.currentTarget.innerHTML)}
      />
    </div>
  );
}

export function SaleBadge(props: { on: boolean }) {
  return (
    <span
      className={props.on ? 'rounded bg-[#f0f9eb] px-2 py-0.5 text-xs text-[#52c41a]' : 'rounded bg-page px-2 py-0.5 text-xs text-ink-mute'}
    >
      {props.on ? '已上架' : '未上架'}
    </span>
  );
}

/** A page's title row with its main action. */
export function PageHead(props: { title: string; back?: [string, string]; children?: ReactNode }) {
  return (
    <div className="mb-5 flex items-center justify-between border-b border-line pb-4">
      <div className="flex items-center gap-3">
        {props.back && (
          <a href={props.back[1]} className="text-sm text-ink-soft hover:text-brand">
            <span className="i-ri-arrow-left-s-line align-[-2px]" />
            {props.back[0]}
          </a>
        )}
        <h1 className="text-lg font-600 text-ink">{props.title}</h1>
      </div>
      <div className="flex gap-2">{props.children}</div>
    </div>
  );
}
