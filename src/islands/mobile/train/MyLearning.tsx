import { studyText } from '~/lib/rules/learn';
import { useState } from 'react';
import { formatDate } from '~/lib/format';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { createInfiniteList } from '~/lib/stores/infinite';
import { courseStatus, fetchMyClasses, fetchMyCourses, type MyClass, type MyCourse } from '~/lib/stores/study';
import { useSession } from '~/islands/chrome/useSession';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';

/**
 * /m/my/learning: the member's courses with progress and a 继续学习 link, or their classes with
 * where each stands (the desktop /my/course and /my/class, as infinite lists). A guest gets the
 * login link, which returns here.
 */
export default function MyLearning(props: { kind: 'course' | 'class'; login: string }) {
  const { ready, user } = useSession();
  if (!ready) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (!user)
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-16 text-ink-soft" data-testid="m-learning-guest">
        <span className="i-ri-lock-2-line text-5xl text-ink-mute" aria-hidden="true" />
        <p>登录后查看{props.kind === 'course' ? '我的课程' : '我的班级'}</p>
        <a href={props.login} className="gf-m-btn-primary w-40">
          去登录
        </a>
      </div>
    );
  return props.kind === 'course' ? <Courses /> : <Classes />;
}

function Courses() {
  const [list] = useState(() => createInfiniteList<MyCourse, null>(fetchMyCourses, null));
  return (
    <InfiniteList
      list={list}
      keyOf={(c) => c.id}
      item={(c) => <CourseItem c={c} />}
      className="space-y-2 px-3 pt-2"
      emptyText="还没有学习中的课程"
      emptyIcon="i-ri-play-list-line"
    />
  );
}

function CourseItem({ c }: { c: MyCourse }) {
  const href = `${MOBILE_PATHS.courseDetail}?id=${c.id}`;
  return (
    <div className="gf-m-card p-3" data-testid="m-my-course">
      <a href={href} className="flex gap-3">
        <img
          src={img(c.cover)}
          width={112}
          height={63}
          alt=""
          loading="lazy"
          className="h-16 w-28 shrink-0 rounded-lg bg-surface-grey object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-[15px] font-500 leading-5 text-ink">{c.title}</h3>
          <p className="mt-1 truncate text-xs text-ink-mute">{courseStatus(c)}</p>
        </div>
      </a>
      <div className="mt-2 flex items-center gap-3">
        <div
          className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-page"
          role="progressbar"
          aria-valuenow={c.watched_percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="已看时长"
        >
          <div className="h-full rounded-full bg-brand-accent" style={{ width: `${c.watched_percent}%` }} />
        </div>
        <span className="shrink-0 text-xs text-ink-soft">
          已看 {c.watched_percent}% · {c.finished_count}/{c.lesson_count} 课时
          <br />
          学习 {studyText(c.study_s)}
        </span>
        <a href={href} className="gf-m-btn-primary shrink-0 px-4 text-sm">
          {c.last_studied_at ? '继续学习' : '开始学习'}
        </a>
      </div>
    </div>
  );
}

function Classes() {
  const [list] = useState(() => createInfiniteList<MyClass, null>(fetchMyClasses, null));
  return (
    <InfiniteList
      list={list}
      keyOf={(k) => k.order_id}
      item={(k) => <ClassItem k={k} />}
      className="space-y-2 px-3 pt-2"
      emptyText="还没有报名的班级"
      emptyIcon="i-ri-team-line"
    />
  );
}

function ClassItem({ k }: { k: MyClass }) {
  return (
    <div className="gf-m-card p-3 text-sm" data-testid="m-my-class">
      <a href={`${MOBILE_PATHS.classDetail}?id=${k.id}`} className="flex gap-3">
        <img
          src={img(k.cover)}
          width={112}
          height={63}
          alt=""
          loading="lazy"
          className="h-16 w-28 shrink-0 rounded-lg bg-surface-grey object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-[15px] font-500 leading-5 text-ink">{k.title}</h3>
          <p className="mt-1 truncate text-xs text-ink-soft">
            教练 {k.coach} · {k.schedule}
          </p>
        </div>
      </a>
      <p className="mt-2 break-words text-xs text-ink-soft">
        {k.venue} {k.address}
      </p>
      <p className="mt-1 text-xs text-ink-mute">
        {formatDate(k.starts_at)} 至 {formatDate(k.ends_at)}
      </p>
      <div className="mt-2 flex items-center justify-between gap-2">
        <span className="rounded bg-brand-light px-2 py-0.5 text-xs text-brand">{k.phase}</span>
        <a href={`${MOBILE_PATHS.order}?id=${k.order_id}`} className="gf-m-btn-ghost shrink-0 px-4 text-sm">
          报名详情
        </a>
      </div>
    </div>
  );
}
