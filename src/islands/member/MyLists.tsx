import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { FanItem, FavouriteItem, FocusItem } from '~/lib/api/contract/catalogue-social';
import { img } from '~/lib/media';
import { priceText, formatDate } from '~/lib/format';
import { createMyList, type MyListKind } from '~/lib/stores/my-lists';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { MemberOnly } from '../ui/MemberOnly';

const FAV_TABS = [
  ['course', '课程'],
  ['class', '班级'],
  ['goods', '商品'],
] as const;
const DETAIL = { course: '/train/courseDetail', class: '/train/classDetail', goods: '/shop/goodsDetail' } as const;
const TITLE = { favorite: '我的收藏', focus: '我的关注', fans: '我的粉丝' } as const;

/** /my/favorite, /my/focus and /my/fans: the member's own lists, paged. */
export default function MyLists(props: { kind: MyListKind }) {
  return (
    <MemberOnly>
      <Lists kind={props.kind} />
    </MemberOnly>
  );
}

function Lists({ kind }: { kind: MyListKind }) {
  const [store] = useState(() => createMyList(kind));
  const { favType, data, error } = useStore(store.$list);

  useEffect(() => {
    void store.load();
  }, [store]);

  const empty =
    kind === 'favorite'
      ? `还没有收藏的${FAV_TABS.find(([k]) => k === favType)?.[1] ?? ''}`
      : kind === 'focus'
        ? '还没有关注的教练或店铺'
        : '还没有粉丝';
  return (
    <>
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">{TITLE[kind]}</h1>
      {kind === 'favorite' && (
        <div role="tablist" className="mb-4 flex gap-6">
          {FAV_TABS.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={favType === k}
              onClick={() => void store.setFavType(k)}
              className={`pb-1 text-[15px] ${favType === k ? 'border-b-2 border-brand-accent text-brand' : 'text-ink-soft hover:text-brand'}`}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {error ? (
        <p role="alert" className="py-16 text-center text-danger">
          {error}
        </p>
      ) : !data ? (
        <p className="py-16 text-center text-ink-mute">加载中…</p>
      ) : data.list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-20 text-ink-mute" data-testid="empty-state">
          <span className="i-ri-inbox-line text-5xl" />
          <p>{empty}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4" data-testid={`${kind}-list`}>
          {data.kind === 'favorite'
            ? data.list.map((f) => <Favourite key={`${f.type}-${f.id}`} f={f} onRemove={() => store.unfavourite(f)} />)
            : data.kind === 'focus'
              ? data.list.map((f) => <Focus key={`${f.type}-${f.id}`} f={f} onRemove={() => store.unfollow(f)} />)
              : data.list.map((f) => <Fan key={f.user_id} f={f} />)}
        </ul>
      )}
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void store.setPage(p)} />}
    </>
  );
}

function Favourite({ f, onRemove }: { f: FavouriteItem; onRemove: () => Promise<void> }) {
  const remove = useAction();
  const href = `${DETAIL[f.type]}?id=${f.id}`;
  return (
    <li className="flex gap-3 rounded-lg border border-line p-3">
      <a href={href}>
        <img src={img(f.cover)} width={96} height={60} alt="" className="h-[60px] w-[96px] rounded object-cover" />
      </a>
      <div className="min-w-0 flex-1">
        <a className="block truncate text-sm text-ink hover:text-brand" href={href}>
          {f.title}
        </a>
        <p className="mt-1 text-sm text-price">{priceText(f.price)}</p>
        <p className="mt-1 flex justify-between text-xs text-ink-mute">
          收藏于 {formatDate(f.created_at)}
          <button
            type="button"
            className="hover:text-brand"
            disabled={remove.busy}
            onClick={() => void remove.run(onRemove, { done: '已取消收藏' })}
          >
            取消收藏
          </button>
        </p>
      </div>
    </li>
  );
}

function Focus({ f, onRemove }: { f: FocusItem; onRemove: () => Promise<void> }) {
  const remove = useAction();
  const href = `/anchor?type=${f.type}&id=${f.id}`;
  return (
    <li className="flex items-center gap-3 rounded-lg border border-line p-3">
      <a href={href}>
        <img src={img(f.avatar)} width={56} height={56} alt="" className="h-14 w-14 rounded-full object-cover" />
      </a>
      <div className="min-w-0 flex-1">
        <a className="text-[15px] text-ink hover:text-brand" href={href}>
          {f.name}
        </a>
        <p className="mt-1 truncate text-xs text-ink-mute">
          {f.type === 'coach' ? '教练' : '店铺'} · {f.fans_count} 粉丝 · {f.desc}
        </p>
      </div>
      <button
        type="button"
        className="gf-btn-ghost h-8 shrink-0"
        disabled={remove.busy}
        onClick={() => void remove.run(onRemove, { done: '已取消关注' })}
      >
        取消关注
      </button>
    </li>
  );
}

function Fan({ f }: { f: FanItem }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-line p-3">
      <img src={img(f.avatar)} width={48} height={48} alt="" className="h-12 w-12 rounded-full object-cover" />
      <div>
        <p className="text-[15px] text-ink">{f.nick_name}</p>
        <p className="text-xs text-ink-mute">关注于 {formatDate(f.followed_at)}</p>
      </div>
    </li>
  );
}
