import { useState, type SubmitEvent } from 'react';
import { durationText } from '~/lib/format';
import { LESSON_LIMITS } from '~/lib/rules/seller-content';
import { loadLesson, loadLessons, saveLesson, type LessonForm, type VideoInfo } from '~/lib/stores/seller-content';
import { VideoPicker } from '../ui/VideoPicker';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';
import { Field } from '../ui/form';
import { LoadFailed } from '../ui/states';
import { ChapterEditor } from '../learning/ChapterEditor';

/** /coach/publishLesson?course_id=&id=: a lesson's title, order, free-preview flag and video (resumable upload). */
export default function LessonPublish(props: { courseId: number | null; id: number | null }) {
  return (
    <SellerOnly area="coach">
      {props.courseId ? (
        <Loader courseId={props.courseId} id={props.id} />
      ) : (
        <LoadFailed error="请从课时管理进入" back={['返回课程管理', '/coach/course']} />
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
        // A video without an upload record (the seed's demo file) is kept unless a new one is uploaded.
        const file = !l.video_info && l.video_status !== 'none' ? { path: l.video, duration: l.duration } : null;
        return { form, courseTitle: l.course.title, video: l.video_info, file, count: 0, playUrl: l.video };
      }
      const list = await loadLessons(courseId);
      const form: LessonForm = { course_id: courseId, title: '', order: '', is_free: false, video_id: null };
      return { form, courseTitle: list.course.title, video: null, file: null, count: list.list.length, playUrl: '' };
    },
    `${courseId}-${id ?? 0}`,
  );
  if (data.error) return <LoadFailed load={data} back={['返回课程管理', '/coach/course']} />;
  if (!data.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return <Editor {...data.data} />;
}

function Editor(props: {
  form: LessonForm;
  courseTitle: string;
  video: VideoInfo | null;
  file: { path: string; duration: number } | null;
  count: number;
  playUrl: string;
}) {
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
          {props.file && form.video_id === null && (
            <p className="mb-2 text-sm text-ink-soft" data-testid="video-file">
              当前视频：{props.file.path.split('?')[0]?.split('/').pop()}
              {props.file.duration > 0 && ` · ${durationText(props.file.duration)}`}（站内文件，上传新视频即替换）
            </p>
          )}
          <VideoPicker initial={props.video} onVideo={(id) => set('video_id', id)} />
        </Field>
        <Field label="">
          <button type="submit" className="gf-btn-primary w-32" disabled={save.busy}>
            {save.busy ? '保存中…' : '保存课时'}
          </button>
        </Field>
      </form>
      {form.id ? (
        <ChapterEditor lessonId={form.id} video={props.playUrl} />
      ) : (
        <p className="mt-6 text-sm text-ink-mute">保存课时后，可在这里标记本课的招式。</p>
      )}
    </>
  );
}
