import { loadHomeworkOn, type MyAssignment } from '~/lib/stores/homework';
import { useSession } from '../chrome/useSession';
import { useLoad } from '../ui/useLoad';
import { AssignmentCard } from './AssignmentCard';

/**
 * The assignments of the lesson playing (or of a class), under the player: a logged-in member sees
 * each with 提交作业 when they own the course; a guest or a lesson without homework shows nothing.
 */
export function LessonHomework(props: { lessonId?: number; classId?: number; phone?: boolean }) {
  const { user } = useSession();
  if (!user) return null;
  return <Cards {...props} />;
}

function Cards(props: { lessonId?: number | undefined; classId?: number | undefined; phone?: boolean | undefined }) {
  const target = props.lessonId ? { lesson_id: props.lessonId } : { class_id: props.classId ?? 0 };
  const q = useLoad(() => loadHomeworkOn(target), `${props.lessonId ?? 0}:${props.classId ?? 0}`);
  if (q.error)
    return (
      <p role="alert" className="mt-4 text-sm text-danger">
        作业加载失败：{q.error}
        <button type="button" className="gf-link ml-2" onClick={q.reload}>
          重试
        </button>
      </p>
    );
  if (!q.data || q.data.length === 0) return null;
  const data = q.data;
  const replace = (next: MyAssignment) => q.set(data.map((x) => (x.id === next.id ? next : x)));
  return (
    <section className={props.phone ? 'bg-white px-4 py-3' : 'mt-4'} aria-label="本节作业" data-testid="lesson-homework">
      <h2 className="mb-2 flex items-center gap-1 text-[15px] font-600 text-ink">
        <span className="i-ri-video-upload-line text-brand" />
        本节作业
      </h2>
      <ul className="flex flex-col gap-3">
        {data.map((a) => (
          <AssignmentCard key={a.id} a={a} phone={props.phone} onChange={replace} />
        ))}
      </ul>
    </section>
  );
}
