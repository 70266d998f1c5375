import { useState, type ReactNode } from 'react';
import type { ClassItem, CoachCard, CourseItem, IdName, TrainingFilters } from '~/lib/api/contract/catalogue-training';
import type { ArticleItem } from '~/lib/api/contract/content';
import { formatDate } from '~/lib/format';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { createInfiniteList } from '~/lib/stores/infinite';
import type { Page } from '~/lib/stores/paged';
import {
  CLASS_SORTS,
  COURSE_PRICES,
  COURSE_SORTS,
  fetchArticles,
  fetchClasses,
  fetchCoaches,
  fetchCourses,
  type ArticleFilter,
  type ClassFilter,
  type CoachFilter,
  type CourseFilter,
} from '~/lib/stores/train-lists';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { ClassRow, CourseRow, ProfileRow } from '../cards';

/** The list of /m/list for one kind: its compact filters and the infinite list (first page from the server). */
export type TrainListProps = { media: string } & (
  | { kind: 'course'; initial: Page<CourseItem>; query: CourseFilter; labels: IdName[] }
  | { kind: 'class'; initial: Page<ClassItem>; query: ClassFilter; filters: TrainingFilters }
  | { kind: 'coach'; initial: Page<CoachCard>; query: CoachFilter; filters: TrainingFilters }
  | { kind: 'article'; initial: Page<ArticleItem>; query: ArticleFilter; cates: IdName[] }
);

export default function TrainList(props: TrainListProps) {
  switch (props.kind) {
    case 'course':
      return <Courses {...props} />;
    case 'class':
      return <Classes {...props} />;
    case 'coach':
      return <Coaches {...props} />;
    default:
      return <Articles {...props} />;
  }
}

/** Keeps the filter in the address (shared and back-navigated links show the same list). */
function remember(params: Record<string, string | number | undefined>, defaults: Record<string, string>) {
  const u = new URL(location.href);
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '' || defaults[k] === String(v)) u.searchParams.delete(k);
    else u.searchParams.set(k, String(v));
  }
  history.replaceState(history.state, '', u);
}

