import { and, desc, eq, ne } from 'drizzle-orm';
import { formatDateTime } from '~/lib/format';
import { NEW_DEVICE_DAYS, SESSION_TEXTS } from '~/lib/rules/sessions';
import { db } from '../../db';
import { sessions } from '../../db/schema';
import { sendMessage } from '../notice/notice.service';
import { deviceOf, placeOf } from './device';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * After a login (session `sessionId` just made): a 站内消息 when no other session of the member
 * with the same browser + OS + platform and the same place was active within NEW_DEVICE_DAYS.
 * A member with no earlier session at all (the first login of a new account) gets none.
 */
export async function noticeIfNewDevice(userId: number, sessionId: number, meta: { ip: string; userAgent: string }): Promise<void> {
  const earlier = await db()
    .select({ userAgent: sessions.userAgent, ip: sessions.ip, lastIp: sessions.lastIp, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(200);
  if (!earlier.length) return;
  const device = deviceOf(meta.userAgent);
  const place = placeOf(meta.ip);
  const since = Date.now() - NEW_DEVICE_DAYS * 86_400_000;
  const seen = earlier.some(
    (s) =>
      s.lastSeenAt.getTime() >= since &&
      deviceOf(s.userAgent).key === device.key &&
      [s.ip, s.lastIp].some((a) => a && placeOf(a) === place),
  );
  if (seen) return;
  const [row] = await db().select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  const when = formatDateTime(row?.at ?? new Date());
  await sendMessage({
    userId,
    kind: 'notice',
    title: SESSION_TEXTS.noticeTitle,
    content:
      `<p>您的账号于 ${when} 在新设备上登录：${escape(device.label)}，位置 ${escape(place)}。</p>` +
      `<p>如果是您本人操作，请忽略本消息。如果不是，请立即<a href="/account/setting/password">修改密码</a>，` +
      `并在<a href="/account/setting/safe#devices">账号安全 · 登录设备</a>中退出该设备。</p>`,
    link: '/account/setting/safe#devices',
  });
}
