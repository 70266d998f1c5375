import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CRITIQUE_LIMITS } from '~/lib/rules/critique';
import { createVoiceRecorder, voiceSupported } from '~/lib/stores/critique-voice';
import { useAction } from '~/islands/ui/useAction';

export interface VoiceValue {
  path: string;
  url: string;
  seconds: number;
}

/** The recorded voice comment's player (both pages). */
export function VoicePlayer(props: { url: string; seconds: number }) {
  return (
    <div className="flex items-center gap-3">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a spoken comment; its written points are the pinned comments */}
      <audio controls preload="metadata" src={props.url} className="h-10 max-w-full" data-testid="critique-voice" aria-label="语音点评" />
      <span className="text-xs text-ink-mute">{props.seconds} 秒</span>
    </div>
  );
}

/** The coach records (start/stop), plays back, re-records or deletes the voice comment. */
export function VoiceRecorder(props: { value: VoiceValue | null; onChange: (v: VoiceValue | null) => void }) {
  const action = useAction();
  const [rec] = useState(createVoiceRecorder);
  const phase = useStore(rec.$phase);
  const startedAt = useStore(rec.$startedAt);
  const atLimit = useStore(rec.$atLimit);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (phase !== 'recording') return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [phase]);
  const start = () => void action.run(() => rec.start());
  const stop = () =>
    action.run(
      async () => {
        const v = await rec.stop();
        if (v) props.onChange(v);
      },
      { done: '语音已录好' },
    );
  useEffect(() => {
    if (atLimit && phase === 'recording') void stop();
  });
  const supported = typeof window === 'undefined' || voiceSupported();
  if (phase === 'recording' || phase === 'starting') {
    const s = phase === 'recording' ? Math.max(0, Math.floor((now - startedAt) / 1000)) : 0;
    return (
      <div className="flex items-center gap-3" data-testid="voice-recording">
        <span className="i-ri-record-circle-fill animate-pulse text-xl text-danger" aria-hidden="true" />
        <span className="text-sm tabular-nums text-ink" aria-live="polite">
          录音中 {s} / {CRITIQUE_LIMITS.voiceMaxS} 秒
        </span>
        <button type="button" className="gf-btn-primary h-8" onClick={() => void stop()} disabled={phase !== 'recording'}>
          停止录音
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {props.value ? (
        <>
          <VoicePlayer url={props.value.url} seconds={props.value.seconds} />
          <button type="button" className="gf-btn-ghost h-8" onClick={start} disabled={action.busy || !supported}>
            重录
          </button>
          <button type="button" className="text-sm text-danger-strong hover:underline" onClick={() => props.onChange(null)}>
            删除语音
          </button>
        </>
      ) : (
        <button type="button" className="gf-btn-ghost h-8" onClick={start} disabled={action.busy || !supported}>
          <span className="i-ri-mic-line" aria-hidden="true" />
          {action.busy ? '上传中…' : '录制语音点评'}
        </button>
      )}
      {!supported && <span className="text-xs text-ink-mute">当前浏览器不支持录音，请换用最新版 Chrome、Edge 或 Safari</span>}
    </div>
  );
}
