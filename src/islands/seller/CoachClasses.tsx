import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDate, priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { createCoachClasses, setClassOnSale, type CoachClassItem } from '~/lib/stores/seller-content';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';
import { SaleBadge } from './content-parts';
import { ListState } from '../ui/states';
import { AssignmentButton } from '../learning/AssignmentEditor';

/** /coach/class: the coach's offline classes with seats, dates and status. */
export default function CoachClasses() {
  return (
    <SellerOnly area="coach">
      <Classes />
    </SellerOnly>
  );
}

function Classes() {
  const [list] = useState(createCoachClasses);
  const { data, error, page } = useStore(list.$list);
  useEffect(() => {
    void list.load();
  }, [list]);
  return (
    <>
      <PageHead title="班级管理">
        <a href="/coach/class/publish" className="gf-btn-primary" data-testid="new-class">
          <span className="i-ri-add-line mr-1" />
          发布班级
        </a>
      </PageHead>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText="还没有线下班级"
        emptyAction={['发布班级', '/coach/class/publish']}
      >
        <ul className="flex flex-col gap-3" data-testid="coach-class-list">
          {data?.list.map((k) => (
            <ClassRow key={k.id} k={k} onChanged={() => void list.setPage(page)} />
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void list.setPage(p)} />}
    </>
  );
}

function ClassRow({ k, onChanged }: { k: CoachClassItem; onChanged: () => void }) {
  const act = useAction();
  const on = k.status === 1;
  function toggle() {
    if (on && !confirm(`确定下架「${k.title}」吗？已报名的学员不受影响。`)) return;
    void act.run(() => setClassOnSale(k.id, !on), { done: on ? '已下架' : '已上架' }).then((r) => r && onChanged());
  }
  return (
    <li className="flex items-center gap-4 rounded-lg border border-line p-3" data-testid="coach-class">
      <img src={img(k.cover)} width={160} height={90} alt="" className="h-[90px] w-40 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2">
          <span className="truncate text-[15px] font-600 text-ink">{k.title}</span>
          <SaleBadge on={on} />
        </p>
        <p className="mt-2 text-sm text-ink-soft">
          {k.city} · {k.venue} · {k.schedule}
        </p>
        <p className="mt-1 text-xs text-ink-mute">
          {formatDate(k.starts_at)} 至 {formatDate(k.ends_at)}
          {k.enrol_ends_at && ` · 报名截止 ${formatDate(k.enrol_ends_at)}`} ·{' '}
          <span className={k.price ? 'text-price' : 'text-success'}>{priceText(k.price)}</span> · 已报名 {k.enrolled}/{k.capacity}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <a className="gf-btn-ghost h-8 px-3" href={`/coach/class/courseList?id=${k.id}`}>
          报名学员
        </a>
        <AssignmentButton target={{ class_id: k.id }} name={k.title} />
        <a className="gf-btn-ghost h-8 px-3" href={`/coach/class/publish?id=${k.id}`}>
          编辑
        </a>
        <button type="button" className="gf-btn-ghost h-8 px-3" disabled={act.busy} onClick={toggle}>
          {on ? '下架' : '上架'}
        </button>
      </div>
    </li>
  );
}
