import { useState } from 'react';
import { formatDate } from '~/lib/format';
import { clock, lessonAtHref } from '~/lib/rules/learn';
import { loadMyNotes } from '~/lib/stores/learn';
import { MemberOnly } from '../ui/MemberOnly';
import { MemberGate } from '../ui/mobile/MemberGate';
import { PagerButtons } from '../ui/PagerButtons';
import { LoadedList } from '../ui/states';
import { useLoad } from '../ui/useLoad';

/** 我的笔记 (/my/notes, /m/my/notes): every note across courses, newest first, each opening its lesson at its moment. */
export default function MyNotes(props: { phone?: boolean }) {
  return props.phone ? (
    <MemberGate icon="i-ri-sticky-note-line" text="登录后查看我的笔记">
      <Notes phone />
    </MemberGate>
  ) : (
    <MemberOnly>
      <Notes phone={false} />
    </MemberOnly>
  );
}

function Notes({ phone }: { phone: boolean }) {
  const [page, setPage] = useState(1);
  const q = useLoad(() => loadMyNotes(page), page);
  return (
    <>
      {!phone && <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">我的笔记</h1>}
      <LoadedList q={q} empty="还没有笔记。看课时点「记笔记」，就能在这里找到。">
        {(data) => (
          <>
            <ul className={`flex flex-col ${phone ? 'divide-y divide-line bg-white' : 'gap-3'}`} data-testid="my-notes">
              {data.list.map((n) => (
                <li key={n.id} className={phone ? 'px-3 py-3' : 'rounded-lg border border-line p-3'}>
                  <a href={lessonAtHref(n.course_id, n.lesson_id, n.at_s, phone)} className="group block">
                    <p className="flex items-center gap-2 text-sm text-ink-soft">
                      <span className="rounded bg-brand-light px-1.5 text-brand">{clock(n.at_s)}</span>
                      <span className="truncate group-hover:text-brand">
                        {n.course_title} · {n.lesson_title}
                      </span>
                    </p>
                    <p className="mt-1.5 whitespace-pre-wrap break-words text-[15px] text-ink">{n.body}</p>
                    <p className="mt-1 text-xs text-ink-mute">{formatDate(n.updated_at)}</p>
                  </a>
                </li>
              ))}
            </ul>
            <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />
          </>
        )}
      </LoadedList>
    </>
  );
}
