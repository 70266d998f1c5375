import { useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { formatDate, formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { MemberOnly } from '../account/parts';
import { PagerButtons } from '../ui/PagerButtons';
import { ListState, type Page } from './parts';

interface MyCourse {
  id: number;
  title: string;
  cover: string;
  lesson_count: number;
  finished_count: number;
  progress: number;
  last_lesson: string;
  last_studied_at: string | null;
  bought_at: string;
}
interface MyClass {
  id: number;
  order_id: number;
  title: string;
  cover: string;
  coach: string;
  schedule: string;
  venue: string;
  address: string;
  starts_at: string;
  ends_at: string;
  phase: string;
}

/** /my/course (progress per bought course) and /my/class (enrolled classes). */
export default function StudyList(props: { kind: 'course' | 'class' }) {
  return (
    <MemberOnly>
      <List kind={props.kind} />
    </MemberOnly>
  );
}

function List({ kind }: { kind: 'course' | 'class' }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<MyCourse | MyClass> | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    untypedApi<Page<MyCourse | MyClass>>(kind === 'course' ? '/member/myCourse' : '/member/myClass', { page, limit: 10 })
      .then(setData)
      .catch((err) => setError(errorText(err)));
  }, [kind, page]);

  return (
    <>
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">{kind === 'course' ? '我的课程' : '我的班级'}</h1>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText={kind === 'course' ? '还没有学习中的课程' : '还没有报名的班级'}
        emptyAction={kind === 'course' ? ['去选课程', '/train/course'] : ['去看班级', '/train/class']}
      >
        <ul className="flex flex-col gap-3" data-testid={`my-${kind}-list`}>
          {kind === 'course'
            ? (data?.list as MyCourse[] | undefined)?.map((c) => (
                <li key={c.id} className="flex items-center gap-4 rounded-lg border border-line p-3">
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
                        aria-valuenow={c.progress}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-label="学习进度"
                      >
                        <div className="h-full rounded-full bg-brand" style={{ width: `${c.progress}%` }} />
                      </div>
                      <span className="text-sm text-ink-soft">
                        已学 {c.finished_count}/{c.lesson_count} 课时 · {c.progress}%
                      </span>
                    </div>
                    <p className="mt-2 text-xs text-ink-mute">
                      {c.last_studied_at
                        ? `上次学习：${c.last_lesson}（${formatDateTime(c.last_studied_at)}）`
                        : `购买于 ${formatDate(c.bought_at)}，还没有开始学习`}
                    </p>
                  </div>
                  <a href={`/train/courseDetail?id=${c.id}`} className="gf-btn-primary">
                    {c.last_studied_at ? '继续学习' : '开始学习'}
                  </a>
                </li>
              ))
            : (data?.list as MyClass[] | undefined)?.map((k) => (
                <li key={k.order_id} className="flex items-center gap-4 rounded-lg border border-line p-3">
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
              ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />}
    </>
  );
}
