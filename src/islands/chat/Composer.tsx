import { useRef, useState } from 'react';
import { EMOJI } from '~/lib/chat/emoji';
import { IM_LIMITS } from '~/lib/chat/protocol';
import { CHAT_UPLOAD_MB } from '~/lib/rules/chat';
import { sendFile, sendText } from '~/lib/stores/chat/messages';
import { useAction } from '../ui/useAction';

const KINDS = [
  { kind: 'image', icon: 'i-ri-image-line', label: '图片', accept: 'image/*' },
  { kind: 'video', icon: 'i-ri-video-line', label: '视频', accept: 'video/*' },
  { kind: 'file', icon: 'i-ri-folder-line', label: '文件', accept: '' },
] as const;

/** Text with emoji (Enter sends, Shift+Enter is a new line), and image/video/file buttons with limits. */
export function Composer(props: { conversationID: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const send = useAction();
  const upload = useAction();

  function submit() {
    const value = text;
    props.onSent();
    // Cleared at once: the echo shows it, and a failed send keeps it in the pane with 重试.
    if (value.trim()) setText('');
    void send.run(() => sendText(props.conversationID, value));
  }

  function insert(e: string) {
    const el = area.current;
    const at = el?.selectionStart ?? text.length;
    setText(text.slice(0, at) + e + text.slice(el?.selectionEnd ?? at));
    setEmoji(false);
    el?.focus();
  }

  function pick(kind: 'image' | 'video' | 'file', files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    props.onSent();
    void upload.run(() => sendFile(props.conversationID, kind, file));
  }

  return (
    <div className="relative shrink-0 border-t border-line bg-white px-4 pb-3 pt-2">
      <div className="flex items-center gap-1 text-ink-soft">
        <button
          type="button"
          title="表情"
          aria-expanded={emoji}
          onClick={() => setEmoji(!emoji)}
          className="rounded p-1.5 hover:(bg-brand-light text-brand)"
        >
          <span className="i-ri-emotion-line text-lg" />
        </button>
        {KINDS.map((k) => (
          <label
            key={k.kind}
            title={`${k.label}（不超过 ${CHAT_UPLOAD_MB[k.kind]}MB）`}
            className="cursor-pointer rounded p-1.5 hover:(bg-brand-light text-brand)"
          >
            <span className={`${k.icon} text-lg`} />
            <span className="sr-only">发送{k.label}</span>
            <input
              type="file"
              accept={k.accept || undefined}
              className="hidden"
              data-testid={`send-${k.kind}`}
              onChange={(e) => {
                pick(k.kind, e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        ))}
        <span className="ml-auto text-xs text-ink-mute">
          图片≤{CHAT_UPLOAD_MB.image}MB · 视频/文件≤{CHAT_UPLOAD_MB.file}MB
        </span>
      </div>
      {emoji && (
        <div
          className="absolute bottom-full left-3 mb-1 grid w-[300px] grid-cols-8 gap-1 rounded-lg border border-line bg-white p-2 shadow-lg"
          role="listbox"
          aria-label="表情"
        >
          {EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              role="option"
              aria-selected="false"
              onClick={() => insert(e)}
              className="rounded p-0.5 text-xl hover:bg-brand-light"
            >
              {e}
            </button>
          ))}
        </div>
      )}
      <textarea
        ref={area}
        value={text}
        maxLength={IM_LIMITS.textMax}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        placeholder="输入消息，Enter 发送，Shift+Enter 换行"
        aria-label="输入消息"
        className="mt-1 h-20 w-full resize-none text-sm outline-none"
      />
      <div className="flex items-center justify-end gap-3">
        <span className="text-xs text-ink-mute">
          {text.length}/{IM_LIMITS.textMax}
        </span>
        <button type="button" className="gf-btn-primary h-8 px-5" onClick={submit}>
          发送
        </button>
      </div>
    </div>
  );
}
