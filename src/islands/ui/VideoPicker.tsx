import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { errorText } from '~/lib/api/client';
import type { VideoInfo } from '~/lib/api/contract/seller-content';
import { durationText } from '~/lib/format';
import { img } from '~/lib/media';
import { VIDEO_ACCEPT, sizeText } from '~/lib/rules/seller-content';
import { createVideoUpload, type VideoEndpoints } from '~/lib/stores/video-upload';
import { toast } from '~/lib/toast';

/** File picker, progress bar with pause/resume, and the processing state of the uploaded video. */
export function VideoPicker(props: {
  initial: VideoInfo | null;
  onVideo: (id: number | null) => void;
  /** A member's 功夫圈 video instead of a coach's lesson video. */
  endpoints?: VideoEndpoints;
  label?: string;
  hint?: string;
  /** Phone-sized buttons (44 px touch targets) on the mobile site. */
  touch?: boolean;
  /** On a phone, film with the camera instead of picking a file (a learner's practice video). */
  capture?: boolean;
}) {
  const [up] = useState(() => createVideoUpload(props.endpoints ? { endpoints: props.endpoints } : {}));
  const state = useStore(up.$upload);
  // A newly uploaded video becomes the lesson's video once the server has it.
  const videoId = state.video?.id ?? null;
  const report = useEffectEvent((id: number) => props.onVideo(id));
  useEffect(() => {
    if (videoId) report(videoId);
  }, [videoId]);
  const input = useRef<HTMLInputElement>(null);
  const initial = useRef(props.initial);
  useEffect(() => {
    up.show(initial.current);
    return () => up.stop();
  }, [up]);

  function pick(file: File | undefined) {
    if (!file) return;
    up.start(file).catch((err: unknown) => toast.error(errorText(err)));
  }

  const v = state.video;
  const busy = state.phase === 'uploading' || state.phase === 'paused';
  return (
    <div className="flex flex-col gap-3" data-testid="video-picker">
      <div className="flex items-center gap-3">
        <input
          ref={input}
          type="file"
          accept={props.capture ? 'video/*' : VIDEO_ACCEPT}
          {...(props.capture ? { capture: 'environment' as const } : {})}
          className="hidden"
          aria-label={props.label ?? '选择课时视频'}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className={props.touch ? 'gf-m-btn-ghost shrink-0' : 'gf-btn-ghost'}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          <span className="i-ri-upload-cloud-2-line mr-1" />
          {v ? '重新上传' : '选择视频'}
        </button>
        <span className="text-xs text-ink-mute">{props.hint ?? 'MP4 / WebM（服务器可转码时也支持 MOV、MKV），断网后可继续上传'}</span>
      </div>
      {state.phase !== 'idle' && (
        <div className="rounded-lg border border-line p-3">
          <p className="mb-2 flex items-center justify-between text-sm">
            <span className="truncate text-ink">{state.name}</span>
            <span className="shrink-0 text-ink-soft" data-testid="upload-state">
              {state.phase === 'uploading' && `上传中 ${state.percent}%`}
              {state.phase === 'paused' && `已暂停 ${state.percent}%`}
              {state.phase === 'processing' && '上传完成，转码中…'}
              {state.phase === 'done' && v && v.status_text}
              {state.phase === 'error' && '上传失败'}
            </span>
          </p>
          <div
            className="h-2 overflow-hidden rounded-full bg-page"
            role="progressbar"
            aria-label="上传进度"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            data-testid="upload-progress"
          >
            <div
              className={`h-full rounded-full transition-all ${state.phase === 'error' ? 'bg-danger' : 'bg-brand-accent'}`}
              style={{ width: `${state.percent}%` }}
            />
          </div>
          <p className="mt-2 flex items-center gap-3 text-xs text-ink-mute">
            {state.total > 0 && (
              <span>
                {sizeText(state.loaded)} / {sizeText(state.total)}
              </span>
            )}
            {state.phase === 'uploading' && (
              <button type="button" className={props.touch ? 'gf-link min-h-11 px-2' : 'gf-link'} onClick={up.pause}>
                暂停
              </button>
            )}
            {(state.phase === 'paused' || (state.phase === 'error' && state.total > 0 && state.percent < 100)) && (
              <button type="button" className={props.touch ? 'gf-link min-h-11 px-2' : 'gf-link'} onClick={up.resume}>
                继续上传
              </button>
            )}
          </p>
          {state.error && (
            <p role="alert" className="mt-2 text-sm text-danger">
              {state.error}
            </p>
          )}
          {v && state.phase === 'done' && (
            <div className="mt-3 flex items-center gap-3 text-sm text-ink-soft" data-testid="video-ready">
              {v.poster && (
                <img src={img(v.poster)} width={96} height={54} alt="视频封面帧" className="h-[54px] w-24 rounded object-cover" />
              )}
              <span>
                {v.duration > 0 ? `时长 ${durationText(v.duration)} · ` : ''}
                {sizeText(v.size)}
                {v.status === 'raw' && ' · 服务器未转码，按原文件播放'}
                {v.status === 'failed' && ` · ${v.error}`}
              </span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
