import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDate, priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { SC_TEXTS } from '~/lib/rules/seller-content';
import { createCoachCourses, deleteCourse, setCourseOnSale, type CoachCourseItem, type CourseFilter } from '~/lib/stores/seller-content';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';
import { SaleBadge } from './content-parts';
import { ListState } from '../ui/states';

const TABS: [CourseFilter, string][] = [
  ['all', '全部'],
  ['on', '已上架'],
  ['off', '未上架'],
];

/** /coach/course: the coach's courses with status, price, lessons and sales; on/off sale, delete. */
export default function CoachCourses() {
  return (
    <SellerOnly area="coach">
      <Courses />
    </SellerOnly>
  );
}

function Courses() {
  const [list] = useState(() => createCoachCourses());
  const { data, error, query, page } = useStore(list.$list);
  useEffect(() => {
    void list.load();
  }, [list]);
  return (
    <>
      <PageHead title="课程管理">
        <a href="/coach/publish" className="gf-btn-primary" data-testid="new-course">
          <span className="i-ri-add-line mr-1" />
          发布课程
        </a>
      </PageHead>
      <div className="mb-4 flex gap-2" role="tablist" aria-label="课程状态">
        {TABS.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={query === k}
            className={query === k ? 'gf-btn-primary h-8 px-4' : 'gf-btn-ghost h-8 px-4'}
            onClick={() => void list.setQuery(k)}
          >
            {label}
          </button>
        ))}
      </div>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText="还没有课程，发布第一门课程吧"
        emptyAction={['发布课程', '/coach/publish']}
      >
        <ul className="flex flex-col gap-3" data-testid="coach-course-list">
          {data?.list.map((c) => (
            <CourseRow key={c.id} c={c} onChanged={() => void list.setPage(page)} />
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void list.setPage(p)} />}
    </>
  );
}

function CourseRow({ c, onChanged }: { c: CoachCourseItem; onChanged: () => void }) {
  const act = useAction();
  const on = c.status === 1;
  function toggle() {
    if (on && !confirm(`确定下架「${c.title}」吗？已购学员仍可继续观看。`)) return;
    void act.run(() => setCourseOnSale(c.id, !on), { done: on ? '已下架' : '已上架' }).then((r) => r && onChanged());
  }
  function remove() {
    if (!confirm(`确定删除「${c.title}」吗？删除后课时也一并删除，无法恢复。`)) return;
    void act.run(() => deleteCourse(c.id), { done: '删除成功' }).then((r) => r !== undefined && onChanged());
  }
  return (
    <li className="flex items-center gap-4 rounded-lg border border-line p-3" data-testid="coach-course">
      <img src={img(c.cover)} width={160} height={90} alt="" className="h-[90px] w-40 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2">
          <span className="truncate text-[15px] font-600 text-ink">{c.title}</span>
          <SaleBadge on={on} />
        </p>
        <p className="mt-2 text-sm text-ink-soft">
          <span className={c.price ? 'text-price' : 'text-success'}>{priceText(c.price)}</span>
          <span className="mx-2 text-line">|</span>
          {c.level} · {c.lesson_count} 课时 · 销量 {c.sales} · 学员 {c.buyers}
        </p>
        <p className="mt-1 text-xs text-ink-mute">发布于 {formatDate(c.created_at)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-2">
        <a className="gf-btn-ghost h-8 px-3" href={`/coach/course/lessonList?id=${c.id}`}>
          课时管理
        </a>
        <a className="gf-btn-ghost h-8 px-3" href={`/coach/course/students?id=${c.id}`}>
          学员
        </a>
        <a className="gf-btn-ghost h-8 px-3" href={`/coach/publish?id=${c.id}`}>
          编辑
        </a>
        {on && (
          <a className="gf-btn-ghost h-8 px-3" href={`/train/courseDetail?id=${c.id}`} target="_blank" rel="noopener">
            查看
          </a>
        )}
        <button type="button" className="gf-btn-ghost h-8 px-3" disabled={act.busy} onClick={toggle}>
          {on ? '下架' : '上架'}
        </button>
        {!on && (
          <button
            type="button"
            className="gf-btn-ghost h-8 px-3 disabled:opacity-50"
            disabled={act.busy || c.buyers > 0}
            title={c.buyers > 0 ? SC_TEXTS.hasBuyers : undefined}
            onClick={remove}
          >
            删除
          </button>
        )}
      </div>
    </li>
  );
}
