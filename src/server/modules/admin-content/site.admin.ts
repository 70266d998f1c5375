import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { ADVERT_POSITIONS, CONFIG_KEYS, configDef, configValueError } from '~/lib/rules/admin-content';
import { bannerLinkError } from '~/lib/rules/seller-shop';
import { staffMay } from '~/lib/rules/staff';
import type { CouponScope } from '~/lib/api/contract/coupon';
import { db } from '../../db';
import { adverts, config, couponTemplates, courses, labels, messageStates, messages, shops } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { sanitizeRichText } from '../../security/sanitize';
import { audit } from '../../console/audit';
import { published, sortOf, storedImage, timeOrNull, type Actor, written } from '../../console/shared';

const bit = (n: number) => (n === 1 ? 1 : 0) as 0 | 1;
const isUnique = (e: unknown) => (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

// ── announcements ───────────────────────────────────────────────────────────────────────────
// An announcement is ONE `messages` row (kind announce, user_id null) that every member's notice
// list includes; read state is per member in `message_states`. A scheduled one carries its future
// created_at and the notice queries show only rows whose time has come. Withdrawing deletes the row
// (members' read states go with it); the audit row keeps what it said.

const isAnnouncement = and(isNull(messages.userId), eq(messages.kind, 'announce'));

export async function adminAnnouncements(page: number, limit: number) {
  const reads = sql<number>`(select count(*)::int from ${messageStates} where ${messageStates.messageId} = ${messages.id} and ${messageStates.readAt} is not null)`;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ id: messages.id, title: messages.title, content: messages.content, at: messages.createdAt, reads })
      .from(messages)
      .where(isAnnouncement)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(messages).where(isAnnouncement),
  ]);
  const now = Date.now();
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      publish_at: r.at.toISOString(),
      state: r.at.getTime() > now ? ('scheduled' as const) : ('published' as const),
      reads: r.reads,
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

export async function publishAnnouncement(a: Actor, input: { title: string; content: string; publish_at?: string | undefined }) {
  const at = input.publish_at ? new Date(input.publish_at) : new Date();
  if (input.publish_at && at.getTime() < Date.now() - 60_000) throw refuse('定时发布时间已过，请选择将来的时间或立即发布');
  if (at.getTime() > Date.now() + 365 * 86_400_000) throw refuse('定时发布时间不能超过一年');
  const content = sanitizeRichText(input.content);
  if (!content.replace(/<[^>]*>/g, '').trim()) throw refuse('请填写公告内容');
  const id = await db().transaction(async (tx) => {
    const row = written(
      await tx.insert(messages).values({ userId: null, kind: 'announce', title: input.title, content, createdAt: at }).returning(),
    );
    await audit(tx, a, { action: 'announcement.publish', target: 'messages', targetId: row.id, after: row });
    return row.id;
  });
  return { id };
}

export async function withdrawAnnouncement(a: Actor, id: number) {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), isAnnouncement))
      .for('update');
    if (!before) throw notFound('公告不存在或已撤回');
    await tx.delete(messages).where(eq(messages.id, id));
    await audit(tx, a, { action: 'announcement.withdraw', target: 'messages', targetId: id, before });
  });
  return null;
}

// ── adverts ─────────────────────────────────────────────────────────────────────────────────

const positionName = (key: string) => ADVERT_POSITIONS.find((p) => p.key === key)?.name ?? key;

export async function adminAdverts(opts: { page: number; limit: number; position?: string | undefined }) {
  const cond = opts.position ? eq(adverts.position, opts.position) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(adverts)
      .where(cond)
      .orderBy(asc(adverts.position), asc(adverts.sort), asc(adverts.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(adverts).where(cond),
  ]);
  const now = Date.now();
  return {
    list: rows.map((r) => ({
      id: r.id,
      position: r.position,
      position_name: positionName(r.position),
      title: r.title,
      image: r.image,
      link: r.link,
      sort: r.sort,
      status: bit(r.status),
      starts_at: r.startsAt?.toISOString() ?? null,
      ends_at: r.endsAt?.toISOString() ?? null,
      live: r.status === 1 && (!r.startsAt || r.startsAt.getTime() <= now) && (!r.endsAt || r.endsAt.getTime() > now),
    })),
    total: total?.n ?? 0,
    page: opts.page,
    limit: opts.limit,
  };
}

