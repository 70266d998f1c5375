import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, sql } from 'drizzle-orm';
import type {
  ClassDetail,
  ClassItem,
  ClassSort,
  CoachCard,
  CourseDetail,
  CourseItem,
  CourseSort,
  IdName,
  TrainingFilters,
} from '~/lib/api/contract/catalogue-training';
import { db } from '../../db';
import { classes, coaches, courses, labels, lessons, shops } from '../../db/schema';
import { cached } from '../../cache';
import { notFound } from '../../http/errors';
import { countView, unflushedViews } from '../../views';
import { viewableUrl } from '../../providers/storage';
import { entitledToCourse } from './course-access';
import { rowsAndCount, countedRow, listOrder, onPage, pageOf, pageWindow, searchMatch, withoutTokens, type Page } from './listing';
import { planSearch, recheck, searchHits, searchTotal, walkComplete } from './search';

const TTL = 30_000;
export type { CourseItem, CourseSort, Page };

const courseCols = withoutTokens(getTableColumns(courses));
export const classCols = withoutTokens(getTableColumns(classes));
export const coachCols = withoutTokens(getTableColumns(coaches));
type ClassRow = Omit<typeof classes.$inferSelect, 'searchTokens'>;
type CoachRow = Omit<typeof coaches.$inferSelect, 'searchTokens'>;

/** /api/course/label: every label in display order. */
export function labelList(): Promise<IdName[]> {
  return cached('catalogue:labels', 60_000, () =>
    db().select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.status, 1)).orderBy(asc(labels.sort), asc(labels.id)),
  );
}

/** The owner card shown on course cards: a coach or a shop. */
const ownerCols = {
  coach_id: coaches.id,
  coach_name: coaches.name,
  coach_avatar: coaches.avatar,
  shop_id: shops.id,
  shop_name: shops.name,
  shop_logo: shops.logo,
};

export function courseItem(r: {
  id: number;
  title: string;
  summary: string;
  cover: string;
  price: number;
  level: string;
  sales: number;
  labelIds: number[];
  lessonCount: number;
  coach_id: number | null;
  coach_name: string | null;
  coach_avatar: string | null;
  shop_id: number | null;
  shop_name: string | null;
  shop_logo: string | null;
}): CourseItem {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    price: r.price,
    is_free: r.price === 0 ? 1 : 0,
    level: r.level,
    sales: r.sales,
    label_ids: r.labelIds,
    lesson_count: r.lessonCount,
    owner: r.coach_id
      ? { type: 'coach', id: r.coach_id, name: r.coach_name ?? '', avatar: r.coach_avatar ?? '' }
      : { type: 'mechant', id: r.shop_id ?? 0, name: r.shop_name ?? '', avatar: r.shop_logo ?? '' },
  };
}

/** The columns of a course card. */
export const courseCardCols = {
  id: courses.id,
  title: courses.title,
  summary: courses.summary,
  cover: courses.cover,
  price: courses.price,
  level: courses.level,
  sales: courses.sales,
  labelIds: courses.labelIds,
  lessonCount: courses.lessonCount,
  ...ownerCols,
};

/**
 * A search in list order (newest first) read from the postings of its rarest token (search.ts);
 * null when the GIN index must answer instead.
 */
async function searchCoursePage(q: string, page: number, limit: number): Promise<Page<CourseItem> | null> {
  const { offset, take } = pageWindow(page, limit);
  const plan = await planSearch('course', q);
  if (!plan) return pageOf([], { total: 0, capped: false }, page, limit);
  const hit = searchHits('course', plan, [eq(courses.status, 1), recheck(q, [courses.title, courses.summary])], { offset, take });
  const rows = await db()
    .select({ ...courseCardCols, rank: hit.rank })
    .from(hit)
    .innerJoin(courses, eq(courses.id, hit.id))
    .leftJoin(coaches, eq(coaches.id, courses.coachId))
    .leftJoin(shops, eq(shops.id, courses.shopId))
    .orderBy(desc(hit.createdAt), desc(hit.id));
  const shown = { offset, take, rows: rows.length, lastRank: rows.at(-1)?.rank ?? 0 };
  if (!walkComplete(plan, shown)) return null;
  return pageOf(rows.map(courseItem), searchTotal(plan, shown), page, limit);
}

