import { useState } from 'react';
import { api } from '~/lib/api/client';
import type { SearchType } from '~/lib/api/contract/catalogue-search';
import type { ClassItem, CoachCard, CourseItem } from '~/lib/api/contract/catalogue-training';
import type { GoodsItem, ShopCard } from '~/lib/api/contract/catalogue-shop';
import { createInfiniteList } from '~/lib/stores/infinite';
import type { Page } from '~/lib/stores/paged';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { ClassRow, CourseRow, GoodsTile, ProfileRow } from '../cards';

export type SearchItem = CourseItem | ClassItem | CoachCard | GoodsItem | ShopCard;

/** Results per page of the mobile search (even: goods show in two columns). */
export const SEARCH_PAGE = 20;

/**
 * The results of one search type as the mobile cards, more as the reader scrolls (/api/index/comSeach).
 * Without a keyword, type `shop` lists every shop (the shop home's 推荐店铺 → 更多).
 */
export default function SearchResults(props: { type: SearchType; q: string; initial: Page<SearchItem>; media: string; emptyText: string }) {
  const { type, media } = props;
  const [list] = useState(() =>
    createInfiniteList<SearchItem, string>(
      async (q, page) =>
        q ? api('/index/comSeach', { q, type, page, limit: SEARCH_PAGE }) : api('/shop/list', { page, limit: SEARCH_PAGE }),
      props.q,
      props.initial,
    ),
  );
  const item = (it: SearchItem, i: number) => {
    switch (type) {
      case 'course':
        return <CourseRow c={it as CourseItem} media={media} eager={i < 3} />;
      case 'class':
        return <ClassRow k={it as ClassItem} media={media} eager={i < 3} />;
      case 'coach':
        return <ProfileRow p={it as CoachCard} type="coach" media={media} />;
      case 'shop':
        return <ProfileRow p={it as ShopCard} type="merchant" media={media} />;
      case 'goods':
        return <GoodsTile g={it as GoodsItem} media={media} eager={i < 2} />;
    }
  };
  return (
    <InfiniteList
      list={list}
      keyOf={(it) => it.id}
      item={item}
      className={type === 'goods' ? 'grid grid-cols-2 gap-2 px-3' : 'divide-y divide-line'}
      emptyText={props.emptyText}
      emptyIcon="i-ri-search-eye-line"
    />
  );
}
