import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { durationText } from '~/lib/format';
import { VIDEO_STATUS_TEXT } from '~/lib/rules/seller-content';
import { deleteLesson, loadLessons, moved, setCourseOnSale, sortLessons, type CoachLesson } from '~/lib/stores/seller-content';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';
import { SaleBadge } from './content-parts';
import { AssignmentButton } from '../learning/AssignmentEditor';
import { LoadFailed } from '../ui/states';

/** /coach/course/lessonList?id=<course>: the lessons in order; reorder, edit, delete; put the course on sale. */
export default function LessonList(props: { courseId: number | null; fresh: boolean }) {
  return (
    <SellerOnly area="coach">
      {props.courseId ? (
        <Lessons courseId={props.courseId} fresh={props.fresh} />
      ) : (
        <LoadFailed error="请从课程管理进入课时列表" back={['返回课程管理', '/coach/course']} />
      )}
    </SellerOnly>
  );
}

function videoText(l: CoachLesson): string {
  if (l.video_status === 'none') return '未上传视频';
  if (l.video_status === 'ready' && !l.video_id) return '已有视频';
  return VIDEO_STATUS_TEXT[l.video_status];
}

function Lessons({ courseId, fresh }: { courseId: number; fresh: boolean }) {
  const data = useLoad(() => loadLessons(courseId), courseId);
  const act = useAction();
  if (data.error) return <LoadFailed load={data} back={['返回课程管理', '/coach/course']} />;
  if (!data.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  const { course, list } = data.data;
  const ids = list.map((l) => l.id);

  function move(id: number, by: -1 | 1) {
    const next = moved(ids, id, by);
    if (next) void act.run(() => sortLessons(courseId, next), { done: '顺序已保存' }).then(data.reload);
  }
  function remove(l: CoachLesson) {
    if (!confirm(`确定删除课时「${l.title}」吗？`)) return;
    void act.run(() => deleteLesson(l.id), { done: '删除成功' }).then(data.reload);
  }
  function toggleSale() {
    const on = course.status === 1;
    if (on && !confirm('确定下架该课程吗？已购学员仍可继续观看。')) return;
    void act.run(() => setCourseOnSale(courseId, !on), { done: on ? '已下架' : '已上架' }).then(data.reload);
  }

  return (
    <>
      <PageHead title="课时管理" back={['课程管理', '/coach/course']}>
        <a href={`/coach/publishLesson?course_id=${courseId}`} className="gf-btn-primary" data-testid="new-lesson">
          <span className="i-ri-add-line mr-1" />
          添加课时
        </a>
      </PageHead>
      <div className="mb-4 flex items-center justify-between rounded-lg bg-page px-4 py-3">
        <p className="flex items-center gap-2">
          <span className="font-600 text-ink">{course.title}</span>
          <SaleBadge on={course.status === 1} />
          <span className="text-sm text-ink-mute">共 {list.length} 课时</span>
        </p>
        <div className="flex gap-2">
          <a className="gf-btn-ghost h-8 px-3" href={`/coach/publish?id=${courseId}`}>
            编辑课程
          </a>
          <button
            type="button"
            className="gf-btn-ghost h-8 px-3"
            disabled={act.busy || (course.status === 0 && list.length === 0)}
            onClick={toggleSale}
            data-testid="toggle-sale"
          >
            {course.status === 1 ? '下架课程' : '上架课程'}
          </button>
        </div>
      </div>
      {fresh && list.length === 0 && (
        <p className="mb-4 rounded bg-brand-light px-4 py-2 text-sm text-brand-dark">
          课程已保存（未上架）。添加课时并上传视频后，点击「上架课程」即可开始销售。
        </p>
      )}
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-ink-mute" data-testid="empty-state">
          <span className="i-ri-video-add-line text-5xl" />
          <p>还没有课时</p>
          <a className="gf-btn-ghost" href={`/coach/publishLesson?course_id=${courseId}`}>
            添加第一个课时
          </a>
        </div>
      ) : (
        <ol className="flex flex-col divide-y divide-line rounded-lg border border-line" data-testid="lesson-list">
          {list.map((l, i) => (
            <li key={l.id} className="flex items-center gap-4 px-4 py-3" data-testid="lesson-row">
              <span className="w-8 text-center text-sm text-ink-mute">{i + 1}</span>
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2">
                  <span className="truncate text-ink">{l.title}</span>
                  {l.is_free === 1 && <span className="rounded bg-brand-light px-1.5 text-xs text-brand-dark">试看</span>}
                </p>
                <p className="mt-1 text-xs text-ink-mute">
                  {videoText(l)}
                  {l.duration > 0 && ` · ${durationText(l.duration)}`}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <button
                  type="button"
                  className="gf-btn-ghost h-8 w-8 px-0"
                  aria-label={`上移「${l.title}」`}
                  disabled={act.busy || i === 0}
                  onClick={() => move(l.id, -1)}
                >
                  <span className="i-ri-arrow-up-line" />
                </button>
                <button
                  type="button"
                  className="gf-btn-ghost h-8 w-8 px-0"
                  aria-label={`下移「${l.title}」`}
                  disabled={act.busy || i === list.length - 1}
                  onClick={() => move(l.id, 1)}
                >
                  <span className="i-ri-arrow-down-line" />
                </button>
                {l.video_status !== 'none' && (
                  <a className="gf-btn-ghost h-8 px-3" href={`/coach/videoInfo?id=${l.id}`}>
                    视频
                  </a>
                )}
                <AssignmentButton target={{ lesson_id: l.id }} name={l.title} />
                <a className="gf-btn-ghost h-8 px-3" href={`/coach/publishLesson?course_id=${courseId}&id=${l.id}`}>
                  编辑
                </a>
                <button type="button" className="gf-btn-ghost h-8 px-3" disabled={act.busy} onClick={() => remove(l)}>
                  删除
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