type CourseQuery = {
  labelId?: number | undefined;
  price?: 'all' | 'free' | 'paid' | undefined;
  sort?: CourseSort | undefined;
  coachId?: number | undefined;
  shopId?: number | undefined;
  q?: string | undefined;
  recommend?: boolean | undefined;
  page: number;
  limit: number;
};

/** Course lists (/api/public/courseList, /api/course/list, search): filters, sort, paging. */
async function loadCoursePage(opts: CourseQuery): Promise<Page<CourseItem>> {
  const plain = !opts.labelId && (opts.price ?? 'all') === 'all' && !opts.coachId && !opts.shopId && !opts.recommend;
  if (opts.q && plain && (opts.sort ?? 'new') === 'new') {
    const found = await searchCoursePage(opts.q, opts.page, opts.limit);
    if (found) return found;
  }
  return loadCourseList(opts);
}

/** The general query: any filters and sort, a search through the GIN index on `search_tokens`. */
async function loadCourseList(opts: CourseQuery): Promise<Page<CourseItem>> {
  const where = and(
    eq(courses.status, 1),
    opts.labelId ? sql`${courses.labelIds} @> ${JSON.stringify([opts.labelId])}::jsonb` : undefined,
    opts.price === 'free' ? eq(courses.price, 0) : opts.price === 'paid' ? gt(courses.price, 0) : undefined,
    opts.coachId ? eq(courses.coachId, opts.coachId) : undefined,
    opts.shopId ? eq(courses.shopId, opts.shopId) : undefined,
    opts.recommend ? eq(courses.recommend, true) : undefined,
    opts.q ? searchMatch(courses.searchTokens, opts.q, [courses.title, courses.summary]) : undefined,
  );
  const order = listOrder(courses, opts.sort);
  const { offset, take } = pageWindow(opts.page, opts.limit);
  const pageWhere = onPage(courses, courses.id, where, order, offset, take);
  const [rows, counted] = await rowsAndCount(
    db()
      .select(courseCardCols)
      .from(courses)
      .leftJoin(coaches, eq(coaches.id, courses.coachId))
      .leftJoin(shops, eq(shops.id, courses.shopId))
      .where(pageWhere)
      .orderBy(...order)
      .limit(take),
    (cap) => db().select(countedRow()).from(courses).where(where).limit(cap).as('rows'),
    { offset, take },
  );
  return pageOf(rows.map(courseItem), counted, opts.page, opts.limit);
}

/**
 * One course with its lessons. Video URLs are handed out only for free previews and to those who
 * may watch everything (the owner and buyers). `view` counts a view (in memory, see views.ts); the
 * answer's `views` includes the counted ones not yet written.
 */
