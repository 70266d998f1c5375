import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ClassItem, CourseItem } from '~/lib/api/contract/catalogue-training';
import type { GoodsItem } from '~/lib/api/contract/catalogue-shop';
import type { CirclePost } from '~/lib/api/contract/circle';
import { formatDate } from '~/lib/format';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { createInfiniteList, type InfiniteList as List } from '~/lib/stores/infinite';
import type { Page } from '~/lib/stores/paged';
import {
  authorPosts,
  fetchAgentCourses,
  fetchAgentGoods,
  fetchOwnerClasses,
  fetchOwnerCourses,
  fetchOwnerGoods,
  type Owner,
} from '~/lib/stores/train-lists';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { ClassRow, CourseRow, GoodsTile } from '../cards';

/**
 * The list tabs of /m/anchor (课程, 班级, 商品, 功夫圈): the same lists as the desktop homepage, each
 * growing as the visitor scrolls. What the owner re-sells as an agent follows their own items and
 * links with `agent=` (the order credits them). The first page of the owner's own items comes
 * from the server; 功夫圈 loads here.
 */
export default function AnchorLists(
  props: { owner: Owner; agent: string; media: string } & (
    | { tab: 'course'; first: Page<CourseItem> }
    | { tab: 'class'; first: Page<ClassItem> }
    | { tab: 'goods'; first: Page<GoodsItem> | null }
    | { tab: 'circle'; uid: number }
  ),
) {
  switch (props.tab) {
    case 'course':
      return <CoursesTab {...props} />;
    case 'class':
      return <ClassesTab {...props} />;
    case 'goods':
      return <GoodsTab {...props} />;
    default:
      return <Posts uid={props.uid} />;
  }
}

const finished = <T, Q>(l: List<T, Q>) => {
  const s = l.$list.get();
  return s.page > 0 && s.items.length >= s.total;
};

/**
 * What the owner re-sells: under its title once the owner's own list has no more (or alone when
 * the owner has none), nothing when there is none.
 */
function AgentPart<T>(props: {
  list: List<T, Owner>;
  show: boolean;
  alone: boolean;
  title: string;
  emptyText: string;
  emptyIcon: string;
  className: string;
  keyOf: (item: T) => number;
  item: (item: T) => React.ReactNode;
}) {
  const s = useStore(props.list.$list);
  if (!props.show || (!props.alone && s.page > 0 && s.total === 0 && !s.error)) return null;
  return (
    <section className={props.alone ? '' : 'mt-2'} aria-label={props.title}>
      {!props.alone && s.items.length > 0 && <h2 className="bg-white px-3 py-2.5 text-[15px] font-600 text-ink">{props.title}</h2>}
      <InfiniteList
        list={props.list}
        keyOf={props.keyOf}
        item={props.item}
        className={props.className}
        emptyText={props.emptyText}
        emptyIcon={props.emptyIcon}
      />
    </section>
  );
}

function CoursesTab(props: { owner: Owner; agent: string; media: string; first: Page<CourseItem> }) {
  const [own] = useState(() => createInfiniteList(fetchOwnerCourses, props.owner, props.first));
  const [agent] = useState(() => createInfiniteList(fetchAgentCourses, props.owner));
  useStore(own.$list);
  const alone = props.first.total === 0;
  return (
    <>
      {!alone && (
        <InfiniteList
          list={own}
          keyOf={(c) => c.id}
          item={(c) => <CourseRow c={c} media={props.media} />}
          className="divide-y divide-line"
          emptyText="还没有上架课程"
        />
      )}
      <AgentPart
        list={agent}
        show={alone || finished(own)}
        alone={alone}
        title="代理课程"
        emptyText="还没有上架课程"
        emptyIcon="i-ri-play-list-line"
        className="divide-y divide-line"
        keyOf={(c) => c.id}
        item={(c) => <CourseRow c={c} media={props.media} agent={props.agent} />}
      />
    </>
  );
}

