import { useState } from 'react';
import { formatDate, formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { studyText } from '~/lib/rules/learn';
import { loadStudents } from '~/lib/stores/learn';
import { SellerOnly } from '../seller/SellerOnly';
import { PageHead } from '../ui/PageHead';
import { PagerButtons } from '../ui/PagerButtons';
import { LoadFailed } from '../ui/states';
import { useLoad } from '../ui/useLoad';

/** /coach/course/students?id=: who bought the course, how far each got and their 学习时长 (no phone, no real name). */
export default function CourseStudents(props: { courseId: number | null }) {
  return (
    <SellerOnly area="coach">
      {props.courseId ? (
        <Students courseId={props.courseId} />
      ) : (
        <LoadFailed error="请从课程管理进入学员列表" back={['返回课程管理', '/coach/course']} />
      )}
    </SellerOnly>
  );
}

function Students({ courseId }: { courseId: number }) {
  const [page, setPage] = useState(1);
  const data = useLoad(() => loadStudents(courseId, page), `${courseId}-${page}`);
  if (data.error) return <LoadFailed load={data} back={['返回课程管理', '/coach/course']} />;
  if (!data.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  const { course, list, total } = data.data;
  return (
    <>
      <PageHead title="学员学习情况" back={['课程管理', '/coach/course']} />
      <p className="mb-4 text-sm text-ink-soft">
        课程：{course.title} · 共 {course.lesson_count} 课时 · {total} 名学员
      </p>
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-ink-mute" data-testid="empty-state">
          <span className="i-ri-group-line text-5xl" />
          <p>还没有学员购买这门课程</p>
        </div>
      ) : (
        <table className="w-full text-left text-sm" data-testid="student-table">
          <thead className="bg-page text-ink-soft">
            <tr>
              <th className="px-3 py-2 font-400">学员</th>
              <th className="px-3 py-2 font-400">购买时间</th>
              <th className="px-3 py-2 font-400">学完课时</th>
              <th className="px-3 py-2 font-400">观看进度</th>
              <th className="px-3 py-2 font-400">学习时长</th>
              <th className="px-3 py-2 font-400">最近学习</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {list.map((s, i) => (
              <tr key={`${s.nickname}-${s.bought_at}-${i}`}>
                <td className="flex items-center gap-2 px-3 py-2">
                  {s.avatar ? (
                    <img src={img(s.avatar)} width={28} height={28} alt="" className="h-7 w-7 rounded-full object-cover" />
                  ) : (
                    <span className="i-ri-user-3-line text-xl text-ink-mute" aria-hidden="true" />
                  )}
                  {s.nickname}
                </td>
                <td className="px-3 py-2">{formatDate(s.bought_at)}</td>
                <td className="px-3 py-2">
                  {s.finished_count}/{course.lesson_count}
                </td>
                <td className="px-3 py-2">{s.watched_percent}%</td>
                <td className="px-3 py-2">{studyText(s.study_s)}</td>
                <td className="px-3 py-2 text-ink-soft">{s.last_studied_at ? formatDateTime(s.last_studied_at) : '未开始'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PagerButtons page={data.data.page} total={total} limit={data.data.limit} onPage={setPage} />
    </>
  );
}
