import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { db } from '../../db';
import { adverts, config } from '../../db/schema';
import { cached, invalidate } from '../../cache';
import { invalidatePages } from '../../edge/page-cache';
import { env } from '../../env';

const TTL = 30_000;

/** Every config value keyed by name (cached; config is public by design — no secrets in it). */
export function allConfig(): Promise<Record<string, string>> {
  return cached('config:all', TTL, async () => {
    const rows = await db().select({ key: config.key, value: config.value }).from(config);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  });
}

/**
 * The QR images of SPEC §3 while the console has uploaded none: drawn on request from SITE_URL
 * (site-qr.ts), so they follow the site's address — the config stores no origin.
 */
export const DRAWN_QR: Readonly<Record<string, string>> = { download_qr_code: '/qr/download.png', service_qr_code: '/qr/service.png' };

/** A site path ('/help') as a URL on SITE_URL; anything else (a full URL, plain text) as it is. */
export function onSite(value: string): string {
  return /^\/(?!\/)/.test(value) ? `${env().SITE_URL.replace(/\/+$/, '')}${value}` : value;
}

/** A config value as other clients read it: a drawn QR code or a stored site path as a full URL. */
function publicValue(key: string, value: string): string {
  const drawn = DRAWN_QR[key];
  if (drawn && !value) return onSite(drawn);
  return key === 'service_qr_text' ? onSite(value) : value;
}

/** The requested keys; unknown keys answer '' so callers can read any key safely. */
export async function configValues(keys: string[]): Promise<Record<string, string>> {
  const all = await allConfig();
  // Own keys only: "constructor" or "toString" are not config values.
  return Object.fromEntries(keys.map((k) => [k, Object.hasOwn(all, k) ? publicValue(k, all[k] ?? '') : '']));
}

/** Creates or changes config values. */
export async function setConfig(values: Record<string, string>, titles: Record<string, string> = {}): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db()
      .insert(config)
      .values({ key, value, title: titles[key] ?? '' })
      .onConflictDoUpdate({ target: config.key, set: { value, updatedAt: sql`now()` } });
  }
  invalidate('config:');
  invalidatePages();
}

/** Visible adverts of one position, in order, within their time window. */
export function advertsAt(position: string) {
  return cached(`adverts:${position}`, TTL, () => {
    const now = new Date();
    return db()
      .select({ id: adverts.id, title: adverts.title, image: adverts.image, link: adverts.link })
      .from(adverts)
      .where(
        and(
          eq(adverts.position, position),
          eq(adverts.status, 1),
          or(isNull(adverts.startsAt), lte(adverts.startsAt, now)),
          or(isNull(adverts.endsAt), gt(adverts.endsAt, now)),
        ),
      )
      .orderBy(asc(adverts.sort), asc(adverts.id));
  });
}

/** Customer-service contacts (SPEC §2 customer-service dialog). */
export async function kefu() {
  const c = await allConfig();
  return {
    phone: c['ofline_phone'] ?? '',
    qq: c['qq'] ?? '',
    wechat: c['wechat'] ?? '',
    service_qr_code: publicValue('service_qr_code', c['service_qr_code'] ?? ''),
    work_time: c['kefu_work_time'] ?? '',
  };
}