export async function saveAdvert(
  a: Actor,
  input: {
    id?: number | undefined;
    position: string;
    title: string;
    image: string;
    link: string;
    sort: number;
    status: 0 | 1;
    starts_at?: string | undefined;
    ends_at?: string | undefined;
  },
) {
  const linkError = bannerLinkError(input.link);
  if (linkError) throw refuse(linkError);
  const startsAt = timeOrNull(input.starts_at);
  const endsAt = timeOrNull(input.ends_at);
  if (startsAt && endsAt && endsAt <= startsAt) throw refuse('结束时间须晚于开始时间');
  const values = {
    position: input.position,
    title: input.title,
    image: storedImage(input.image, '广告图片'),
    link: input.link.trim(),
    sort: input.sort,
    status: input.status,
    startsAt,
    endsAt,
  };
  if (!values.image) throw refuse('请上传广告图片');
  const out = await db().transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select().from(adverts).where(eq(adverts.id, input.id)).for('update');
      if (!before) throw notFound('广告不存在或已删除');
      const [after] = await tx.update(adverts).set(values).where(eq(adverts.id, input.id)).returning();
      await audit(tx, a, { action: 'advert.update', target: 'adverts', targetId: input.id, before, after });
      return { id: input.id };
    }
    const after = written(await tx.insert(adverts).values(values).returning());
    await audit(tx, a, { action: 'advert.create', target: 'adverts', targetId: after.id, after });
    return { id: after.id };
  });
  published('adverts:');
  return out;
}

export async function setAdvertStatus(a: Actor, id: number, status: 0 | 1) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(adverts).where(eq(adverts.id, id)).for('update');
    if (!before) throw notFound('广告不存在或已删除');
    const done = await tx
      .update(adverts)
      .set({ status })
      .where(and(eq(adverts.id, id), eq(adverts.status, before.status)))
      .returning({ id: adverts.id });
    if (!done.length || before.status === status) throw refuse(status ? '广告已上线' : '广告已下线');
    await audit(tx, a, {
      action: status ? 'advert.on' : 'advert.off',
      target: 'adverts',
      targetId: id,
      before: { status: before.status },
      after: { status },
    });
  });
  published('adverts:');
  return null;
}

export async function deleteAdvert(a: Actor, id: number) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(adverts).where(eq(adverts.id, id)).for('update');
    if (!before) throw notFound('广告不存在或已删除');
    await tx.delete(adverts).where(eq(adverts.id, id));
    await audit(tx, a, { action: 'advert.delete', target: 'adverts', targetId: id, before });
  });
  published('adverts:');
  return null;
}

// ── config ──────────────────────────────────────────────────────────────────────────────────

/** Listed keys first (in form order), then any other key in the table (plain text, super only). */
export async function adminConfig(a: Actor, page: number, limit: number) {
  const rows = await db().select().from(config);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const listed = CONFIG_KEYS.map((d) => ({ ...d, row: byKey.get(d.key) }));
  const others = rows
    .filter((r) => !configDef(r.key))
    .sort((x, y) => x.key.localeCompare(y.key))
    .map((r) => ({ key: r.key, title: r.title || r.key, type: 'text' as const, money: true, hint: '其他功能读取的配置', row: r }));
  const all = [...listed, ...others].map((d) => ({
    key: d.key,
    title: d.title,
    type: d.type,
    value: d.row?.value ?? '',
    hint: d.hint ?? '',
    money: d.money ?? false,
    editable: staffMay(a.staff.role, d.money ? ['super'] : ['content']),
    updated_at: d.row?.updatedAt.toISOString() ?? null,
  }));
  return { list: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
}

export async function saveConfig(a: Actor, key: string, raw: string) {
  const def = configDef(key);
  const [existing] = await db().select().from(config).where(eq(config.key, key));
  if (!def && !existing) throw notFound('配置项不存在');
  const money = def ? (def.money ?? false) : true;
  if (!staffMay(a.staff.role, money ? ['super'] : ['content'])) throw forbidden('金额相关的配置仅超级管理员可以修改');
  const type = def?.type ?? 'text';
  const value = type === 'image' ? storedImage(raw, def?.title ?? '图片') : raw.trim();
  const error = configValueError(type, value);
  if (error) throw refuse(`${def?.title ?? key}：${error}`);
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(config).where(eq(config.key, key)).for('update');
    const after = written(
      await tx
        .insert(config)
        .values({ key, value, title: def?.title ?? key })
        .onConflictDoUpdate({ target: config.key, set: { value, updatedAt: sql`now()` } })
        .returning(),
    );
    await audit(tx, a, {
      action: 'config.update',
      target: 'config',
      targetId: key,
      before: before ? { value: before.value } : null,
      after: { value: after.value },
    });
  });
  published('config:');
  return null;
}

