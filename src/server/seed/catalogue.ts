import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { db } from '../db/index';
import { one } from '../db/rows';
import {
  agentGoods,
  agentOffers,
  classes,
  coaches,
  courses,
  follows,
  goods,
  goodsCategories,
  labels,
  lessons,
  shops,
  skus,
  users,
} from '../db/schema';
import { storage } from '../providers/storage';
import { hashPassword } from '../security/password';
import { sanitizeRichText } from '../security/sanitize';
import { avatarSvg, coverSvg, goodsSvg, paletteAt, profileCoverSvg } from './art';
import { CLASSES, COACHES, COURSE_TITLES, GOODS_CATEGORIES, GOODS_FAMILIES, LABELS, LESSON_PLAN, SHOPS } from './data/catalogue';
import { DEMO_PASSWORD } from './users';

/** The lesson video shipped in public/ (a real, short WebM every browser plays). */
export const LESSON_VIDEO = '/media/lesson-demo.webm';
const LESSON_VIDEO_S = 6;
const put = (key: string, svg: string) => storage().put(key, Buffer.from(svg), 'image/svg+xml');

/** The user behind a seeded coach or shop: the demo account when it exists, else a new one. */
async function ownerFor(phone: string, nickName: string, identity: number, passwordHash: string): Promise<number> {
  const [found] = await db().select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  if (found) return found.id;
  const rows = await db()
    .insert(users)
    .values({ phone, passwordHash, nickName, identity, intro: identity === 2 ? '入驻教练' : '入驻店主' })
    .returning({ id: users.id });
  return one(rows, 'inserted user').id;
}

/** The i-th entry of seed data another entry refers to by index (a class's coach, a family's shop). */
function nth<T>(list: readonly T[], i: number, what: string): T {
  const item = list[i];
  if (item === undefined) throw new Error(`seed data refers to ${what} #${i}, which does not exist`);
  return item;
}

/** A course to seed, taught by the coach or sold by the shop at that index of COACHES / SHOPS. */
type CoursePlan = ({ coach: number; shop?: undefined } | { coach?: undefined; shop: number }) & { title: string; style: string };

/** Every combination of spec values, e.g. [['白','黑'],['M','L']] → 白/M, 白/L, 黑/M, 黑/L. */
function combinations(values: string[][]): string[][] {
  return values.reduce<string[][]>((acc, vs) => acc.flatMap((a) => vs.map((v) => [...a, v])), [[]]);
}

/**
 * Coaches, shops, labels, courses with lessons, classes, goods with SKUs — when there are no coaches
 * yet. Sales, views and taken seats start at zero: the site counts them from orders and visits, so
 * no figure a seller or buyer sees is made up.
 */
