import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDate } from '~/lib/format';
import { img } from '~/lib/media';
import { courseStatus, createMyClasses, createMyCourses, type MyClass, type MyCourse } from '~/lib/stores/study';
import type { PagedList } from '~/lib/stores/paged';
import { PagerButtons } from '../ui/PagerButtons';
import { MemberOnly } from '../ui/MemberOnly';
import { ListState } from '../ui/states';
import { studyText } from '~/lib/rules/learn';

/** /my/course (progress per bought course) and /my/class (enrolled classes). */
export default function StudyList(props: { kind: 'course' | 'class' }) {
  return <MemberOnly>{props.kind === 'course' ? <Courses /> : <Classes />}</MemberOnly>;
}

/** A paged list that loads once mounted. */
function usePaged<T>(create: () => PagedList<T, null>) {
  const [paged] = useState(create);
  const state = useStore(paged.$list);
  useEffect(() => {
    void paged.load();
  }, [paged]);
  return { ...state, setPage: (p: number) => void paged.setPage(p) };
}

function Courses() {
  const { data, error, setPage } = usePaged(createMyCourses);
  return (
    <>
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">我的课程</h1>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText="还没有学习中的课程"
        emptyAction={['去选课程', '/train/course']}
      >
        <ul className="flex flex-col gap-3" data-testid="my-course-list">
          {data?.list.map((c) => (
            <CourseRow key={c.id} c={c} />
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />}
    </>
  );
}

function CourseRow({ c }: { c: MyCourse }) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-line p-3">
      <a href={`/train/courseDetail?id=${c.id}`}>
        <img src={img(c.cover)} width={160} height={90} alt="" className="h-[90px] w-40 rounded object-cover" />
      </a>
      <div className="min-w-0 flex-1">
        <a href={`/train/courseDetail?id=${c.id}`} className="text-[15px] font-600 text-ink hover:text-brand">
          {c.title}
        </a>
        <div className="mt-2 flex items-center gap-3">
          <div
            className="h-2 w-60 overflow-hidden rounded-full bg-page"
            role="progressbar"
            aria-valuenow={c.watched_percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="已看时长"
          >
            <div className="h-full rounded-full bg-brand-accent" style={{ width: `${c.watched_percent}%` }} />
          </div>
          <span className="text-sm text-ink-soft">
            已学 {c.finished_count}/{c.lesson_count} 课时 · 已看 {c.watched_percent}% · 学习时长 {studyText(c.study_s)}
          </span>
        </div>
        <p className="mt-2 text-xs text-ink-mute">{courseStatus(c)}</p>
      </div>
      <a href={`/train/courseDetail?id=${c.id}`} className="gf-btn-primary">
        {c.last_studied_at ? '继续学习' : '开始学习'}
      </a>
    </li>
  );
}

function Classes() {
  const { data, error, setPage } = usePaged(createMyClasses);
  return (
    <>
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">我的班级</h1>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText="还没有报名的班级"
        emptyAction={['去看班级', '/train/class']}
      >
        <ul className="flex flex-col gap-3" data-testid="my-class-list">
          {data?.list.map((k) => (
            <ClassRow key={k.order_id} k={k} />
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />}
    </>
  );
}

function ClassRow({ k }: { k: MyClass }) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-line p-3">
      <a href={`/train/classDetail?id=${k.id}`}>
        <img src={img(k.cover)} width={160} height={90} alt="" className="h-[90px] w-40 rounded object-cover" />
      </a>
      <div className="min-w-0 flex-1 text-sm">
        <a href={`/train/classDetail?id=${k.id}`} className="text-[15px] font-600 text-ink hover:text-brand">
          {k.title}
        </a>
        <p className="mt-1 text-ink-soft">
          教练 {k.coach} · {k.schedule}
        </p>
        <p className="mt-1 text-ink-soft">
          {k.venue} {k.address}
        </p>
        <p className="mt-1 text-xs text-ink-mute">
          {formatDate(k.starts_at)} 至 {formatDate(k.ends_at)}
        </p>
      </div>
      <span className="rounded bg-brand-light px-2 py-1 text-sm text-brand">{k.phase}</span>
      <a href={`/order/detail?id=${k.order_id}`} className="gf-btn-ghost">
        报名详情
      </a>
    </li>
  );
}
