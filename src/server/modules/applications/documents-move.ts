import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { db } from '../../db';
import { identityApplications, providerApplications } from '../../db/schema';
import { log } from '../../log';
import { contentTypeOf, DOCUMENTS_PREFIX, isPrivateKey, storage, storageKey } from '../../providers/storage';

/**
 * Moves verification documents that applications cite from public keys (they were uploaded as
 * ordinary images, `common/<day>/<uid>-<hex>.png`) to private ones under `docs/<uid>/`, and
 * rewrites the rows. Run by `npm run migrate` on every deploy; does nothing once every document
 * is private, on the local disk and in a bucket alike.
 *
 * Safe to stop and run again at any point: the new key follows from the old one, so every row
 * citing a file gets the same new path; a file is copied, then the public one removed, then the
 * rows rewritten — a run that finds the old file gone and the new one there only rewrites.
 */

export interface MoveReport {
  /** Files copied to a private key and removed from the public one. */
  moved: number;
  /** Application rows rewritten (identity and provider). */
  rows: number;
  /** Cited public files that exist nowhere (left as they are). */
  missing: number;
  /** Files the storage failed on (left public; the next run tries again). */
  failed: number;
}

const UPLOADED = /^common\/(\d{8})\/(\d+)-([0-9a-f]+)\.(jpg|png|gif|webp)$/;

/**
 * Where a public document goes: a member upload (`common/<day>/<uid>-<hex>`) into its uploader's
 * folder, so the uploader may cite it again; anything else (a console upload, another folder) into
 * `docs/moved/`, which no member owns. Either way the same for every row that cites it.
 */
export function privateKeyFor(key: string): string {
  const m = UPLOADED.exec(key);
  if (m) return `${DOCUMENTS_PREFIX}${m[2]}/${m[1]}-${m[3]}.${m[4]}`;
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? 'bin';
  return `${DOCUMENTS_PREFIX}moved/${createHash('sha256').update(key).digest('hex').slice(0, 24)}.${ext}`;
}

/** A public uploaded file cited as a document (not a bundled /imgs file, not already private). */
const movable = (path: string): string | null => {
  const key = storageKey(path);
  return key && !isPrivateKey(key) ? key : null;
};

/**
 * The private path for a cited public path, the file moved if it is still public; null when neither
 * copy exists. `keep` leaves the public file (it is also the shop's public logo).
 */
async function moveFile(key: string, keep: boolean, report: MoveReport): Promise<string | null> {
  const s = storage();
  const dest = privateKeyFor(key);
  if (await s.stat(key)) {
    const copy = await s.localCopy(key);
    if (copy) {
      try {
        await s.putFile(dest, copy.path, contentTypeOf(key) ?? 'application/octet-stream');
      } finally {
        await copy.release();
      }
    }
    if (!(await s.stat(dest))) throw new Error(`document ${key} was not copied to ${dest}`);
    if (!keep) await s.remove(key);
    report.moved++;
  }
  if (await s.stat(dest)) return `/uploads/${dest}`;
  report.missing++;
  return null;
}

/** The new value of every cited path of one row (unchanged where nothing could be moved). */
async function mapPaths(paths: string[], keep: Set<string>, report: MoveReport): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of new Set(paths)) {
    const key = movable(p);
    if (!key) continue;
    const to = await moveFile(key, keep.has(p), report).catch((err: unknown) => {
      report.failed++;
      log.warn('application document not moved', { key, error: String(err) });
      return null;
    });
    if (to) out.set(p, to);
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

async function moveIdentityApplications(report: MoveReport): Promise<void> {
  const isPublicUpload = (expr: ReturnType<typeof sql>) => sql`(${expr} like '/uploads/%' and ${expr} not like '/uploads/docs/%')`;
  const a = identityApplications.answers;
  const rows = await db()
    .select()
    .from(identityApplications)
    .where(
      sql`${isPublicUpload(sql`${a}->>'id_front'`)} or ${isPublicUpload(sql`${a}->>'id_back'`)}
        or ${isPublicUpload(sql`${a}->>'licence_image'`)}
        or exists (select 1 from jsonb_array_elements_text(case when jsonb_typeof(${a}->'certificates') = 'array'
          then ${a}->'certificates' else '[]'::jsonb end) c(p) where ${isPublicUpload(sql`c.p`)})`,
    )
    .orderBy(identityApplications.id);
  for (const r of rows) {
    const ans = r.answers;
    const certificates = Array.isArray(ans['certificates']) ? ans['certificates'].map(str) : [];
    const cited = [str(ans['id_front']), str(ans['id_back']), str(ans['licence_image']), ...certificates].filter(Boolean);
    const moved = await mapPaths(cited, new Set([str(ans['logo'])].filter(Boolean)), report);
    if (!moved.size) continue;
    const to = (p: unknown) => moved.get(str(p)) ?? p;
    const next = { ...ans };
    for (const k of ['id_front', 'id_back', 'licence_image']) if (k in next) next[k] = to(next[k]);
    if (Array.isArray(next['certificates'])) next['certificates'] = next['certificates'].map(to);
    // Guarded: a row that changed meanwhile is left for the next run.
    const done = await db()
      .update(identityApplications)
      .set({ answers: next })
      .where(and(eq(identityApplications.id, r.id), sql`${identityApplications.answers} = ${JSON.stringify(ans)}::jsonb`))
      .returning({ id: identityApplications.id });
    report.rows += done.length;
  }
}

async function moveProviderApplications(report: MoveReport): Promise<void> {
  const rows = await db()
    .select({ id: providerApplications.id, licence: providerApplications.licence })
    .from(providerApplications)
    .where(sql`${providerApplications.licence} like '/uploads/%' and ${providerApplications.licence} not like '/uploads/docs/%'`)
    .orderBy(providerApplications.id);
  for (const r of rows) {
    const to = (await mapPaths([r.licence], new Set(), report)).get(r.licence);
    if (!to) continue;
    const done = await db()
      .update(providerApplications)
      .set({ licence: to })
      .where(and(eq(providerApplications.id, r.id), eq(providerApplications.licence, r.licence)))
      .returning({ id: providerApplications.id });
    report.rows += done.length;
  }
}

/** Moves every public document of coach, shop and provider applications (see above). */
export async function moveApplicationDocuments(): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, rows: 0, missing: 0, failed: 0 };
  await moveIdentityApplications(report);
  await moveProviderApplications(report);
  return report;
}