// ── labels ──────────────────────────────────────────────────────────────────────────────────

export async function adminLabels(page: number, limit: number) {
  const used = sql<number>`(select count(*)::int from ${courses} where ${courses.labelIds} @> jsonb_build_array(${labels.id}))`;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ id: labels.id, name: labels.name, sort: labels.sort, status: labels.status, courses: used })
      .from(labels)
      .orderBy(asc(labels.sort), asc(labels.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(labels),
  ]);
  return { list: rows.map((r) => ({ ...r, status: bit(r.status) })), total: total?.n ?? 0, page, limit };
}

export async function saveLabel(a: Actor, input: { id?: number | undefined; name: string }) {
  try {
    const out = await db().transaction(async (tx) => {
      if (input.id) {
        const [before] = await tx.select().from(labels).where(eq(labels.id, input.id)).for('update');
        if (!before) throw notFound('标签不存在');
        const [after] = await tx.update(labels).set({ name: input.name }).where(eq(labels.id, input.id)).returning();
        await audit(tx, a, { action: 'label.rename', target: 'labels', targetId: input.id, before, after });
        return { id: input.id };
      }
      const [last] = await tx.select({ m: sql<number | null>`max(${labels.sort})` }).from(labels);
      const after = written(
        await tx
          .insert(labels)
          .values({ name: input.name, sort: (last?.m ?? 0) + 10 })
          .returning(),
      );
      await audit(tx, a, { action: 'label.create', target: 'labels', targetId: after.id, after });
      return { id: after.id };
    });
    published('catalogue:');
    return out;
  } catch (e) {
    if (isUnique(e)) throw refuse('已有同名标签，请换一个名称');
    throw e;
  }
}

export async function setLabelStatus(a: Actor, id: number, status: 0 | 1) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(labels).where(eq(labels.id, id)).for('update');
    if (!before) throw notFound('标签不存在');
    if (before.status === status) throw refuse(status ? '标签已是显示状态' : '标签已隐藏');
    await tx
      .update(labels)
      .set({ status })
      .where(and(eq(labels.id, id), eq(labels.status, before.status)));
    await audit(tx, a, {
      action: status ? 'label.show' : 'label.hide',
      target: 'labels',
      targetId: id,
      before: { status: before.status },
      after: { status },
    });
  });
  published('catalogue:');
  return null;
}

export async function sortLabels(a: Actor, ids: number[]) {
  await db().transaction(async (tx) => {
    const current = await tx.select({ id: labels.id, sort: labels.sort }).from(labels).for('update');
    const same = current.length === ids.length && new Set(ids).size === ids.length && current.every((r) => ids.includes(r.id));
    if (!same) throw refuse('标签已有变动，请刷新后重新排序');
    for (const [id, sort] of sortOf(ids)) await tx.update(labels).set({ sort }).where(eq(labels.id, id));
    await audit(tx, a, {
      action: 'label.sort',
      target: 'labels',
      before: current.sort((x, y) => x.sort - y.sort).map((r) => r.id),
      after: ids,
    });
  });
  published('catalogue:');
  return null;
}

// ── coupon templates (finance) ──────────────────────────────────────────────────────────────
// A held coupon reads its template's amount, threshold and scope when it is used, so a template is
// editable only while nobody holds one (claimed = 0, checked in the UPDATE itself). After that the
// operator can only stop issuing it; coupons already held stay valid as issued.

