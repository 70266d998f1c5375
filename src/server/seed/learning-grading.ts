import { count, eq } from 'drizzle-orm';
import { db } from '../db/index';
import { formatDateTime } from '~/lib/format';
import { coaches, examiners, gradingSessions, labels, orderItems, users } from '../db/schema';
import { bookGrading } from '../modules/learning/grading-orders';
import { judgeCandidate, listCandidates } from '../modules/learning/grading-results.service';
import { addSession } from '../modules/learning/grading.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A time `days` from today at `hour` o'clock Beijing time (UTC+8, where the site's times are read). */
function at(days: number, hour: number): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0);
  return d;
}

/**
 * The 段位 path's demo (SPEC §5, 考评): 陈师傅 as an examiner (up to 六段), a free 太极拳 一段 考评 the
 * demo member booked and passed — through the same booking and judging code as a real one, so the
 * order, the candidate, the certificate and the notice are what the site writes — and two upcoming
 * sessions with open seats, one offline and one online (judged by video). Only when no session exists yet.
 */
export async function seedGrading(): Promise<Record<string, number>> {
  const [n] = await db().select({ n: count() }).from(gradingSessions);
  if (n?.n) return { grading_sessions: 0, certificates: 0 };
  const phone = async (p: string) => (await db().select({ id: users.id }).from(users).where(eq(users.phone, p)).limit(1))[0]?.id;
  const coachUser = await phone('13800000002');
  const member = await phone('13800000001');
  const [coach] = coachUser ? await db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, coachUser)).limit(1) : [];
  const [taiji] = await db().select({ id: labels.id }).from(labels).where(eq(labels.name, '太极拳')).limit(1);
  if (!coachUser || !member || !coach || !taiji) return { grading_sessions: 0, certificates: 0 };

  await db().insert(examiners).values({ coachId: coach.id, maxDuan: 6, note: '演示考评员' }).onConflictDoNothing();
  const place = '北京市朝阳区陈氏太极拳馆';

  // Published and booked while still ahead (the services refuse a past start), then the start is
  // moved to earlier today so the result can be recorded as after a real session.
  const past = await addSession(coachUser, {
    label_id: taiji.id,
    duan: 1,
    mode: 'offline',
    place,
    starts_at: new Date(Date.now() + HOUR).toISOString(),
    seats: 10,
    price: 0,
    intro: '太极拳一段考评：考查起势、揽雀尾、单鞭等基本动作的规范与连贯，以及马步、弓步等基本功。',
  });
  await bookGrading(member, past.id);
  const startsAt = new Date(Date.now() - 2 * HOUR);
  await db().update(gradingSessions).set({ startsAt }).where(eq(gradingSessions.id, past.id));
  // The order line repeats when and where (as booking wrote it), so it follows the move.
  await db()
    .update(orderItems)
    .set({ specs: `${formatDateTime(startsAt)} ${place}` })
    .where(eq(orderItems.gradingId, past.id));
  const { list } = await listCandidates(coachUser, past.id);
  let issued = 0;
  for (const c of list) {
    await judgeCandidate(coachUser, { id: c.id, result: 'passed', note: '动作规范，架势舒展，继续保持。' });
    issued++;
  }

  await addSession(coachUser, {
    label_id: taiji.id,
    duan: 2,
    mode: 'offline',
    place,
    starts_at: at(30, 9).toISOString(),
    seats: 20,
    price: 9900,
    intro: '太极拳二段考评：已取得一段证书的学员可报名，考查太极拳套路演练、推手基本功与理论问答。',
  });
  // An online one, judged on each candidate's grading video (handed in on its booking page).
  await addSession(coachUser, {
    label_id: taiji.id,
    duan: 2,
    mode: 'online',
    place: '',
    starts_at: at(45, 20).toISOString(),
    seats: 50,
    price: 4900,
    intro: '太极拳二段线上考评：报名后在考评时间前提交一段完整演练二十四式太极拳的视频（正面拍摄、全身入镜、不剪辑），考评员据此评定。',
  });
  return { grading_sessions: 3, certificates: issued };
}
