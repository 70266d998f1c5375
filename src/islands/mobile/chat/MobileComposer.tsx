import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useAction } from '~/islands/ui/useAction';
import { EMOJI } from '~/lib/chat/emoji';
import { IM_LIMITS } from '~/lib/chat/protocol';
import { CHAT_T, VOICE_MAX_S } from '~/lib/rules/chat';
import { sendFile, sendText } from '~/lib/stores/chat/messages';
import { $voice, startVoice, stopVoice, voiceSupported } from '~/lib/stores/chat/voice';

const PICKS = [
  { kind: 'image', icon: 'i-ri-image-line', label: '相册', accept: 'image/*', capture: false },
  { kind: 'image', icon: 'i-ri-camera-line', label: '拍摄', accept: 'image/*', capture: true },
  { kind: 'file', icon: 'i-ri-folder-line', label: '文件', accept: '', capture: false },
] as const;

/**
 * The phone's input bar: text (16 px, no iOS zoom) with 发送, or 按住 说话 for a voice message
 * (slide up to cancel), 表情 (the desktop's emoji set, several in a row without the keyboard), and ＋ for
 * a picture from the album or the camera, or a file.
 */
export function MobileComposer(props: { conversationID: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const [voiceMode, setVoiceMode] = useState(false);
  const [more, setMore] = useState(false);
  const [emoji, setEmoji] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const send = useAction();
  const upload = useAction();
  const voice = useAction();

  function submit() {
    const value = text;
    props.onSent();
    if (value.trim()) setText('');
    void send.run(() => sendText(props.conversationID, value));
  }

  /** At the caret (the end when the keyboard is down); the panel stays open for the next one. */
  function insert(e: string) {
    const el = area.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    setText(text.slice(0, at) + e + text.slice(end));
    requestAnimationFrame(() => el?.setSelectionRange(at + e.length, at + e.length));
  }

  function pick(kind: 'image' | 'file', files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setMore(false);
    props.onSent();
    void upload.run(() => sendFile(props.conversationID, kind, file));
  }

  return (
    <div className="shrink-0 border-t border-line bg-surface-grey pb-[env(safe-area-inset-bottom)]" data-testid="m-composer">
      <div className="flex items-end gap-1 px-1.5 py-1.5">
        <button
          type="button"
          className="flex h-11 w-11 shrink-0 items-center justify-center text-ink-soft"
          aria-label={voiceMode ? '切换到文字输入' : '切换到语音输入'}
          onClick={() => {
            setMore(false);
            setEmoji(false);
            setVoiceMode(!voiceMode);
          }}
        >
          <span className={`${voiceMode ? 'i-ri-keyboard-box-line' : 'i-ri-mic-line'} text-2xl`} aria-hidden="true" />
        </button>
        {voiceMode ? (
          <HoldToTalk conversationID={props.conversationID} run={(fn) => void voice.run(fn)} onSent={props.onSent} />
        ) : (
          <textarea
            ref={area}
            value={text}
            rows={1}
            maxLength={IM_LIMITS.textMax}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => (setMore(false), setEmoji(false))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            enterKeyHint="send"
            aria-label="输入消息"
            className="my-0.5 max-h-28 min-h-10 min-w-0 flex-1 resize-none rounded-lg bg-white px-3 py-2 text-base leading-6 outline-none [field-sizing:content]"
          />
        )}
        {!voiceMode && (
          <button
            type="button"
            className="flex h-11 w-11 shrink-0 items-center justify-center text-ink-soft"
            aria-label="表情"
            aria-expanded={emoji}
            onClick={() => (setMore(false), setEmoji(!emoji))}
          >
            <span className={`${emoji ? 'i-ri-keyboard-box-line' : 'i-ri-emotion-line'} text-2xl`} aria-hidden="true" />
          </button>
        )}
        {!voiceMode && text.trim() ? (
          <button type="button" className="gf-m-btn-primary my-0.5 h-10 min-h-10 shrink-0 px-4" onClick={submit}>
            发送
          </button>
        ) : (
          <button
            type="button"
            className="flex h-11 w-11 shrink-0 items-center justify-center text-ink-soft"
            aria-label="更多功能"
            aria-expanded={more}
            onClick={() => (setEmoji(false), setMore(!more))}
          >
            <span className="i-ri-add-circle-line text-2xl" aria-hidden="true" />
          </button>
        )}
      </div>
      {emoji && (
        <div className="grid grid-cols-8 gap-1 border-t border-line px-2 py-3" role="listbox" aria-label="表情">
          {EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              role="option"
              aria-selected="false"
              onClick={() => insert(e)}
              className="flex h-11 items-center justify-center rounded-lg text-2xl active:bg-white"
            >
              {e}
            </button>
          ))}
        </div>
      )}
      {more && (
        <div className="grid grid-cols-4 gap-3 border-t border-line px-4 py-4">
          {PICKS.map((p) => (
            <label key={p.label} className="flex flex-col items-center gap-1.5 text-xs text-ink-soft">
              <span className="flex h-14 w-14 items-center justify-center rounded-xl bg-white">
                <span className={`${p.icon} text-2xl text-ink`} aria-hidden="true" />
              </span>
              {p.label}
              <input
                type="file"
                accept={p.accept || undefined}
                capture={p.capture ? 'environment' : undefined}
                className="sr-only"
                data-testid={`m-send-${p.capture ? 'camera' : p.kind}`}
                onChange={(e) => {
                  pick(p.kind, e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
          ))}
        </div>
      )}
    </div>
  );
}

/** 按住 说话: recording while held, sent on release, cancelled by sliding up; the seconds are shown. */
function HoldToTalk(props: { conversationID: string; run: (fn: () => Promise<unknown>) => void; onSent: () => void }) {
  const v = useStore($voice);
  const [cancel, setCancel] = useState(false);
  const startY = useRef(0);
  const seconds = useSeconds(v.phase === 'recording' ? v.startedAt : 0);
  const recording = v.phase !== 'idle';

  // Also when the press ended before the microphone answered: the store drops that recording.
  function end(sendIt: boolean) {
    props.onSent();
    props.run(() => stopVoice(sendIt));
    setCancel(false);
  }

  return (
    <>
      <button
        type="button"
        data-testid="m-voice-hold"
        disabled={!voiceSupported()}
        className={`my-0.5 h-10 min-w-0 flex-1 touch-none select-none rounded-lg text-base font-600 [-webkit-touch-callout:none] ${recording ? 'bg-line text-ink' : 'bg-white text-ink'}`}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          startY.current = e.clientY;
          setCancel(false);
          props.run(() => startVoice(props.conversationID));
        }}
        onPointerMove={(e) => recording && setCancel(startY.current - e.clientY > 60)}
        onPointerUp={() => end(!cancel)}
        onPointerCancel={() => end(false)}
        onContextMenu={(e) => e.preventDefault()}
      >
        {voiceSupported() ? (recording ? CHAT_T.voiceRelease : CHAT_T.voiceHold) : CHAT_T.voiceUnsupported}
      </button>
      {recording && (
        <div
          role="status"
          data-testid="m-voice-recording"
          className="pointer-events-none fixed left-1/2 top-1/3 z-50 flex w-40 -translate-x-1/2 flex-col items-center gap-2 rounded-2xl bg-night/80 py-5 text-white"
        >
          <span className={`${cancel ? 'i-ri-arrow-go-back-line' : 'i-ri-mic-fill animate-pulse'} text-4xl`} aria-hidden="true" />
          <span className="text-lg tabular-nums">
            {seconds}″ / {VOICE_MAX_S}″
          </span>
          <span className={`rounded px-2 text-xs ${cancel ? 'bg-danger' : ''}`}>{cancel ? CHAT_T.voiceCancel : '上滑取消'}</span>
        </div>
      )}
    </>
  );
}

function useSeconds(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [since]);
  return since ? Math.max(0, Math.floor((now - since) / 1000)) : 0;
}
