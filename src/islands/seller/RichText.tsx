import { useRef } from 'react';
import { img } from '~/lib/media';
import { uploadImage } from '~/lib/stores/account';
import { useAction } from '../ui/useAction';

/**
 * A small rich-text editor (bold, heading, list, image) over contentEditable. What it produces is
 * only a draft: the server sanitises it on write (security/sanitize.ts), so nothing pasted here can
 * reach a buyer's page as script or style.
 */
export function RichText(props: { label: string; initial: string; onChange: (html: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const upload = useAction();
  const file = useRef<HTMLInputElement>(null);
  const emit = () => props.onChange(box.current?.innerHTML ?? '');
  const exec = (cmd: string, value?: string) => {
    box.current?.focus();
    document.execCommand(cmd, false, value);
    emit();
  };
  function pick(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    void upload.run(async () => exec('insertImage', img((await uploadImage(f, 'common')).path)), { done: '图片已插入' });
  }
  const tool = 'gf-btn h-8 px-2 text-ink-soft hover:text-brand';
  return (
    <div className="rounded-md border border-[#dcdfe6]">
      <div className="flex gap-1 border-b border-line bg-page px-2 py-1" role="toolbar" aria-label={`${props.label}格式`}>
        <button type="button" className={tool} aria-label="加粗" onClick={() => exec('bold')}>
          <span className="i-ri-bold" />
        </button>
        <button type="button" className={tool} aria-label="小标题" onClick={() => exec('formatBlock', 'h3')}>
          <span className="i-ri-heading" />
        </button>
        <button type="button" className={tool} aria-label="正文" onClick={() => exec('formatBlock', 'p')}>
          <span className="i-ri-paragraph" />
        </button>
        <button type="button" className={tool} aria-label="列表" onClick={() => exec('insertUnorderedList')}>
          <span className="i-ri-list-unordered" />
        </button>
        <button type="button" className={tool} aria-label="插入图片" disabled={upload.busy} onClick={() => file.current?.click()}>
          <span className="i-ri-image-add-line" />
        </button>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="hidden"
          aria-label="选择详情图片"
          onChange={pick}
        />
      </div>
      <div
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-label={props.label}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        className="prose-sm min-h-[180px] px-3 py-2 text-sm leading-7 outline-none [&_h3]:font-600 [&_img]:max-w-full [&_ul]:list-disc [&_ul]:pl-5"
        onInput={emit}
        onBlur={emit}
        dangerouslySetInnerHTML={{ __html: props.initial }}
      />
    </div>
  );
}