export async function adminCoupons(opts: { page: number; limit: number; status: 'all' | 'on' | 'off' }) {
  const cond = opts.status === 'all' ? undefined : eq(couponTemplates.status, opts.status === 'on' ? 1 : 0);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ t: couponTemplates, shopName: shops.name, courseTitle: courses.title })
      .from(couponTemplates)
      .leftJoin(shops, eq(shops.id, couponTemplates.shopId))
      .leftJoin(courses, eq(courses.id, couponTemplates.courseId))
      .where(cond)
      .orderBy(desc(couponTemplates.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(couponTemplates).where(cond),
  ]);
  return {
    list: rows.map(({ t, shopName, courseTitle }) => ({
      id: t.id,
      title: t.title,
      amount: t.amount,
      threshold: t.threshold,
      scope: t.scope as CouponScope,
      shop_id: t.shopId,
      shop_name: shopName ?? '',
      course_id: t.courseId,
      course_title: courseTitle ?? '',
      valid_days: t.validDays,
      starts_at: t.startsAt.toISOString(),
      ends_at: t.endsAt.toISOString(),
      total: t.total,
      claimed: t.claimed,
      per_user: t.perUser,
      status: bit(t.status),
      editable: t.claimed === 0,
    })),
    total: total?.n ?? 0,
    page: opts.page,
    limit: opts.limit,
  };
}

export async function saveCoupon(
  a: Actor,
  input: {
    id?: number | undefined;
    title: string;
    amount: number;
    threshold: number;
    scope: CouponScope;
    shop_id?: number | undefined;
    valid_days: number;
    starts_at: string;
    ends_at: string;
    total: number;
    per_user: number;
  },
) {
  if (input.threshold <= input.amount) throw refuse('使用门槛须高于减免金额（优惠券不能让订单免费）');
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (endsAt <= startsAt) throw refuse('截止时间须晚于开始领取时间');
  if (input.per_user > input.total) throw refuse('每人限领不能多于发放总量');
  let shopId: number | null = null;
  if (input.scope === 'shop') {
    if (!input.shop_id) throw refuse('店铺券请填写店铺编号');
    const [s] = await db().select({ id: shops.id }).from(shops).where(eq(shops.id, input.shop_id));
    if (!s) throw refuse('店铺不存在，请检查店铺编号');
    shopId = s.id;
  }
  const values = {
    title: input.title,
    amount: input.amount,
    threshold: input.threshold,
    scope: input.scope,
    shopId,
    validDays: input.valid_days,
    startsAt,
    endsAt,
    total: input.total,
    perUser: input.per_user,
    // A course the points shop named stays with a 课程可用 template; any other scope names none.
    ...(input.scope === 'course' ? {} : { courseId: null }),
  };
  return db().transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, input.id)).for('update');
      if (!before) throw notFound('优惠券模板不存在');
      const [after] = await tx
        .update(couponTemplates)
        .set(values)
        .where(and(eq(couponTemplates.id, input.id), eq(couponTemplates.claimed, 0)))
        .returning();
      if (!after) throw refuse('已有会员领取该券，不能再修改；如需调整请停止发放后新建');
      await audit(tx, a, { action: 'coupon_template.update', target: 'coupon_templates', targetId: input.id, before, after });
      return { id: input.id };
    }
    const after = written(await tx.insert(couponTemplates).values(values).returning());
    await audit(tx, a, { action: 'coupon_template.create', target: 'coupon_templates', targetId: after.id, after });
    return { id: after.id };
  });
}

export async function stopCoupon(a: Actor, id: number) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, id));
    if (!before) throw notFound('优惠券模板不存在');
    const done = await tx
      .update(couponTemplates)
      .set({ status: 0 })
      .where(and(eq(couponTemplates.id, id), eq(couponTemplates.status, 1)))
      .returning({ id: couponTemplates.id });
    if (!done.length) throw refuse('该券已停止发放');
    await audit(tx, a, {
      action: 'coupon_template.stop',
      target: 'coupon_templates',
      targetId: id,
      before: { status: 1 },
      after: { status: 0 },
    });
  });
  return null;
}
