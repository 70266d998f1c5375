import { useState } from 'react';
import { api } from '~/lib/api/client';
import type { ApiInput } from '~/lib/api/types';
import type { GoodsItem } from '~/lib/api/contract/catalogue-shop';
import { createInfiniteList } from '~/lib/stores/infinite';
import type { Page } from '~/lib/stores/paged';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { GoodsTile } from '../cards';

export type GoodsQuery = Omit<ApiInput<'/goods/list'>, 'page' | 'limit'>;

/** Goods per page of the mobile grids (an even number: two columns). */
export const GOODS_PAGE = 20;

/**
 * Goods in two columns that grow as the reader scrolls (/m/shop, /m/goods). The server renders the
 * first page (`initial`) with the same query; the filters are links, so a new filter is a new page.
 */
export default function GoodsGrid(props: { query: GoodsQuery; initial: Page<GoodsItem>; media: string; emptyText: string }) {
  const [list] = useState(() =>
    createInfiniteList<GoodsItem, GoodsQuery>(
      (q, page) => api('/goods/list', { ...q, page, limit: GOODS_PAGE }),
      props.query,
      props.initial,
    ),
  );
  return (
    <InfiniteList
      list={list}
      keyOf={(g) => g.id}
      item={(g, i) => <GoodsTile g={g} media={props.media} eager={i < 2} />}
      className="grid grid-cols-2 gap-2 px-3"
      emptyText={props.emptyText}
      emptyIcon="i-ri-shopping-bag-3-line"
    />
  );
}