export async function courseDetail(id: number, viewerId: number | null, view = false, page = false): Promise<CourseDetail> {
  const [row] = await db()
    .select({
      c: courseCols,
      ...ownerCols,
      coach_title: coaches.title,
      coach_user: coaches.userId,
      shop_user: shops.userId,
      coach_fans: coaches.fansCount,
      shop_fans: shops.fansCount,
    })
    .from(courses)
    .leftJoin(coaches, eq(coaches.id, courses.coachId))
    .leftJoin(shops, eq(shops.id, courses.shopId))
    .where(and(eq(courses.id, id), ne(courses.status, -1)))
    .limit(1);
  if (!row) throw notFound('课程不存在或已下架');
  // An off-sale course stays watchable for its buyers and its owner; the page renders
  // a "taken off sale" shell for everyone and the player asks again for the logged-in viewer.
  const onSale = row.c.status === 1;
  const ownerUserId = row.coach_user ?? row.shop_user;
  const entitled = viewerId !== null && (viewerId === ownerUserId || (await entitledToCourse(viewerId, id)));
  if (!onSale && !page && !entitled) throw notFound('课程不存在或已下架');
  const list = await db().select().from(lessons).where(eq(lessons.courseId, id)).orderBy(asc(lessons.sort), asc(lessons.id));
  const fullAccess = entitled || (onSale && row.c.price === 0);
  const labelRows = row.c.labelIds.length
    ? await db().select({ id: labels.id, name: labels.name }).from(labels).where(inArray(labels.id, row.c.labelIds))
    : [];
  const unwritten = view ? countView('course', id) : unflushedViews('course', id);
  return {
    ...courseItem({ ...row.c, lessonCount: list.length, ...row }),
    intro: row.c.intro,
    views: row.c.views + unwritten,
    labels: labelRows,
    can_watch_all: fullAccess ? 1 : 0,
    vip_free: row.c.vipFree ? 1 : 0,
    on_sale: onSale ? 1 : 0,
    owner_detail: {
      title: row.coach_title ?? '',
      fans_count: row.coach_fans ?? row.shop_fans ?? 0,
      user_id: ownerUserId ?? 0,
    },
    // Uploaded lesson videos go out as short-lived signed URLs: a copied link stops playing.
    lessons: await Promise.all(
      list.map(async (l) => ({
        id: l.id,
        title: l.title,
        duration: l.durationS,
        is_free: l.isFree ? 1 : 0,
        video: (l.isFree && onSale) || fullAccess ? await viewableUrl(l.video) : '',
      })),
    ),
  };
}

/** Class lists (/api/class/list, search). */
async function loadClassPage(opts: {
  style?: string | undefined;
  city?: string | undefined;
  coachId?: number | undefined;
  q?: string | undefined;
  sort?: ClassSort | undefined;
  page: number;
  limit: number;
}): Promise<Page<ClassItem>> {
  const where = and(
    eq(classes.status, 1),
    opts.style ? eq(classes.style, opts.style) : undefined,
    opts.city ? eq(classes.city, opts.city) : undefined,
    opts.coachId ? eq(classes.coachId, opts.coachId) : undefined,
    opts.q ? searchMatch(classes.searchTokens, opts.q, [classes.title, classes.venue]) : undefined,
  );
  const order =
    opts.sort === 'price_asc'
      ? [asc(classes.price), asc(classes.id)]
      : opts.sort === 'price_desc'
        ? [desc(classes.price), asc(classes.id)]
        : opts.sort === 'new'
          ? [desc(classes.createdAt), desc(classes.id)]
          : [asc(classes.startsAt), asc(classes.id)];
  const { offset, take } = pageWindow(opts.page, opts.limit);
  const [rows, counted] = await rowsAndCount(
    db()
      .select({ k: classCols, coach_name: coaches.name, coach_avatar: coaches.avatar })
      .from(classes)
      .innerJoin(coaches, eq(coaches.id, classes.coachId))
      .where(where)
      .orderBy(...order)
      .limit(take)
      .offset(offset),
    (cap) => db().select(countedRow()).from(classes).where(where).limit(cap).as('rows'),
    { offset, take },
  );
  return pageOf(
    rows.map((r) => classItem(r.k, r.coach_name, r.coach_avatar)),
    counted,
    opts.page,
    opts.limit,
  );
}

export function classItem(k: ClassRow, coachName: string, coachAvatar: string): ClassItem {
  return {
    id: k.id,
    title: k.title,
    cover: k.cover,
    style: k.style,
    city: k.city,
    venue: k.venue,
    address: k.address,
    schedule: k.schedule,
    starts_at: k.startsAt.toISOString(),
    ends_at: k.endsAt.toISOString(),
    capacity: k.capacity,
    enrolled: k.enrolled,
    seats_left: Math.max(0, k.capacity - k.enrolled),
    price: k.price,
    coach: { id: k.coachId, name: coachName, avatar: coachAvatar },
  };
}

