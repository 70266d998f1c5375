import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { createCourseList } from '~/lib/stores/provider';
import { PagerButtons } from '../ui/PagerButtons';
import { ProviderOnly } from './ProviderOnly';
import { PageHead } from '../ui/PageHead';
import { ListState } from '../ui/states';

/** /my/service_identity/course: the courses of the team's coaches. */
export default function TeamCourses() {
  return (
    <ProviderOnly>
      <Courses />
    </ProviderOnly>
  );
}

function Courses() {
  const [list] = useState(createCourseList);
  const { data, error } = useStore(list.$list);
  useEffect(() => {
    void list.load();
  }, [list]);
  return (
    <>
      <PageHead title="团队课程" sub="团队教练开设的线上课程（含已下架）">
        <a className="gf-link text-sm" href="/my/service_identity">
          返回概况
        </a>
      </PageHead>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText="团队教练还没有课程"
        emptyAction={['去邀请教练', '/my/service_identity/list']}
      >
        <ul className="grid grid-cols-3 gap-5" data-testid="team-courses">
          {data?.list.map((c) => (
            <li key={c.id} className="overflow-hidden rounded-lg border border-line">
              <a href={`/train/courseDetail?id=${c.id}`} className="block">
                <img src={img(c.cover)} alt="" className="h-[140px] w-full object-cover" />
                <div className="px-4 py-3">
                  <p className="truncate text-[15px] text-ink">{c.title}</p>
                  <p className="mt-1 text-xs text-ink-mute">
                    {c.coach_name} · {c.lessons} 课时 · 已售 {c.sales}
                  </p>
                  <p className="mt-2 flex items-center justify-between">
                    <span className="font-600 text-price">{priceText(c.price)}</span>
                    <span className={`text-xs ${c.on_sale ? 'text-success' : 'text-ink-mute'}`}>{c.on_sale ? '在售' : '已下架'}</span>
                  </p>
                </div>
              </a>
            </li>
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void list.setPage(p)} />}
    </>
  );
}
