import { useRef, useState } from 'react';
import type { GradingVideo } from '~/lib/api/contract/grading';
import { formatDateTime } from '~/lib/format';
import { GRADING_TEXTS } from '~/lib/rules/grading';
import { GRADING_VIDEOS, submitGradingVideo } from '~/lib/stores/grading';
import { useTechniquePlayer } from '../ui/TechniqueControls';
import { useAction } from '../ui/useAction';
import { VideoPicker } from '../ui/VideoPicker';
import { FramedVideo } from './critique/FramedVideo';

/** A grading video with the technique controls (speed, mirror, frame steps), as every playback has. */
export function GradingVideoPlayer(props: { video: GradingVideo; label: string; phone?: boolean }) {
  const tech = useTechniquePlayer();
  const ref = useRef<HTMLVideoElement>(null);
  return (
    <FramedVideo
      tech={tech}
      video={ref}
      src={props.video.url}
      poster={props.video.poster}
      label={props.label}
      testId="grading-video-player"
      phone={props.phone ?? false}
    />
  );
}

/**
 * 考评视频 on an online 考评's booking page: what the candidate handed in (played back as the
 * examiner sees it) and the upload — on a phone, filmed with the camera — to hand in or replace it
 * until the examiner records a result.
 */
export function GradingVideoPanel(props: { sessionId: number; video: GradingVideo | null; phone?: boolean; onSaved: () => void }) {
  const [open, setOpen] = useState(props.video === null);
  const [videoId, setVideoId] = useState<number | null>(null);
  const send = useAction();
  const phone = props.phone ?? false;
  async function submit() {
    const saved = await send.run(() => submitGradingVideo(props.sessionId, videoId), { done: GRADING_TEXTS.videoSaved });
    if (!saved) return;
    setOpen(false);
    props.onSaved();
  }
  return (
    <section className="space-y-3 border-t border-line pt-4" aria-labelledby="grading-video-title" data-testid="grading-video">
      <h2 id="grading-video-title" className="text-base font-600 text-ink">
        考评视频
      </h2>
      {props.video ? (
        <>
          <p className="text-sm text-ink-soft" data-testid="grading-video-state">
            已于 {formatDateTime(props.video.at)} 提交，考评员将据此评定；出结果前可以更换。
          </p>
          <div className={phone ? '' : 'max-w-2xl'}>
            <GradingVideoPlayer video={props.video} label="我的考评视频" phone={phone} />
          </div>
        </>
      ) : (
        <p className="text-sm text-ink-soft">线上考评凭视频评定：请按考评说明完整演练，正面拍摄、全身入镜，在考评时间前提交。</p>
      )}
      {open ? (
        <div className="flex flex-col gap-3">
          <VideoPicker
            initial={null}
            endpoints={GRADING_VIDEOS}
            label="选择考评视频"
            capture={phone}
            touch={phone}
            hint={phone ? '用手机摄像头拍摄考评视频，断网后可继续上传' : '上传考评视频（MP4 / WebM），断网后可继续上传'}
            onVideo={setVideoId}
          />
          <div className="flex gap-3">
            <button
              type="button"
              className={phone ? 'gf-m-btn-primary flex-1' : 'gf-btn-primary w-40'}
              disabled={send.busy || !videoId}
              onClick={() => void submit()}
            >
              {send.busy ? '提交中…' : '提交考评视频'}
            </button>
            {props.video && (
              <button type="button" className={phone ? 'gf-m-btn-ghost' : 'gf-btn-ghost'} onClick={() => setOpen(false)}>
                取消
              </button>
            )}
          </div>
        </div>
      ) : (
        <button type="button" className={phone ? 'gf-m-btn-ghost w-full' : 'gf-btn-ghost'} onClick={() => setOpen(true)}>
          更换视频
        </button>
      )}
    </section>
  );
}
