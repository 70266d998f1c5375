import { useCallback, useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { img } from '~/lib/media';
import { priceText, formatDate } from '~/lib/format';
import { toast } from '~/lib/toast';
import { MemberOnly } from '../account/parts';
import { PagerButtons } from '../ui/PagerButtons';

type Kind = 'favorite' | 'focus' | 'fans';
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
type Fav = { type: 'course' | 'class' | 'goods'; id: number; title: string; cover: string; price: number; created_at: string };
type Focus = { type: 'coach' | 'mechant'; id: number; name: string; avatar: string; desc: string; fans_count: number };
type Fan = { user_id: number; nick_name: string; avatar: string; followed_at: string };

const FAV_TABS = [
  ['course', '课程'],
  ['class', '班级'],
  ['goods', '商品'],
] as const;
const DETAIL = { course: '/train/courseDetail', class: '/train/classDetail', goods: '/shop/goodsDetail' } as const;

/** /my/favorite, /my/focus and /my/fans: the member's own lists, paged. */
export default function MyLists(props: { kind: Kind }) {
  return (
    <MemberOnly>
      <Lists kind={props.kind} />
    </MemberOnly>
  );
}

function Lists({ kind }: { kind: Kind }) {
  const [favType, setFavType] = useState<'course' | 'class' | 'goods'>('course');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<Fav | Focus | Fan> | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(() => {
    const path = kind === 'favorite' ? '/member/favoriteList' : kind === 'focus' ? '/member/focusList' : '/member/fansList';
    untypedApi<Page<Fav | Focus | Fan>>(path, { page, limit: 12, ...(kind === 'favorite' ? { type: favType } : {}) })
      .then(setData)
      .catch((err) => setError(errorText(err)));
  }, [kind, favType, page]);
  useEffect(load, [load]);

  async function unfavourite(f: Fav) {
    try {
      await untypedApi('/member/favorite', { type: f.type, id: f.id, status: 0 });
      toast.success('已取消收藏');
      load();
    } catch (err) {
      toast.error(errorText(err));
    }
  }
  async function unfollow(f: Focus) {
    try {
      await untypedApi('/member/follow', { status: 0, [f.type === 'coach' ? 'coach_id' : 'shop_id']: f.id });
      toast.success('已取消关注');
      load();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  const title = kind === 'favorite' ? '我的收藏' : kind === 'focus' ? '我的关注' : '我的粉丝';
  const empty =
    kind === 'favorite'
      ? `还没有收藏的${FAV_TABS.find(([k]) => k === favType)![1]}`
      : kind === 'focus'
        ? '还没有关注的教练或店铺'
        : '还没有粉丝';
  return (
    <>
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">{title}</h1>
      {kind === 'favorite' && (
        <div role="tablist" className="mb-4 flex gap-6">
          {FAV_TABS.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={favType === k}
              onClick={() => (setFavType(k), setPage(1), setData(null))}
              className={`pb-1 text-[15px] ${favType === k ? 'border-b-2 border-brand text-brand' : 'text-ink-soft hover:text-brand'}`}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {error ? (
        <p role="alert" className="py-16 text-center text-[#f56c6c]">
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
          {data.list.map((item) =>
            kind === 'favorite' ? (
              <li key={(item as Fav).id} className="flex gap-3 rounded-lg border border-line p-3">
                <a href={`${DETAIL[(item as Fav).type]}?id=${(item as Fav).id}`}>
                  <img src={img((item as Fav).cover)} width={96} height={60} alt="" className="h-[60px] w-[96px] rounded object-cover" />
                </a>
                <div className="min-w-0 flex-1">
                  <a
                    className="block truncate text-sm text-ink hover:text-brand"
                    href={`${DETAIL[(item as Fav).type]}?id=${(item as Fav).id}`}
                  >
                    {(item as Fav).title}
                  </a>
                  <p className="mt-1 text-sm text-[#f56c6c]">{priceText((item as Fav).price)}</p>
                  <p className="mt-1 flex justify-between text-xs text-ink-mute">
                    收藏于 {formatDate((item as Fav).created_at)}
                    <button type="button" className="hover:text-brand" onClick={() => unfavourite(item as Fav)}>
                      取消收藏
                    </button>
                  </p>
                </div>
              </li>
            ) : kind === 'focus' ? (
              <li
                key={`${(item as Focus).type}-${(item as Focus).id}`}
                className="flex items-center gap-3 rounded-lg border border-line p-3"
              >
                <a href={`/anchor?type=${(item as Focus).type}&id=${(item as Focus).id}`}>
                  <img src={img((item as Focus).avatar)} width={56} height={56} alt="" className="h-14 w-14 rounded-full object-cover" />
                </a>
                <div className="min-w-0 flex-1">
                  <a
                    className="text-[15px] text-ink hover:text-brand"
                    href={`/anchor?type=${(item as Focus).type}&id=${(item as Focus).id}`}
                  >
                    {(item as Focus).name}
                  </a>
                  <p className="mt-1 truncate text-xs text-ink-mute">
                    {(item as Focus).type === 'coach' ? '教练' : '店铺'} · {(item as Focus).fans_count} 粉丝 · {(item as Focus).desc}
                  </p>
                </div>
                <button type="button" className="gf-btn-ghost h-8 shrink-0" onClick={() => unfollow(item as Focus)}>
                  取消关注
                </button>
              </li>
            ) : (
              <li key={(item as Fan).user_id} className="flex items-center gap-3 rounded-lg border border-line p-3">
                <img src={img((item as Fan).avatar)} width={48} height={48} alt="" className="h-12 w-12 rounded-full object-cover" />
                <div>
                  <p className="text-[15px] text-ink">{(item as Fan).nick_name}</p>
                  <p className="text-xs text-ink-mute">关注于 {formatDate((item as Fan).followed_at)}</p>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />}
    </>
  );
}
