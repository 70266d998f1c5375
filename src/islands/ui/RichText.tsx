import { useRef } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { img } from '~/lib/media';
import { uploadImage } from '~/lib/stores/account';
import { useAction } from './useAction';
import { ImageFileInput } from './ImageFileInput';

/**
 * The rich-text editor of course, class and goods intros and of the console's articles: TipTap (ProseMirror) limited to what the
 * server keeps — paragraphs, small headings, bold/italic, lists, links and uploaded images. What it
 * produces is only a draft: the server sanitises it on write (security/sanitize.ts), so nothing
 * pasted here can reach a buyer's page as script or style.
 */
export function RichText(props: {
  label: string;
  initial: string;
  onChange: (html: string) => void;
  /** Stores a picked image and answers its path: the member upload by default, the console passes its own. */
  upload?: (file: File) => Promise<{ path: string }>;
}) {
  const upload = useAction();
  const file = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [3] }, code: false, codeBlock: false, horizontalRule: false }),
      Image.configure({ inline: false }),
    ],
    content: props.initial,
    // The page is server-rendered: the editor starts in the browser, after hydration.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
        class:
          'min-h-[180px] px-3 py-2 text-sm leading-7 outline-none [&_h3]:font-600 [&_h3]:text-base [&_img]:max-w-full [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-brand',
      },
    },
    onUpdate: ({ editor: e }) => props.onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const on = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      heading: e?.isActive('heading', { level: 3 }) ?? false,
      list: e?.isActive('bulletList') ?? false,
    }),
  });

  function pick([f]: File[]) {
    if (!f || !editor) return;
    void upload.run(
      async () => {
        const src = img((await (props.upload ?? ((x: File) => uploadImage(x, 'common')))(f)).path);
        editor.chain().focus().setImage({ src }).run();
      },
      { done: '图片已插入' },
    );
  }
  const tool = (active: boolean | undefined) => `gf-btn h-8 px-2 hover:text-brand ${active ? 'text-brand' : 'text-ink-soft'}`;
  return (
    <div className="rounded-md border border-line-strong">
      <div className="flex gap-1 border-b border-line bg-page px-2 py-1" role="toolbar" aria-label={`${props.label}格式`}>
        <button
          type="button"
          className={tool(on?.bold)}
          aria-label="加粗"
          aria-pressed={on?.bold ?? false}
          disabled={!editor}
          onClick={() => editor?.chain().focus().toggleBold().run()}
        >
          <span className="i-ri-bold" />
        </button>
        <button
          type="button"
          className={tool(on?.heading)}
          aria-label="小标题"
          aria-pressed={on?.heading ?? false}
          disabled={!editor}
          onClick={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}
        >
          <span className="i-ri-heading" />
        </button>
        <button
          type="button"
          className={tool(false)}
          aria-label="正文"
          disabled={!editor}
          onClick={() => editor?.chain().focus().setParagraph().run()}
        >
          <span className="i-ri-paragraph" />
        </button>
        <button
          type="button"
          className={tool(on?.list)}
          aria-label="列表"
          aria-pressed={on?.list ?? false}
          disabled={!editor}
          onClick={() => editor?.chain().focus().toggleBulletList().run()}
        >
          <span className="i-ri-list-unordered" />
        </button>
        <button
          type="button"
          className={tool(false)}
          aria-label="插入图片"
          disabled={!editor || upload.busy}
          onClick={() => file.current?.click()}
        >
          <span className="i-ri-image-add-line" />
        </button>
        <ImageFileInput ref={file} label="选择要插入的图片" onFiles={pick} />
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="min-h-[180px] px-3 py-2 text-sm text-ink-mute" aria-hidden="true">
          编辑器加载中…
        </div>
      )}
    </div>
  );
}