/** /api/class/detail. */
export async function classDetail(id: number): Promise<ClassDetail> {
  const [r] = await db()
    .select({
      k: classCols,
      coach_name: coaches.name,
      coach_avatar: coaches.avatar,
      coach_title: coaches.title,
      coach_user: coaches.userId,
    })
    .from(classes)
    .innerJoin(coaches, eq(coaches.id, classes.coachId))
    .where(and(eq(classes.id, id), eq(classes.status, 1)))
    .limit(1);
  if (!r) throw notFound('班级不存在或已下架');
  return { ...classItem(r.k, r.coach_name, r.coach_avatar), intro: r.k.intro, coach_title: r.coach_title, coach_user_id: r.coach_user };
}

/** Coach lists (/api/coach/list, search). */
async function loadCoachPage(opts: {
  style?: string | undefined;
  city?: string | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}): Promise<Page<CoachCard>> {
  const where = and(
    eq(coaches.status, 1),
    opts.style ? sql`${coaches.styles} @> ${JSON.stringify([opts.style])}::jsonb` : undefined,
    opts.city ? eq(coaches.city, opts.city) : undefined,
    opts.q ? searchMatch(coaches.searchTokens, opts.q, [coaches.name, coaches.title, sql`${coaches.styles}::text`]) : undefined,
  );
  const { offset, take } = pageWindow(opts.page, opts.limit);
  const [rows, counted] = await rowsAndCount(
    db().select(coachCols).from(coaches).where(where).orderBy(desc(coaches.sort), asc(coaches.id)).limit(take).offset(offset),
    (cap) => db().select(countedRow()).from(coaches).where(where).limit(cap).as('rows'),
    { offset, take },
  );
  return pageOf(rows.map(coachCard), counted, opts.page, opts.limit);
}

export function coachCard(c: CoachRow): CoachCard {
  return {
    id: c.id,
    uid: c.userId,
    nick_name: c.name,
    head: c.avatar,
    cover: c.cover,
    title: c.title,
    styles: c.styles,
    years: c.years,
    city: c.city,
    intro: c.intro,
    fans_count: c.fansCount,
  };
}

/** Cities and styles that have coaches or classes, for the list filters. */
export function trainingFilters(): Promise<TrainingFilters> {
  return cached('catalogue:filters', TTL, async () => {
    const [coachRows, classRows] = await Promise.all([
      db().select({ city: coaches.city, styles: coaches.styles }).from(coaches).where(eq(coaches.status, 1)),
      db().select({ city: classes.city, style: classes.style }).from(classes).where(eq(classes.status, 1)),
    ]);
    const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];
    return {
      coach_cities: uniq(coachRows.map((r) => r.city)),
      coach_styles: uniq(coachRows.flatMap((r) => r.styles)),
      class_cities: uniq(classRows.map((r) => r.city)),
      class_styles: uniq(classRows.map((r) => r.style)),
    };
  });
}

/**
 * The list reads behind guest pages, cached for 30 s per filter set (searches are not cached: their
 * keys are unbounded). Writers call `invalidate('catalogue:')`.
 */
export function coursePage(opts: CourseQuery) {
  return opts.q ? loadCoursePage(opts) : cached(`catalogue:course:${JSON.stringify(opts)}`, TTL, () => loadCoursePage(opts));
}
export function classPage(opts: Parameters<typeof loadClassPage>[0]) {
  return opts.q ? loadClassPage(opts) : cached(`catalogue:class:${JSON.stringify(opts)}`, TTL, () => loadClassPage(opts));
}
export function coachPage(opts: Parameters<typeof loadCoachPage>[0]) {
  return opts.q ? loadCoachPage(opts) : cached(`catalogue:coach:${JSON.stringify(opts)}`, TTL, () => loadCoachPage(opts));
}
