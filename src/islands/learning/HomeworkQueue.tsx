import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { durationText, formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { HOMEWORK_STATUS_TEXT, homeworkReviewHref, type HomeworkStatus } from '~/lib/rules/homework';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { createHomeworkQueue, type QueueRow } from '~/lib/stores/homework';
import { PagerButtons } from '../ui/PagerButtons';
import { ListState } from '../ui/states';
import { StatusTabs } from '../ui/Tabs';
import { SellerOnly } from '../seller/SellerOnly';
import { PageHead } from '../ui/PageHead';

const TABS = [
  ['new', HOMEWORK_STATUS_TEXT.new],
  ['reviewed', HOMEWORK_STATUS_TEXT.reviewed],
] as const;

/** 作业点评 (/coach/homework): learners' practice videos, 待点评 first come first served. */
export default function HomeworkQueue(props: { area: SellerArea }) {
  return (
    <SellerOnly area={props.area}>
      <Queue />
    </SellerOnly>
  );
}

function Queue() {
  const [queue] = useState(createHomeworkQueue);
  const { data, error, query } = useStore(queue.$list);
  const meta = useStore(queue.$meta);
  useEffect(() => {
    void queue.load();
  }, [queue]);
  return (
    <>
      <PageHead title="作业点评">
        {meta.unreviewed > 0 && <span className="text-sm text-ink-soft">待点评 {meta.unreviewed} 份</span>}
      </PageHead>
      <div className="flex items-start justify-between gap-4">
        <StatusTabs<HomeworkStatus> value={query.status} tabs={TABS} onChange={(status) => void queue.setQuery({ ...query, status })} />
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          课程 / 班级
          <select
            value={query.target}
            onChange={(e) => void queue.setQuery({ ...query, target: e.target.value })}
            className="h-8 max-w-60 rounded border border-line px-2 text-sm"
            aria-label="按课程或班级筛选"
          >
            <option value="">全部</option>
            {meta.targets.map((t) => (
              <option key={`${t.kind}:${t.id}`} value={`${t.kind}:${t.id}`}>
                {t.kind === 'course' ? '课程' : '班级'}：{t.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText={query.status === 'new' ? '没有待点评的作业' : '还没有点评过的作业'}
      >
        <ul className="flex flex-col gap-3" data-testid="homework-queue">
          {data?.list.map((r) => (
            <Row key={r.id} r={r} />
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void queue.setPage(p)} />}
    </>
  );
}

function Row({ r }: { r: QueueRow }) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-line p-3" data-testid="homework-queue-row">
      {r.poster ? (
        <img src={img(r.poster)} width={128} height={72} alt="练习视频封面" className="h-18 w-32 rounded object-cover" />
      ) : (
        <span className="flex h-18 w-32 items-center justify-center rounded bg-page text-2xl text-ink-mute">
          <span className="i-ri-video-line" />
        </span>
      )}
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-[15px] font-600 text-ink">{r.assignment_title}</p>
        <p className="mt-1 truncate text-ink-soft">{r.target_title}</p>
        <p className="mt-1 flex items-center gap-2 text-ink-soft">
          {r.learner.avatar && <img src={img(r.learner.avatar)} width={20} height={20} alt="" className="h-5 w-5 rounded-full" />}
          {r.learner.nick} · 第 {r.attempt} 次 · {formatDateTime(r.created_at)}
          {r.duration_s > 0 && ` · ${durationText(r.duration_s)}`}
        </p>
        {r.note && <p className="mt-1 truncate text-ink-mute">留言：{r.note}</p>}
      </div>
      <div className="shrink-0 text-right">
        {r.status === 'reviewed' && (
          <p className="mb-2 text-sm text-brand">
            {r.score !== null ? `${r.score} 分` : ''} {r.verdict}
          </p>
        )}
        <a href={homeworkReviewHref(r.id)} className="gf-btn-primary">
          {r.status === 'new' ? '点评' : '修改点评'}
        </a>
      </div>
    </li>
  );
}
