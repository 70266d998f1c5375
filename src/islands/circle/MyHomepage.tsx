import { useState } from 'react';
import { circleHome } from '~/lib/rules/circle';
import { circleSettings, fetchCircleProfile } from '~/lib/stores/circle';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import CircleFeed from './CircleFeed';
import { ProfileHead, StudyList } from './ProfileHead';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';

/** /my/homepage: the member's own homepage as others see it, with 编辑资料 and what it shows. */
export default function MyHomepage() {
  return (
    <MemberOnly>
      <Home />
    </MemberOnly>
  );
}

function Home() {
  const { user } = useSession();
  const uid = user?.user_id ?? 0;
  const profile = useLoad(() => fetchCircleProfile({ user_id: uid }), uid);
  const settings = useLoad(() => circleSettings({}));
  const save = useAction();
  const [showStudy, setShowStudy] = useState<0 | 1 | null>(null);
  if (profile.error && !profile.data) return <LoadFailed load={profile} />;
  if (!profile.data) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  const p = profile.data;
  const on = showStudy ?? settings.data?.show_study ?? 0;
  const publicHome = p.author.kind === 'member' ? circleHome('member', uid) : p.author.home;
  return (
    <div className="-mx-8 -my-6">
      <ProfileHead
        p={p}
        actions={
          <span className="flex gap-2">
            <a href="/account/setting" className="gf-btn h-8 border border-white/70 px-3 text-sm leading-8 text-white hover:bg-white/10">
              编辑资料
            </a>
            <a href="/firendscircle/publish" className="gf-btn-primary h-8 px-3 text-sm leading-8">
              发布动态
            </a>
          </span>
        }
      />
      <div className="flex flex-wrap items-center gap-4 border-y border-line px-8 py-3 text-sm text-ink-soft">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={on === 1}
            disabled={save.busy || !settings.data}
            onChange={(e) => {
              const v = e.target.checked ? 1 : 0;
              void save
                .run(() => circleSettings({ show_study: v }), {
                  done: v ? '主页将展示你在学的课程' : '主页不再展示在学课程',
                })
                .then((r) => {
                  if (!r) return;
                  setShowStudy(r.show_study);
                  profile.reload();
                });
            }}
          />
          在主页公开我在学的课程
        </label>
        <a href={publicHome} className="ml-auto text-brand hover:underline">
          查看公开主页
        </a>
      </div>
      <div className="flex items-start gap-5 px-8 py-5">
        <div className="min-w-0 flex-1 rounded-lg bg-surface-grey p-3">
          <CircleFeed
            source={{ kind: 'user', userId: uid }}
            empty="还没有发布动态"
            emptyAction={['发布第一条动态', '/firendscircle/publish']}
          />
        </div>
        {p.courses && p.courses.length > 0 && (
          <aside className="w-[240px] shrink-0">
            <StudyList courses={p.courses} />
          </aside>
        )}
      </div>
    </div>
  );
}
