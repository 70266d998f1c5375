import type { CircleProfile } from '~/lib/api/contract/circle';
import { img } from '~/lib/media';
import type { ReactNode } from 'react';

const KIND = { coach: '教练', shop: '店铺', member: '会员' } as const;

/** A homepage's head: avatar, name, intro, the four counts, and the owner's actions. */
export function ProfileHead(props: { p: CircleProfile; actions?: ReactNode }) {
  const { p } = props;
  const stats: [string, number][] = [
    ['关注', p.follows],
    ['粉丝', p.fans],
    ['动态', p.posts],
    ['获赞', p.likes],
  ];
  return (
    <section className="overflow-hidden rounded-lg bg-white" data-testid="circle-profile">
      <div className="gf-profile-bg flex items-end gap-5 px-8 pb-5 pt-14">
        <img
          src={img(p.author.avatar)}
          alt=""
          width="96"
          height="96"
          className="h-24 w-24 rounded-full border-4 border-white object-cover"
        />
        <div className="flex-1 pb-1 text-white">
          <h1 className="text-2xl font-700">
            {p.author.nick}
            <span className="ml-3 rounded bg-brand px-2 py-0.5 align-middle text-xs font-400">{KIND[p.author.kind]}</span>
          </h1>
          <p className="mt-1 text-sm text-white/85">{p.intro || '这个人很懒，还没有写简介'}</p>
        </div>
        {props.actions && <div className="pb-2">{props.actions}</div>}
      </div>
      <ul className="flex gap-12 px-8 py-4">
        {stats.map(([label, n]) => (
          <li key={label} className="text-center">
            <p className="text-xl font-600 text-ink">{n}</p>
            <p className="text-xs text-ink-mute">{label}</p>
          </li>
        ))}
        {p.city && <li className="ml-auto self-center text-sm text-ink-soft">所在城市：{p.city}</li>}
      </ul>
    </section>
  );
}

/** The courses a member studies, when they let their homepage show them. */
export function StudyList(props: { courses: CircleProfile['courses'] }) {
  if (!props.courses?.length) return null;
  return (
    <section className="gf-card px-5 py-4" data-testid="circle-study">
      <h2 className="mb-3 text-[15px] font-600">在学课程</h2>
      <ul className="space-y-3">
        {props.courses.map((c) => (
          <li key={c.id}>
            <a href={`/train/courseDetail?id=${c.id}`} className="flex items-center gap-3 hover:text-brand">
              <img src={img(c.cover)} alt="" className="h-12 w-20 rounded object-cover" />
              <span className="line-clamp-2 text-sm">{c.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
