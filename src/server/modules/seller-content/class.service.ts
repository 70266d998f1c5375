import { and, asc, count, desc, eq, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import type { ClassSaveInput, ClassStudent, CoachClass, CoachClassItem } from '~/lib/api/contract/seller-content';
import { maskPhone } from '~/lib/rules/phone';
import { statusText, type OrderStatus } from '~/lib/rules/order-status';
import { OFF_SALE, ON_SALE, SC_TEXTS } from '~/lib/rules/seller-content';
import { db } from '../../db';
import { classes, orderItems, orders, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { sanitizeRichText } from '../../security/sanitize';
import { pageOf, type Page } from '../catalogue/listing';
import { refuseIfHeld } from '../admin-content/catalogue.admin';
import { invalidateCatalogue } from '../catalogue/invalidate';

/*
 * A coach's offline classes. Like courses, a new class starts off sale; seats never go
 * below the enrolled count (a conditional update, and the table's check constraint behind it).
 */

type ClassRow = typeof classes.$inferSelect;

/** Orders that hold a seat (or held one and were refunded: those are listed too, marked). */
const STUDENT_STATUSES: OrderStatus[] = ['paid', 'shipped', 'received', 'completed', 'refunding', 'refunded'];

/** Beijing-time day ↔ instant. */
const dayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);
const dayEnd = (d: string) => new Date(`${d}T23:59:59+08:00`);
const dayOf = (t: Date) => new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

function item(k: Omit<ClassRow, 'searchTokens'>): CoachClassItem {
  return {
    id: k.id,
    title: k.title,
    cover: k.cover,
    city: k.city,
    venue: k.venue,
    schedule: k.schedule,
    starts_at: k.startsAt.toISOString(),
    ends_at: k.endsAt.toISOString(),
    enrol_ends_at: k.enrolEndsAt?.toISOString() ?? null,
    capacity: k.capacity,
    enrolled: k.enrolled,
    price: k.price,
    status: k.status === ON_SALE ? 1 : 0,
  };
}

async function ownClass(coachId: number, id: number): Promise<ClassRow> {
  const [k] = await db()
    .select()
    .from(classes)
    .where(and(eq(classes.id, id), eq(classes.coachId, coachId)))
    .limit(1);
  if (!k) throw notFound(SC_TEXTS.classGone);
  return k;
}

/** /coach/classList: soonest start first. */
export async function coachClasses(coachId: number, page: number, limit: number): Promise<Page<CoachClassItem>> {
  const where = eq(classes.coachId, coachId);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(classes)
      .where(where)
      .orderBy(desc(classes.startsAt), desc(classes.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(classes).where(where),
  ]);
  return pageOf(rows.map(item), { total: total?.n ?? 0, capped: false }, page, limit);
}

/** /coach/classInfo. */
export async function coachClass(coachId: number, id: number): Promise<CoachClass> {
  const k = await ownClass(coachId, id);
  return {
    ...item(k),
    style: k.style,
    address: k.address,
    intro: k.intro,
    start_day: dayOf(k.startsAt),
    end_day: dayOf(k.endsAt),
    enrol_end_day: k.enrolEndsAt ? dayOf(k.enrolEndsAt) : '',
  };
}

/** /coach/classSave: a new class (off sale) or an edit; capacity never below the enrolled count. */
export async function saveClass(coachId: number, input: ClassSaveInput): Promise<{ id: number }> {
  const cover = normaliseStoredPath(input.cover);
  if (!cover) throw refuse(SC_TEXTS.coverBad);
  const startsAt = dayStart(input.start_day);
  const endsAt = dayEnd(input.end_day);
  if (endsAt < startsAt) throw refuse(SC_TEXTS.endsAt);
  const enrolEndsAt = input.enrol_end_day ? dayEnd(input.enrol_end_day) : null;
  if (enrolEndsAt && enrolEndsAt > endsAt) throw refuse(SC_TEXTS.deadline);
  const values = {
    title: input.title,
    cover,
    city: input.city,
    venue: input.venue,
    address: input.address,
    style: input.style,
    schedule: input.schedule,
    startsAt,
    endsAt,
    enrolEndsAt,
    capacity: input.capacity,
    price: input.price,
    intro: sanitizeRichText(input.intro),
  };
  let id: number;
  if (input.id) {
    // The seat check and the write are one statement, so an enrolment racing this edit is counted.
    const rows = await db()
      .update(classes)
      .set(values)
      .where(and(eq(classes.id, input.id), eq(classes.coachId, coachId), lteEnrolled(input.capacity)))
      .returning({ id: classes.id });
    if (!rows[0]) {
      const k = await ownClass(coachId, input.id);
      throw refuse(SC_TEXTS.seatsBelow(k.enrolled));
    }
    id = rows[0].id;
  } else {
    const rows = await db()
      .insert(classes)
      .values({ ...values, coachId, status: OFF_SALE })
      .returning({ id: classes.id });
    if (!rows[0]) throw new Error('class insert returned nothing');
    id = rows[0].id;
  }
  invalidateCatalogue();
  return { id };
}

const lteEnrolled = (capacity: number) => lte(classes.enrolled, capacity);

/** /coach/classStatus. Students already enrolled keep their seats either way. */
export async function setClassStatus(coachId: number, id: number, status: 0 | 1): Promise<{ id: number; status: 0 | 1 }> {
  await ownClass(coachId, id);
  if (status === 1) await refuseIfHeld('class', id);
  await db()
    .update(classes)
    .set({ status })
    .where(and(eq(classes.id, id), eq(classes.coachId, coachId), ne(classes.status, status)));
  invalidateCatalogue();
  return { id, status };
}

/** /coach/classStudents: the class's paid enrolments, newest first, phones masked. */
export async function classStudents(coachId: number, id: number, page: number, limit: number) {
  const k = await ownClass(coachId, id);
  const where = and(
    eq(orderItems.classId, id),
    eq(orders.kind, 'class'),
    inArray(orders.status, STUDENT_STATUSES),
    isNotNull(orders.paidAt),
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        status: orders.status,
        amount: orders.payAmount,
        paidAt: orders.paidAt,
        nick: users.nickName,
        phone: users.phone,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.paidAt), asc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(where),
  ]);
  const list: ClassStudent[] = rows.map((r) => ({
    order_id: r.id,
    order_no: r.orderNo,
    name: r.nick,
    phone: maskPhone(r.phone),
    amount: r.amount,
    status: r.status,
    status_text: statusText('class', r.status as OrderStatus),
    paid_at: r.paidAt?.toISOString() ?? null,
  }));
  return {
    class: { id: k.id, title: k.title, enrolled: k.enrolled, capacity: k.capacity },
    list,
    total: total?.n ?? 0,
    page,
    limit,
  };
}
