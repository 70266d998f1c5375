import { useEffect, useEffectEvent, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { durationText } from '~/lib/format';
import { img } from '~/lib/media';
import { LESSON_LIMITS, VIDEO_ACCEPT, sizeText } from '~/lib/rules/seller-content';
import { loadLesson, loadLessons, saveLesson, type LessonForm, type VideoInfo } from '~/lib/stores/seller-content';
import { createVideoUpload } from '~/lib/stores/video-upload';
import { errorText } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { Field, LoadFailed } from '../account/parts';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { PageHead } from './content-parts';

/** /coach/publishLesson?course_id=&id=: a lesson's title, order, free-preview flag and video (resumable upload). */
export default function LessonPublish(props: { courseId: number | null; id: number | null }) {
  return (
    <SellerOnly area="coach">
      {props.courseId ? (
        <Loader courseId={props.courseId} id={props.id} />
      ) : (
        <LoadFailed error="请从课时管理进入" retry={() => (window.location.href = '/coach/course')} />
      )}
    </SellerOnly>
  );
}

function Loader({ courseId, id }: { courseId: number; id: number | null }) {
  const data = useLoad(
    async () => {
      if (id) {
        const l = await loadLesson(id);
        const form: LessonForm = {
          course_id: l.course_id,
          id: l.id,
          title: l.title,
          order: String(l.sort + 1),
          is_free: l.is_free === 1,
          video_id: l.video_id,
        };
        return { form, courseTitle: l.course.title, video: l.video_info, count: 0 };
      }
      const list = await loadLessons(courseId);
      const form: LessonForm = { course_id: courseId, title: '', order: '', is_free: false, video_id: null };
      return { form, courseTitle: list.course.title, video: null, count: list.list.length };
    },
    `${courseId}-${id ?? 0}`,
  );
  if (data.error) return <LoadFailed error={data.error} retry={data.reload} />;
  if (!data.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return <Editor {...data.data} />;
}

function Editor(props: { form: LessonForm; courseTitle: string; video: VideoInfo | null; count: number }) {
  const [form, setForm] = useState(props.form);
  const save = useAction();
  const set = <K extends keyof LessonForm>(k: K, v: LessonForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const back = `/coach/course/lessonList?id=${form.course_id}`;

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save
      .run(() => saveLesson(form), { done: '保存成功' })
      .then((r) => {
        if (r) window.location.href = back;
      });
  }

  return (
    <>
      <PageHead title={form.id ? '编辑课时' : '添加课时'} back={['课时管理', back]} />
      <p className="mb-5 text-sm text-ink-soft">课程：{props.courseTitle}</p>
      <form onSubmit={submit} noValidate className="flex max-w-[760px] flex-col gap-5" data-testid="lesson-form">
        <Field label="课时标题">
          <input
            className="gf-input"
            name="title"
            maxLength={LESSON_LIMITS.title}
            value={form.title}
            placeholder="如：第1课 起势与站桩"
            onChange={(e) => set('title', e.target.value)}
          />
        </Field>
        <Field label="顺序" hint={form.id ? '第几课（从 1 起）' : `留空则排在最后（当前共 ${props.count} 课时）`}>
          <input
            className="gf-input w-32"
            name="order"
            inputMode="numeric"
            value={form.order}
            onChange={(e) => set('order', e.target.value)}
          />
        </Field>
        <Field label="试看">
          <label className="flex items-center gap-2 pt-2 text-sm">
            <input type="checkbox" name="is_free" checked={form.is_free} onChange={(e) => set('is_free', e.target.checked)} />
            免费试看（未购买的用户也能观看本课时）
          </label>
        </Field>
        <Field label="视频">
          <VideoPicker initial={props.video} onVideo={(id) => set('video_id', id)} />
        </Field>
        <Field label="">
          <button type="submit" className="gf-btn-primary w-32" disabled={save.busy}>
            {save.busy ? '保存中…' : '保存课时'}
          </button>
        </Field>
      </form>
    </>
  );
}

/** File picker, progress bar with pause/resume, and the processing state of the uploaded video. */
function VideoPicker(props: { initial: VideoInfo | null; onVideo: (id: number | null) => void }) {
  const [up] = useState(() => createVideoUpload());
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
          accept={VIDEO_ACCEPT}
          className="hidden"
          aria-label="选择课时视频"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button type="button" className="gf-btn-ghost" disabled={busy} onClick={() => input.current?.click()}>
          <span className="i-ri-upload-cloud-2-line mr-1" />
          {v ? '重新上传' : '选择视频'}
        </button>
        <span className="text-xs text-ink-mute">MP4 / WebM（服务器可转码时也支持 MOV、MKV），断网后可继续上传</span>
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
              className={`h-full rounded-full transition-all ${state.phase === 'error' ? 'bg-[#f56c6c]' : 'bg-brand'}`}
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
              <button type="button" className="gf-link" onClick={up.pause}>
                暂停
              </button>
            )}
            {(state.phase === 'paused' || (state.phase === 'error' && state.total > 0 && state.percent < 100)) && (
              <button type="button" className="gf-link" onClick={up.resume}>
                继续上传
              </button>
            )}
          </p>
          {state.error && (
            <p role="alert" className="mt-2 text-sm text-[#f56c6c]">
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