/** One compact filter: a native picker (the phone's own wheel or list) styled as a chip. */
function Pick(props: { label: string; value: string; options: readonly (readonly [string, string])[]; onChange: (v: string) => void }) {
  const shown = props.options.find(([v]) => v === props.value)?.[1] ?? props.label;
  return (
    <label className="relative flex h-11 min-w-0 flex-1 items-center justify-center gap-0.5 px-1 text-sm text-ink">
      <span className={`truncate ${props.value ? 'text-brand' : ''}`}>{shown}</span>
      <span className="i-ri-arrow-down-s-fill shrink-0 text-ink-mute" aria-hidden="true" />
      <select
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
      >
        {props.options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters(props: { children: ReactNode }) {
  return (
    <div className="sticky top-12 z-20 flex border-b border-line bg-white" role="group" aria-label="筛选">
      {props.children}
    </div>
  );
}

const all = (label: string, items: readonly string[]) => [['', label] as const, ...items.map((s) => [s, s] as const)];

function Courses(props: Extract<TrainListProps, { kind: 'course' }>) {
  const [list] = useState(() => createInfiniteList(fetchCourses, props.query, props.initial));
  const [q, setQ] = useState(props.query);
  const set = (next: CourseFilter) => {
    setQ(next);
    remember({ label: next.label_id, price: next.price, sort: next.sort }, { price: 'all', sort: 'new' });
    void list.setQuery(next);
  };
  return (
    <>
      <Filters>
        <Pick
          label="分类"
          value={q.label_id ? String(q.label_id) : ''}
          options={[['', '全部分类'], ...props.labels.map((l) => [String(l.id), l.name] as const)]}
          onChange={(v) => set({ ...q, label_id: v ? Number(v) : undefined })}
        />
        <Pick
          label="价格"
          value={q.price === 'all' ? '' : q.price}
          options={COURSE_PRICES.map(([v, t]) => [v === 'all' ? '' : v, t] as const)}
          onChange={(v) => set({ ...q, price: (v || 'all') as CourseFilter['price'] })}
        />
        <Pick
          label="排序"
          value={q.sort === 'new' ? '' : q.sort}
          options={COURSE_SORTS.map(([v, t]) => [v === 'new' ? '' : v, t] as const)}
          onChange={(v) => set({ ...q, sort: (v || 'new') as CourseFilter['sort'] })}
        />
      </Filters>
      <InfiniteList
        list={list}
        keyOf={(c) => c.id}
        item={(c, i) => <CourseRow c={c} media={props.media} eager={i < 3} />}
        className="divide-y divide-line"
        emptyText="没有符合条件的课程，换个条件试试"
        emptyIcon="i-ri-search-eye-line"
      />
    </>
  );
}

function Classes(props: Extract<TrainListProps, { kind: 'class' }>) {
  const [list] = useState(() => createInfiniteList(fetchClasses, props.query, props.initial));
  const [q, setQ] = useState(props.query);
  const set = (next: ClassFilter) => {
    setQ(next);
    remember({ style: next.style, city: next.city, sort: next.sort }, { sort: 'soon' });
    void list.setQuery(next);
  };
  return (
    <>
      <Filters>
        <Pick
          label="拳种"
          value={q.style ?? ''}
          options={all('全部拳种', props.filters.class_styles)}
          onChange={(v) => set({ ...q, style: v || undefined })}
        />
        <Pick
          label="城市"
          value={q.city ?? ''}
          options={all('全部城市', props.filters.class_cities)}
          onChange={(v) => set({ ...q, city: v || undefined })}
        />
        <Pick
          label="排序"
          value={q.sort === 'soon' ? '' : q.sort}
          options={CLASS_SORTS.map(([v, t]) => [v === 'soon' ? '' : v, t] as const)}
          onChange={(v) => set({ ...q, sort: (v || 'soon') as ClassFilter['sort'] })}
        />
      </Filters>
      <InfiniteList
        list={list}
        keyOf={(k) => k.id}
        item={(k, i) => <ClassRow k={k} media={props.media} eager={i < 3} />}
        className="divide-y divide-line"
        emptyText="没有符合条件的班级，换个城市或拳种试试"
        emptyIcon="i-ri-team-line"
      />
    </>
  );
}

function Coaches(props: Extract<TrainListProps, { kind: 'coach' }>) {
  const [list] = useState(() => createInfiniteList(fetchCoaches, props.query, props.initial));
  const [q, setQ] = useState(props.query);
  const set = (next: CoachFilter) => {
    setQ(next);
    remember({ style: next.style, city: next.city }, {});
    void list.setQuery(next);
  };
  return (
    <>
      <Filters>
        <Pick
          label="拳种"
          value={q.style ?? ''}
          options={all('全部拳种', props.filters.coach_styles)}
          onChange={(v) => set({ ...q, style: v || undefined })}
        />
        <Pick
          label="城市"
          value={q.city ?? ''}
          options={all('全部城市', props.filters.coach_cities)}
          onChange={(v) => set({ ...q, city: v || undefined })}
        />
      </Filters>
      <InfiniteList
        list={list}
        keyOf={(p) => p.id}
        item={(p) => <ProfileRow p={p} type="coach" media={props.media} />}
        className="divide-y divide-line"
        emptyText="没有符合条件的教练"
        emptyIcon="i-ri-user-star-line"
      />
    </>
  );
}

function Articles(props: Extract<TrainListProps, { kind: 'article' }>) {
  const [list] = useState(() => createInfiniteList(fetchArticles, props.query, props.initial));
  const [cate, setCate] = useState(props.query.cate_id ?? 0);
  const pick = (id: number) => {
    setCate(id);
    remember({ cate: id || undefined }, {});
    void list.setQuery({ cate_id: id || undefined });
  };
  return (
    <>
      <nav
        className="sticky top-12 z-20 flex overflow-x-auto border-b border-line bg-white px-1 [scrollbar-width:none]"
        aria-label="资讯分类"
      >
        {[{ id: 0, name: '全部' }, ...props.cates].map((c) => (
          <button
            key={c.id}
            type="button"
            aria-pressed={cate === c.id}
            onClick={() => pick(c.id)}
            className={`h-11 shrink-0 px-3 text-sm ${cate === c.id ? 'font-600 text-brand' : 'text-ink-soft'}`}
          >
            {c.name}
          </button>
        ))}
      </nav>
      <InfiniteList
        list={list}
        keyOf={(a) => a.id}
        item={(a, i) => <ArticleRow a={a} media={props.media} eager={i < 3} />}
        className="divide-y divide-line"
        emptyText="这个分类还没有文章"
        emptyIcon="i-ri-article-line"
      />
    </>
  );
}

/** A news row: title and summary, the cover right, category, date and reads. */
export function ArticleRow({ a, media, eager = false }: { a: ArticleItem; media?: string; eager?: boolean }) {
  return (
    <a href={`${MOBILE_PATHS.articleDetail}?id=${a.id}`} className="flex gap-3 bg-white p-3" data-testid="m-article">
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 text-[15px] font-500 leading-5 text-ink">{a.title}</h3>
        <p className="mt-1 line-clamp-1 text-xs text-ink-soft">{a.summary}</p>
        <p className="mt-auto truncate pt-1 text-xs text-ink-mute">
          {formatDate(a.published_at)} · {a.views} 阅读
        </p>
      </div>
      {a.cover && (
        <img
          src={img(a.cover, media)}
          width="96"
          height="72"
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          className="h-18 w-24 shrink-0 rounded-lg bg-surface-grey object-cover"
        />
      )}
    </a>
  );
}
