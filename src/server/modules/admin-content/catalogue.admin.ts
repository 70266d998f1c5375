import { aliasedTable, and, type Column, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { cataloguePublicPath, escapeHtml, HELD_TEXT, HOLD_NOTICE, SHOP_HELD_TEXT, type CatalogueKind } from '~/lib/rules/admin-content';
import { db, type Db, type Tx } from '../../db';
import { catalogueHolds, classes, coaches, courses, goods, shops, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import { sendMessage } from '../notice/notice.service';
import { published, type Actor, written } from '../../console/shared';

/*
 * Catalogue oversight. Taking a course, class or goods off sale sets its status to 0 and opens a
 * hold; suspending a shop sets shops.status 0 (what a closed shop already means: gone from lists and
 * its homepage) and takes its on-sale goods and courses down with it, remembered in the hold. While a
 * hold is open the owner's own on-sale switches refuse (`refuseIfHeld`); releasing it puts the item
 * (or the shop and exactly what went down with it) back on sale. Both directions notify the owner.
 */

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const openHold = (kind: CatalogueKind, id: SQL | number) =>
  and(
    eq(catalogueHolds.kind, kind),
    eq(catalogueHolds.itemId, typeof id === 'number' ? sql`${id}` : id),
    isNull(catalogueHolds.releasedAt),
  );

const coachUser = aliasedTable(users, 'coach_user');
const shopUser = aliasedTable(users, 'shop_user');

interface Filter {
  page: number;
  limit: number;
  keyword: string;
  owner: string;
  status: 'all' | 'on' | 'off' | 'held';
}

function statusCond(status: Filter['status'], col: Column, kind: CatalogueKind, id: Column): SQL | undefined {
  if (status === 'on') return eq(col, 1);
  if (status === 'off') return ne(col, 1);
  if (status === 'held') return sql`exists (select 1 from ${catalogueHolds} where ${openHold(kind, sql`${id}`)})`;
  return undefined;
}

const ownerCond = (owner: string, names: SQL[], phones: SQL[]) =>
  owner ? or(...names.map((n) => ilike(n, like(owner))), ...phones.map((p) => eq(p, owner))) : undefined;

/** What a listed row reads, the same for every kind (typed here: each kind reads other columns). */
interface RowFields {
  id: SQL<number>;
  title: SQL<string>;
  cover: SQL<string | null>;
  ownerType: SQL<'coach' | 'shop'>;
  ownerName: SQL<string | null>;
  ownerPhone: SQL<string | null>;
  price: SQL<number | null>;
  status: SQL<number>;
  created: SQL<Date>;
}

/**
 * One kind as the console lists it: the item's table and the columns the filters read, the joins
 * to its owner (`left` where the owner may be missing), and its row fields.
 */
interface ListSource {
  table: PgTable;
  id: PgColumn;
  title: PgColumn;
  status: PgColumn;
  created: PgColumn;
  ownerNames: SQL[];
  ownerPhones: SQL[];
  joins: { table: PgTable; on: SQL | undefined; left?: true }[];
  fields: RowFields;
}

const num = (c: PgColumn) => sql<number>`${c}`;
const text = (c: PgColumn) => sql<string>`${c}`;
type CreatedAt = (typeof courses | typeof classes | typeof goods | typeof shops)['createdAt'];
// Read through the column's own decoder, as selecting the column itself would.
const time = (c: CreatedAt) => sql`${c}`.mapWith(c);

const LIST_SOURCES: Record<CatalogueKind, ListSource> = {
  course: {
    table: courses,
    id: courses.id,
    title: courses.title,
    status: courses.status,
    created: courses.createdAt,
    // A course belongs to a coach or to a shop.
    ownerNames: [sql`coalesce(${coaches.name}, ${shops.name})`],
    ownerPhones: [sql`coalesce(${coachUser.phone}, ${shopUser.phone})`],
    joins: [
      { table: coaches, on: eq(coaches.id, courses.coachId), left: true },
      { table: coachUser, on: eq(coachUser.id, coaches.userId), left: true },
      { table: shops, on: eq(shops.id, courses.shopId), left: true },
      { table: shopUser, on: eq(shopUser.id, shops.userId), left: true },
    ],
    fields: {
      id: num(courses.id),
      title: text(courses.title),
      cover: sql`${courses.cover}`,
      ownerType: sql`case when ${coaches.name} is not null then 'coach' else 'shop' end`,
      ownerName: sql`coalesce(${coaches.name}, ${shops.name})`,
      ownerPhone: sql`coalesce(${coachUser.phone}, ${shopUser.phone})`,
      price: num(courses.price),
      status: num(courses.status),
      created: time(courses.createdAt),
    },
  },
  class: {
    table: classes,
    id: classes.id,
    title: classes.title,
    status: classes.status,
    created: classes.createdAt,
    ownerNames: [sql`${coaches.name}`],
    ownerPhones: [sql`${users.phone}`],
    joins: [
      { table: coaches, on: eq(coaches.id, classes.coachId) },
      { table: users, on: eq(users.id, coaches.userId) },
    ],
    fields: {
      id: num(classes.id),
      title: text(classes.title),
      cover: sql`${classes.cover}`,
      ownerType: sql`'coach'`,
      ownerName: sql`${coaches.name}`,
      ownerPhone: sql`${users.phone}`,
      price: num(classes.price),
      status: num(classes.status),
      created: time(classes.createdAt),
    },
  },
  goods: {
    table: goods,
    id: goods.id,
    title: goods.title,
    status: goods.status,
    created: goods.createdAt,
    ownerNames: [sql`${shops.name}`],
    ownerPhones: [sql`${users.phone}`],
    joins: [
      { table: shops, on: eq(shops.id, goods.shopId) },
      { table: users, on: eq(users.id, shops.userId) },
    ],
    fields: {
      id: num(goods.id),
      title: text(goods.title),
      cover: sql`${goods.images}->>0`,
      ownerType: sql`'shop'`,
      ownerName: sql`${shops.name}`,
      ownerPhone: sql`${users.phone}`,
      price: num(goods.price),
      status: num(goods.status),
      created: time(goods.createdAt),
    },
  },
  shop: {
    table: shops,
    id: shops.id,
    title: shops.name,
    status: shops.status,
    created: shops.createdAt,
    ownerNames: [sql`${users.nickName}`],
    ownerPhones: [sql`${users.phone}`],
    joins: [{ table: users, on: eq(users.id, shops.userId) }],
    fields: {
      id: num(shops.id),
      title: text(shops.name),
      cover: sql`${shops.logo}`,
      ownerType: sql`'shop'`,
      ownerName: sql`${users.nickName}`,
      ownerPhone: sql`${users.phone}`,
      price: sql`null`,
      status: num(shops.status),
      created: time(shops.createdAt),
    },
  },
};

/** One page of a kind: the rows (newest first, with any open hold) and how many match. */
async function listPage(kind: CatalogueKind, f: Filter) {
  const s = LIST_SOURCES[kind];
  const where = and(
    f.keyword ? ilike(s.title, like(f.keyword)) : undefined,
    ownerCond(f.owner, s.ownerNames, s.ownerPhones),
    statusCond(f.status, s.status, kind, s.id),
  );
  let rows = db()
    .select({
      ...s.fields,
      reason: sql<string | null>`${catalogueHolds.reason}`,
      at: sql<Date | null>`${catalogueHolds.createdAt}`.mapWith(catalogueHolds.createdAt),
    })
    .from(s.table)
    .$dynamic();
  let total = db().select({ n: count() }).from(s.table).$dynamic();
  for (const j of s.joins) {
    rows = j.left ? rows.leftJoin(j.table, j.on) : rows.innerJoin(j.table, j.on);
    total = j.left ? total.leftJoin(j.table, j.on) : total.innerJoin(j.table, j.on);
  }
  const [list, [n]] = await Promise.all([
    rows
      .leftJoin(catalogueHolds, openHold(kind, sql`${s.id}`))
      .where(where)
      .orderBy(desc(s.created), desc(s.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    total.where(where),
  ]);
  return { list, total: n?.n ?? 0 };
}

export async function catalogueList(kind: CatalogueKind, f: Filter) {
  const out = (r: {
    id: number;
    title: string;
    cover: string | null;
    ownerType: 'coach' | 'shop';
    ownerName: string | null;
    ownerPhone: string | null;
    price: number | null;
    status: number;
    reason: string | null;
    at: Date | null;
    created: Date;
  }) => ({
    kind,
    id: r.id,
    title: r.title,
    cover: r.cover ?? '',
    owner_type: r.ownerType,
    owner_name: r.ownerName ?? '',
    owner_phone: r.ownerPhone ?? '',
    price: r.price,
    status: (r.status === 1 ? 1 : 0) as 0 | 1,
    hold: r.reason !== null && r.at ? { reason: r.reason, at: r.at.toISOString() } : null,
    created_at: r.created.toISOString(),
    path: cataloguePublicPath(kind, r.id),
  });
  const { list, total } = await listPage(kind, f);
  return { list: list.map(out), total, page: f.page, limit: f.limit };
}

/** The item (locked), its title, status and the member who owns it. */
async function itemFor(
  tx: Tx,
  kind: CatalogueKind,
  id: number,
): Promise<{ title: string; status: number; ownerUserId: number; row: unknown }> {
  const miss = () => notFound(`${kind === 'shop' ? '店铺' : '内容'}不存在`);
  if (kind === 'course') {
    const [c] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!c) throw miss();
    const [o] = c.coachId
      ? await tx.select({ u: coaches.userId }).from(coaches).where(eq(coaches.id, c.coachId))
      : await tx
          .select({ u: shops.userId })
          .from(shops)
          .where(eq(shops.id, c.shopId ?? 0));
    const { searchTokens: _t, ...row } = c;
    return { title: c.title, status: c.status, ownerUserId: o?.u ?? 0, row };
  }
  if (kind === 'class') {
    const [c] = await tx.select().from(classes).where(eq(classes.id, id)).for('update');
    if (!c) throw miss();
    const [o] = await tx.select({ u: coaches.userId }).from(coaches).where(eq(coaches.id, c.coachId));
    const { searchTokens: _t, ...row } = c;
    return { title: c.title, status: c.status, ownerUserId: o?.u ?? 0, row };
  }
  if (kind === 'goods') {
    const [g] = await tx.select().from(goods).where(eq(goods.id, id)).for('update');
    if (!g) throw miss();
    const [o] = await tx.select({ u: shops.userId }).from(shops).where(eq(shops.id, g.shopId));
    const { searchTokens: _t, detail: _d, ...row } = g;
    return { title: g.title, status: g.status, ownerUserId: o?.u ?? 0, row };
  }
  const [s] = await tx.select().from(shops).where(eq(shops.id, id)).for('update');
  if (!s) throw miss();
  const { searchTokens: _t, intro: _i, ...row } = s;
  return { title: s.name, status: s.status, ownerUserId: s.userId, row };
}

const tableOf = { course: courses, class: classes, goods } as const;

/**
 * Takes a course, class or goods off sale under a platform hold (inside the caller's transaction),
 * so the owner cannot put it back until an operator releases it at /admin/catalogue. Used by the
 * catalogue oversight and by content-report takedowns. Answers whether it was on sale; an item
 * already held keeps its hold.
 */
export async function holdItem(
  tx: Db | Tx,
  by: { staffId: number; reason: string },
  kind: 'course' | 'class' | 'goods',
  id: number,
): Promise<boolean> {
  const t = tableOf[kind];
  const down = await tx
    .update(t)
    .set({ status: 0 })
    .where(and(eq(t.id, id), eq(t.status, 1)))
    .returning({ id: t.id });
  const [held] = await tx.select({ id: catalogueHolds.id }).from(catalogueHolds).where(openHold(kind, id));
  if (!held)
    await tx
      .insert(catalogueHolds)
      .values({ kind, itemId: id, reason: by.reason, staffId: by.staffId, restore: { goods: [], courses: [] } });
  return down.length > 0;
}

export async function takeOffSale(a: Actor, kind: CatalogueKind, id: number, reason: string) {
  await db().transaction(async (tx) => {
    const item = await itemFor(tx, kind, id);
    const [held] = await tx.select({ id: catalogueHolds.id }).from(catalogueHolds).where(openHold(kind, id));
    if (held) throw refuse(kind === 'shop' ? '该店铺已被暂停营业' : '该内容已被平台下架');
    const restore = { goods: [] as number[], courses: [] as number[] };
    if (kind === 'shop') {
      // What goes down with the shop comes back with it, and only that.
      const g = await tx
        .update(goods)
        .set({ status: 0 })
        .where(and(eq(goods.shopId, id), eq(goods.status, 1)))
        .returning({ id: goods.id });
      const c = await tx
        .update(courses)
        .set({ status: 0 })
        .where(and(eq(courses.shopId, id), eq(courses.status, 1)))
        .returning({ id: courses.id });
      restore.goods = g.map((r) => r.id);
      restore.courses = c.map((r) => r.id);
      await tx.update(shops).set({ status: 0 }).where(eq(shops.id, id));
    } else {
      const t = tableOf[kind];
      await tx.update(t).set({ status: 0 }).where(eq(t.id, id));
    }
    const h = written(await tx.insert(catalogueHolds).values({ kind, itemId: id, reason, staffId: a.staff.id, restore }).returning());
    if (item.ownerUserId) {
      await sendMessage(
        {
          userId: item.ownerUserId,
          kind: 'notice',
          title: HOLD_NOTICE.offTitle(kind, item.title),
          content: HOLD_NOTICE.offBody(kind, reason),
          link: cataloguePublicPath(kind, id),
        },
        tx,
      );
    }
    await audit(tx, a, {
      action: kind === 'shop' ? 'shop.suspend' : `${kind}.take_down`,
      target: kind === 'shop' ? 'shops' : kind === 'class' ? 'classes' : kind === 'goods' ? 'goods' : 'courses',
      targetId: id,
      before: item.row,
      after: { status: 0, hold_id: h.id, restore },
      note: reason,
    });
  });
  published('catalogue:');
  return null;
}

export async function putBackOnSale(a: Actor, kind: CatalogueKind, id: number, note: string) {
  await db().transaction(async (tx) => {
    const item = await itemFor(tx, kind, id);
    const [h] = await tx.update(catalogueHolds).set({ releasedAt: new Date(), releaseNote: note }).where(openHold(kind, id)).returning();
    if (!h) throw refuse(kind === 'shop' ? '该店铺没有被平台暂停' : '该内容没有被平台下架，上下架由所有者自己操作');
    if (kind === 'shop') {
      await tx.update(shops).set({ status: 1 }).where(eq(shops.id, id));
      const goodsHeld = await heldIds(tx, 'goods', h.restore.goods);
      const coursesHeld = await heldIds(tx, 'course', h.restore.courses);
      const g = h.restore.goods.filter((x) => !goodsHeld.has(x));
      const c = h.restore.courses.filter((x) => !coursesHeld.has(x));
      if (g.length) await tx.update(goods).set({ status: 1 }).where(inArray(goods.id, g));
      if (c.length) await tx.update(courses).set({ status: 1 }).where(inArray(courses.id, c));
    } else {
      const t = tableOf[kind];
      await tx.update(t).set({ status: 1 }).where(eq(t.id, id));
    }
    if (item.ownerUserId) {
      await sendMessage(
        {
          userId: item.ownerUserId,
          kind: 'notice',
          title: HOLD_NOTICE.onTitle(kind, item.title),
          content: note ? `<p>${escapeHtml(note)}</p>` : '<p>感谢配合整改。</p>',
          link: cataloguePublicPath(kind, id),
        },
        tx,
      );
    }
    await audit(tx, a, {
      action: kind === 'shop' ? 'shop.resume' : `${kind}.restore`,
      target: kind === 'shop' ? 'shops' : kind === 'class' ? 'classes' : kind === 'goods' ? 'goods' : 'courses',
      targetId: id,
      before: { status: item.status, hold_id: h.id, reason: h.reason },
      after: { status: 1 },
      note,
    });
  });
  published('catalogue:');
  return null;
}

async function heldIds(tx: Tx, kind: CatalogueKind, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: catalogueHolds.itemId })
    .from(catalogueHolds)
    .where(and(eq(catalogueHolds.kind, kind), inArray(catalogueHolds.itemId, ids), isNull(catalogueHolds.releasedAt)));
  return new Set(rows.map((r) => r.id));
}

/**
 * For the owners' own on-sale switches: refuses while the platform holds the item (or, for goods
 * and shop courses, the shop). Call it only when the owner turns something ON.
 */
export async function refuseIfHeld(
  kind: 'course' | 'class' | 'goods',
  id: number,
  shopId?: number | null,
  tx: Pick<Db, 'select'> = db(),
): Promise<void> {
  const [h] = await tx.select({ id: catalogueHolds.id }).from(catalogueHolds).where(openHold(kind, id)).limit(1);
  if (h) throw refuse(HELD_TEXT);
  if (shopId) {
    const [s] = await tx.select({ id: catalogueHolds.id }).from(catalogueHolds).where(openHold('shop', shopId)).limit(1);
    if (s) throw refuse(SHOP_HELD_TEXT);
  }
}
