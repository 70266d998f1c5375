import { useState } from 'react';
import { api } from '~/lib/api/client';
import type { SearchType } from '~/lib/api/contract/search';
import type { ClassItem, CoachCard, CourseItem } from '~/lib/api/contract/catalogue-training';
import type { GoodsItem, ShopCard } from '~/lib/api/contract/catalogue-shop';
import type { CirclePost } from '~/lib/api/contract/circle';
import type { ArticleItem } from '~/lib/api/contract/content';
import type { LiveRoomCard } from '~/lib/api/contract/live';
import type { LiveNotice } from '~/lib/api/contract/live-notices';
import { createInfiniteList } from '~/lib/stores/infinite';
import type { Page } from '~/lib/stores/paged';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { ClassRow, CourseRow, GoodsTile, NoticeRow, PostRow, ProfileRow } from '../cards';
import { LiveTile } from '../live/LiveList';
import { ArticleRow } from '../train/TrainList';

export type SearchItem = CourseItem | ClassItem | CoachCard | GoodsItem | ShopCard | LiveRoomCard | LiveNotice | CirclePost | ArticleItem;

/** Results per page of the mobile search (even: goods and live rooms show in two columns). */
export const SEARCH_PAGE = 20;

/**
 * The results of one search type as the mobile cards, more as the reader scrolls (/api/index/comSeach).
 * Without a keyword, type `shop` lists every shop (the shop home's 推荐店铺 → 更多).
 */
export default function SearchResults(props: { type: SearchType; q: string; initial: Page<SearchItem>; media: string; emptyText: string }) {
  const { type, media } = props;
  const [list] = useState(() =>
    createInfiniteList<SearchItem, string>(
      async (q, page): Promise<Page<SearchItem>> =>
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
      case 'live':
        return <LiveTile r={it as LiveRoomCard} media={media} />;
      case 'notice':
        return <NoticeRow n={it as LiveNotice} />;
      case 'post':
        return <PostRow p={it as CirclePost} media={media} />;
      case 'article':
        return <ArticleRow a={it as ArticleItem} media={media} eager={i < 3} />;
    }
  };
  const tiles = type === 'goods' || type === 'live';
  return (
    <InfiniteList
      list={list}
      keyOf={(it) => it.id}
      item={item}
      className={tiles ? 'grid grid-cols-2 gap-2 px-3' : 'divide-y divide-line'}
      emptyText={props.emptyText}
      emptyIcon="i-ri-search-eye-line"
    />
  );
}