function ClassesTab(props: { owner: Owner; media: string; first: Page<ClassItem> }) {
  const [list] = useState(() => createInfiniteList(fetchOwnerClasses, props.owner, props.first));
  return (
    <InfiniteList
      list={list}
      keyOf={(k) => k.id}
      item={(k) => <ClassRow k={k} media={props.media} />}
      className="divide-y divide-line"
      emptyText="还没有开设班级"
      emptyIcon="i-ri-team-line"
    />
  );
}

/** A shop's own goods, then what it re-sells; a coach sells no goods of their own (`first` null). */
function GoodsTab(props: { owner: Owner; agent: string; media: string; first: Page<GoodsItem> | null }) {
  const [own] = useState(() => (props.first ? createInfiniteList(fetchOwnerGoods, props.owner, props.first) : null));
  const [agent] = useState(() => createInfiniteList(fetchAgentGoods, props.owner));
  const ownState = useStore(own?.$list ?? agent.$list);
  const alone = !own || props.first?.total === 0;
  const grid = 'grid grid-cols-2 gap-2 px-3 py-2';
  return (
    <>
      {own && !alone && (
        <InfiniteList
          list={own}
          keyOf={(g) => g.id}
          item={(g) => <GoodsTile g={g} media={props.media} />}
          className={grid}
          emptyText="还没有商品"
        />
      )}
      <AgentPart
        list={agent}
        show={alone || (ownState.page > 0 && ownState.items.length >= ownState.total)}
        alone={alone}
        title="代理商品"
        emptyText="还没有商品"
        emptyIcon="i-ri-shopping-bag-3-line"
        className={grid}
        keyOf={(g) => g.id}
        item={(g) => <GoodsTile g={g} media={props.media} agent={props.agent} />}
      />
    </>
  );
}

/** 功夫圈: the author's posts, newest first; each opens the post. */
function Posts(props: { uid: number }) {
  const [list] = useState(() => {
    const pages = authorPosts(props.uid);
    return createInfiniteList<CirclePost, null>((_, page) => pages(page), null);
  });
  return (
    <InfiniteList
      list={list}
      keyOf={(p) => p.id}
      item={(p) => <PostRow p={p} />}
      className="divide-y divide-line"
      emptyText="还没有发布动态"
      emptyIcon="i-ri-compass-3-line"
    />
  );
}

function PostRow({ p }: { p: CirclePost }) {
  const pics = p.video ? [p.video.poster].filter(Boolean) : p.thumbs.slice(0, 3);
  return (
    <a href={`${MOBILE_PATHS.circlePost}?id=${p.id}`} className="block bg-white p-3" data-testid="m-anchor-post">
      {p.content && <p className="line-clamp-3 whitespace-pre-wrap break-words text-[15px] leading-6 text-ink">{p.content}</p>}
      {pics.length > 0 && (
        <div className="mt-2 grid grid-cols-3 gap-1">
          {pics.map((src, i) => (
            <span key={`${src}-${i}`} className="relative block">
              <img src={img(src)} alt="" loading="lazy" className="aspect-square w-full rounded bg-surface-grey object-cover" />
              {p.video && (
                <span
                  className="i-ri-play-circle-line absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 text-3xl text-white"
                  aria-label="视频"
                />
              )}
            </span>
          ))}
        </div>
      )}
      <p className="mt-2 flex items-center gap-4 text-xs text-ink-mute">
        <span>{formatDate(p.created_at)}</span>
        {p.city && <span className="truncate">{p.city}</span>}
        <span className="ml-auto flex items-center gap-1">
          <span className="i-ri-thumb-up-line" aria-hidden="true" />
          {p.likes}
        </span>
        <span className="flex items-center gap-1">
          <span className="i-ri-chat-3-line" aria-hidden="true" />
          {p.comments}
        </span>
      </p>
    </a>
  );
}
