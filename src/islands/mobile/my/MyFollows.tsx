import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '~/lib/api/client';
import type { FanItem, FavouriteItem, FavouriteType, FocusItem } from '~/lib/api/contract/catalogue-social';
import { formatDateTime, money } from '~/lib/format';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { Identity } from '~/lib/rules/roles';
import { createInfiniteList, type InfiniteList as List } from '~/lib/stores/infinite';
import { $session } from '~/lib/stores/session';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { useAction } from '~/islands/ui/useAction';

export type FollowsTab = 'follows' | 'favourites' | 'fans';

const FAV_TYPES: [FavouriteType, string][] = [
  ['course', '课程'],
  ['class', '班级'],
  ['goods', '商品'],
];

const DETAIL: Record<FavouriteType, string> = {
  course: MOBILE_PATHS.courseDetail,
  class: MOBILE_PATHS.classDetail,
  goods: MOBILE_PATHS.goodsDetail,
};

/**
 * /m/my/follows?tab=follows|favourites|fans: the coaches and shops the member follows (取消关注),
 * their favourite courses, classes and goods (取消收藏), and — for a coach or shop owner — fans.
 */
export default function MyFollows(props: { tab: FollowsTab }) {
  return (
    <MemberGate text="登录后查看关注与收藏">
      <Follows tab={props.tab} />
    </MemberGate>
  );
}

function Follows(props: { tab: FollowsTab }) {
  const user = useStore($session);
  const seller = user?.identity === Identity.COACH || user?.identity === Identity.MECHANT;
  const tabs: [FollowsTab, string][] = [
    ['follows', '我的关注'],
    ['favourites', '我的收藏'],
    ...(seller ? ([['fans', '我的粉丝']] as [FollowsTab, string][]) : []),
  ];
  const [tab, setTab] = useState<FollowsTab>(tabs.some(([t]) => t === props.tab) ? props.tab : 'follows');
  function pick(t: FollowsTab) {
    setTab(t);
    history.replaceState(null, '', `?tab=${t}`);
  }
  return (
    <div className="pb-6">
      <div className="sticky top-0 z-20 flex bg-white" role="tablist" aria-label="关注与收藏">
        {tabs.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            onClick={() => pick(t)}
            className={`min-h-11 flex-1 border-b-2 text-[15px] ${t === tab ? 'border-brand-accent font-600 text-ink' : 'border-transparent text-ink-soft'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'follows' ? <FocusList /> : tab === 'favourites' ? <Favourites /> : <Fans />}
    </div>
  );
}

function FocusList() {
  const list = useMemo(() => createInfiniteList<FocusItem, null>((_q, page) => api('/member/focusList', { page, limit: 12 }), null), []);
  return (
    <InfiniteList
      list={list}
      keyOf={(f) => `${f.type}-${f.id}`}
      emptyText="还没有关注教练或店铺"
      emptyIcon="i-ri-user-heart-line"
      className="mx-3 mt-3 divide-y divide-line overflow-hidden rounded-xl bg-white"
      item={(f) => <FocusRow f={f} list={list} />}
    />
  );
}

function FocusRow({ f, list }: { f: FocusItem; list: List<FocusItem, null> }) {
  const act = useAction();
  const href = `${MOBILE_PATHS.anchor}?type=${f.type === 'coach' ? 'coach' : 'merchant'}&id=${f.id}`;
  return (
    <div className="flex items-center gap-3 px-4 py-3" data-testid="m-focus-row">
      <a href={href} className="flex min-w-0 flex-1 items-center gap-3">
        <img src={img(f.avatar)} alt="" width="44" height="44" className="h-11 w-11 shrink-0 rounded-full bg-surface-grey object-cover" />
        <span className="min-w-0">
          <span className="block truncate text-[15px]">{f.name}</span>
          <span className="block truncate text-xs text-ink-mute">
            {f.type === 'coach' ? '教练' : '店铺'} · {f.fans_count} 粉丝
          </span>
        </span>
      </a>
      <button
        type="button"
        className="min-h-9 shrink-0 rounded-full border border-line-strong px-3 text-xs text-ink-soft"
        disabled={act.busy}
        onClick={() =>
          void act.run(
            async () => {
              await api('/member/follow', f.type === 'coach' ? { status: 0, coach_id: f.id } : { status: 0, shop_id: f.id });
              await list.refresh();
            },
            { done: '已取消关注' },
          )
        }
      >
        取消关注
      </button>
    </div>
  );
}

function Favourites() {
  const [type, setType] = useState<FavouriteType>('course');
  const list = useMemo(
    () =>
      createInfiniteList<FavouriteItem, FavouriteType>((t, page) => api('/member/favoriteList', { type: t, page, limit: 12 }), 'course'),
    [],
  );
  return (
    <div>
      <div className="flex gap-2 px-3 pt-3" role="tablist" aria-label="收藏类型">
        {FAV_TYPES.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === type}
            className={`min-h-9 rounded-full px-4 text-sm ${t === type ? 'bg-brand text-white' : 'bg-white text-ink-soft'}`}
            onClick={() => {
              setType(t);
              void list.setQuery(t);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <InfiniteList
        list={list}
        keyOf={(f) => `${f.type}-${f.id}`}
        emptyText="暂无收藏"
        emptyIcon="i-ri-star-line"
        className="mx-3 mt-3 divide-y divide-line overflow-hidden rounded-xl bg-white"
        item={(f) => <FavouriteRow f={f} list={list} />}
      />
    </div>
  );
}

function FavouriteRow({ f, list }: { f: FavouriteItem; list: List<FavouriteItem, FavouriteType> }) {
  const act = useAction();
  return (
    <div className="flex items-center gap-3 px-4 py-3" data-testid="m-favourite-row">
      <a href={`${DETAIL[f.type]}?id=${f.id}`} className="flex min-w-0 flex-1 items-center gap-3">
        <img src={img(f.cover)} alt="" width="64" height="48" className="h-12 w-16 shrink-0 rounded-md bg-surface-grey object-cover" />
        <span className="min-w-0">
          <span className="line-clamp-2 text-[15px]">{f.title}</span>
          <span className="block text-sm text-price">{money(f.price)}</span>
        </span>
      </a>
      <button
        type="button"
        className="min-h-9 shrink-0 rounded-full border border-line-strong px-3 text-xs text-ink-soft"
        disabled={act.busy}
        onClick={() =>
          void act.run(
            async () => {
              await api('/member/favorite', { type: f.type, id: f.id, status: 0 });
              await list.refresh();
            },
            { done: '已取消收藏' },
          )
        }
      >
        取消收藏
      </button>
    </div>
  );
}

function Fans() {
  const list = useMemo(() => createInfiniteList<FanItem, null>((_q, page) => api('/member/fansList', { page, limit: 12 }), null), []);
  return (
    <InfiniteList
      list={list}
      keyOf={(f) => f.user_id}
      emptyText="还没有粉丝"
      emptyIcon="i-ri-group-line"
      className="mx-3 mt-3 divide-y divide-line overflow-hidden rounded-xl bg-white"
      item={(f) => (
        <div className="flex items-center gap-3 px-4 py-3">
          <img src={img(f.avatar)} alt="" width="44" height="44" className="h-11 w-11 rounded-full bg-surface-grey object-cover" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-[15px]">{f.nick_name}</span>
            <span className="text-xs text-ink-mute">关注于 {formatDateTime(f.followed_at)}</span>
          </span>
        </div>
      )}
    />
  );
}