export async function seedCatalogue(): Promise<Record<string, number>> {
  const [have] = await db().select({ n: count() }).from(coaches);
  if (have?.n) return {};
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const coachIds: number[] = [];
  for (const [i, c] of COACHES.entries()) {
    const userId = await ownerFor(c.phone, c.name, 2, passwordHash);
    const avatar = await put(`seed/coach-${i + 1}.svg`, avatarSvg(c.name, paletteAt(i)));
    // Profile covers carry no text: the homepage's name, tags and buttons sit on them.
    const cover = await put(`seed/coach-cover-${i + 1}.svg`, profileCoverSvg(paletteAt(i + 3), i));
    await db().update(users).set({ avatar, identity: 2 }).where(eq(users.id, userId));
    const rows = await db()
      .insert(coaches)
      .values({
        userId,
        name: c.name,
        styles: c.styles,
        years: c.years,
        city: c.city,
        title: c.title,
        intro: c.intro,
        avatar,
        cover,
        sort: COACHES.length - i,
      })
      .returning({ id: coaches.id });
    coachIds.push(one(rows, 'inserted coach').id);
  }

  const shopIds: number[] = [];
  for (const [i, s] of SHOPS.entries()) {
    const userId = await ownerFor(s.phone, s.name, 1, passwordHash);
    const logo = await put(`seed/shop-${i + 1}.svg`, avatarSvg(s.name, paletteAt(i + 2)));
    const cover = await put(`seed/shop-cover-${i + 1}.svg`, profileCoverSvg(paletteAt(i + 5), i));
    await db().update(users).set({ avatar: logo, identity: 1 }).where(eq(users.id, userId));
    const rows = await db()
      .insert(shops)
      .values({ userId, name: s.name, logo, cover, intro: s.intro, city: s.city, labels: s.labels })
      .returning({ id: shops.id });
    shopIds.push(one(rows, 'inserted shop').id);
  }

  const labelRows = await db()
    .insert(labels)
    .values(LABELS.map((name, sort) => ({ name, sort })))
    .returning({ id: labels.id, name: labels.name });
  const labelId = new Map(labelRows.map((l) => [l.name, l.id]));

  // Courses: each coach teaches the titles of their styles (at most four), shops sell a few too.
  const plan: CoursePlan[] = [];
  const used = new Set<string>();
  for (const [i, c] of COACHES.entries()) {
    const mine = c.styles
      .flatMap((st) => (COURSE_TITLES[st] ?? []).map((title) => ({ title, style: st })))
      .filter((t) => !used.has(t.title));
    for (const t of mine.slice(0, 4)) {
      used.add(t.title);
      plan.push({ coach: i, ...t });
    }
  }
  plan.push(
    { shop: 0, title: '太极剑三十二式', style: '太极拳' },
    { shop: 2, title: '木人桩保养与入门', style: '咏春拳' },
    { shop: 3, title: '护具选购与佩戴指南', style: '散打' },
  );
  const unique = plan;
  let courseCount = 0;
  let lessonCount = 0;
  for (const [i, p] of unique.entries()) {
    const free = i % 6 === 5;
    const price = free ? 0 : nth([4900, 9900, 12900, 19900, 29900], i % 5, 'course price');
    const level = nth(['入门', '进阶', '提高'], i % 3, 'course level');
    const owner = p.coach !== undefined ? nth(COACHES, p.coach, 'coach').name : nth(SHOPS, p.shop, 'shop').name;
    const cover = await put(`seed/course-${i + 1}.svg`, coverSvg(p.title, p.style, paletteAt(i)));
    const courseRows = await db()
      .insert(courses)
      .values({
        coachId: p.coach !== undefined ? nth(coachIds, p.coach, 'coach') : null,
        shopId: p.shop !== undefined ? nth(shopIds, p.shop, 'shop') : null,
        title: p.title,
        summary: `${owner}主讲，${level}难度，${LESSON_PLAN.length} 节课带你掌握${p.style}要领。`,
        cover,
        intro: sanitizeRichText(
          `<p>本课程由${owner}主讲，面向${level === '入门' ? '零基础和初学' : '有一定基础'}的学员，系统讲解${p.title.replace(/[《》]/g, '')}的动作要领、发力方法和常见错误。</p>
<h3>你将学到</h3><ul><li>${p.style}的基本手型、步型和身法</li><li>每个动作的分解示范与正误对比</li><li>完整演练与日常练习计划</li></ul>
<h3>适合人群</h3><p>喜爱${p.style}、希望系统学习的学员；建议每周练习三次以上，每次三十分钟。</p>`,
        ),
        price,
        labelIds: [labelId.get(p.style)].filter((x): x is number => Boolean(x)),
        level,
        recommend: i % 4 === 0,
        createdAt: new Date(Date.now() - i * 2 * 86_400_000),
      })
      .returning({ id: courses.id });
    const course = one(courseRows, 'inserted course');
    const rows = LESSON_PLAN.map((t, k) => ({
      courseId: course.id,
      sort: k,
      title: `第${k + 1}课 ${t}`,
      durationS: LESSON_VIDEO_S,
      video: LESSON_VIDEO,
      isFree: free || k < 2,
    }));
    await db().insert(lessons).values(rows);
    courseCount++;
    lessonCount += rows.length;
  }

  const day = 86_400_000;
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T01:00:00Z');
  for (const [i, c] of CLASSES.entries()) {
    const coach = nth(COACHES, c.coach, 'coach');
    const cover = await put(`seed/class-${i + 1}.svg`, coverSvg(c.title, `${c.city} · ${c.style}`, paletteAt(i + 1)));
    const startsAt = new Date(today.getTime() + c.startsIn * day);
    await db()
      .insert(classes)
      .values({
        coachId: nth(coachIds, c.coach, 'coach'),
        title: c.title,
        cover,
        intro: sanitizeRichText(
          `<p>${coach.name}亲自授课，小班教学，每位学员都能得到动作纠正。</p><h3>课程安排</h3><p>${c.schedule}，共 ${c.weeks} 周。</p><h3>报名须知</h3><ul><li>请穿着宽松运动服和平底鞋。</li><li>开班前一天可申请退款，开班后不退。</li></ul>`,
        ),
        style: c.style,
        city: c.city,
        venue: c.venue,
        address: c.address,
        schedule: c.schedule,
        startsAt,
        endsAt: new Date(startsAt.getTime() + c.weeks * 7 * day),
        capacity: c.capacity,
        price: c.price,
      });
  }

  const categoryRows = await db()
    .insert(goodsCategories)
    .values(GOODS_CATEGORIES.map((name, sort) => ({ name, sort })))
    .returning({ id: goodsCategories.id, name: goodsCategories.name });
  const categoryId = new Map(categoryRows.map((r) => [r.name, r.id]));
  let goodsCount = 0;
  let skuCount = 0;
  const goodsIds: number[] = [];
  for (const fam of GOODS_FAMILIES) {
    const shop = nth(SHOPS, fam.shop, 'shop');
    const shopId = nth(shopIds, fam.shop, 'shop');
    const famCategoryId = categoryId.get(fam.category);
    if (famCategoryId === undefined) throw new Error(`seed goods family names an unknown category: ${fam.category}`);
    // SKU prices step with the values of the last spec (e.g. the size).
    const lastSpec = fam.specValues.at(-1);
    if (lastSpec === undefined) throw new Error(`seed goods family has no spec values: ${fam.titles.join(', ')}`);
    for (const [t, title] of fam.titles.entries()) {
      const n = goodsCount;
      const images = await Promise.all(
        [0, 1, 2].map((k) => put(`seed/goods-${n + 1}-${k + 1}.svg`, goodsSvg(title, fam.category, paletteAt(n), k))),
      );
      const combos = combinations(fam.specValues);
      const skuRows = combos.map((specs, k) => ({
        specs,
        price: fam.price + t * 1000 + (k % lastSpec.length) * 500,
        // Some combinations are sold out, so the page shows it.
        stock: (n + k) % 7 === 0 ? 0 : 5 + ((n * 13 + k * 7) % 60),
      }));
      const goodsRows = await db()
        .insert(goods)
        .values({
          shopId,
          categoryId: famCategoryId,
          title,
          images,
          detail: sanitizeRichText(
            `<p>${title}，${shop.name}出品。</p><h3>商品说明</h3><ul><li>规格：${fam.specNames.join('、')}可选，下单前请确认所选规格。</li><li>发货：付款后 48 小时内发货，支持七天无理由退货（定制商品除外）。</li></ul>`,
          ),
          price: Math.min(...skuRows.map((s) => s.price)),
          specNames: fam.specNames,
          createdAt: new Date(Date.now() - n * 86_400_000),
        })
        .returning({ id: goods.id });
      const row = one(goodsRows, 'inserted goods');
      await db()
        .insert(skus)
        .values(skuRows.map((s) => ({ ...s, goodsId: row.id })));
      goodsIds.push(row.id);
      goodsCount++;
      skuCount += skuRows.length;
    }
  }

  // Agent goods: the demo coach and the demo shop (the first of each) re-sell a few items of other shops.
  const demoCoachId = nth(coachIds, 0, 'coach');
  const demoShopId = nth(shopIds, 0, 'shop');
  await db()
    .insert(agentGoods)
    .values([
      ...goodsIds.slice(24, 28).map((goodsId) => ({ agentType: 'coach', agentId: demoCoachId, goodsId })),
      ...goodsIds.slice(40, 44).map((goodsId) => ({ agentType: 'shop', agentId: demoShopId, goodsId })),
    ]);

  // Agency offers: the goods the demo agents picked and a few more goods and courses are
  // open for agency at 8–15% commission, so the agency pages have something to pick.
  const offered = await db()
    .select({ id: goods.id, shopId: goods.shopId })
    .from(goods)
    .where(inArray(goods.id, goodsIds.slice(20, 48)));
  const offeredCourses = await db()
    .select({ id: courses.id, coachId: courses.coachId, shopId: courses.shopId })
    .from(courses)
    .orderBy(asc(courses.id))
    .limit(12);
  await db()
    .insert(agentOffers)
    .values([
      ...offered.map((g, i) => ({ kind: 'goods', itemId: g.id, ownerType: 'shop', ownerId: g.shopId, rateBp: 800 + (i % 8) * 100 })),
      ...offeredCourses.map((c, i) => ({
        kind: 'course',
        itemId: c.id,
        ownerType: c.coachId ? 'coach' : 'shop',
        ownerId: c.coachId ?? c.shopId ?? 0,
        rateBp: 1000 + (i % 6) * 100,
      })),
    ]);

  // The demo member already follows the demo coach and shop; fans counts match the rows.
  const [member] = await db().select({ id: users.id }).from(users).where(eq(users.phone, '13800000001')).limit(1);
  if (member) {
    await db()
      .insert(follows)
      .values([
        { userId: member.id, targetType: 'coach', targetId: demoCoachId },
        { userId: member.id, targetType: 'shop', targetId: demoShopId },
      ]);
    await db()
      .update(coaches)
      .set({ fansCount: sql`${coaches.fansCount} + 1` })
      .where(eq(coaches.id, demoCoachId));
    await db()
      .update(shops)
      .set({ fansCount: sql`${shops.fansCount} + 1` })
      .where(eq(shops.id, demoShopId));
  }

  return {
    coaches: coachIds.length,
    shops: shopIds.length,
    courses: courseCount,
    lessons: lessonCount,
    classes: CLASSES.length,
    goods: goodsCount,
    skus: skuCount,
  };
}
