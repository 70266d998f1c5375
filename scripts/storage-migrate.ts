/**
 * Moves the files of DATA_DIR/uploads into the configured bucket (STORAGE=s3):
 *   npm run storage:migrate             copy every file the bucket lacks (same key, same size = done)
 *   npm run storage:migrate -- --delete also remove each local file once the bucket holds it
 * Stored paths stay '/uploads/…', so the database needs no change. Safe to run again (and while the
 * site serves): files already in the bucket are skipped.
 */
import { env } from '../src/server/env';
import { localStorage } from '../src/server/providers/storage/local';
import { contentTypeOf, storage, uploadsDir } from '../src/server/providers/storage';

const remove = process.argv.includes('--delete');
if (env().STORAGE !== 's3') {
  console.error('[storage:migrate] STORAGE=s3 (with S3_BUCKET and its credentials) is needed: it says where the files go.');
  process.exit(2);
}

const bucket = storage();
const counts = { copied: 0, present: 0, removed: 0, failed: 0, bytes: 0 };
const started = Date.now();
const files: { key: string; size: number }[] = [];
for await (const f of localStorage.list('')) files.push(f);
console.log(`[storage:migrate] ${files.length} files in ${uploadsDir()} → bucket ${env().S3_BUCKET}`);

async function move(f: { key: string; size: number }): Promise<void> {
  const there = await bucket.stat(f.key);
  if (there?.size === f.size) counts.present++;
  else {
    const local = await localStorage.localCopy(f.key);
    if (!local) return;
    await bucket.putFile(f.key, local.path, contentTypeOf(f.key) ?? 'application/octet-stream');
    if ((await bucket.stat(f.key))?.size !== f.size) throw new Error('size differs after upload');
    counts.copied++;
    counts.bytes += f.size;
  }
  if (remove) {
    await localStorage.remove(f.key);
    counts.removed++;
  }
}

// A few uploads at a time: enough to fill the link, few enough not to trip a provider's rate limit.
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < files.length) {
      const f = files[next++];
      if (!f) break;
      await move(f).catch((err: unknown) => {
        counts.failed++;
        console.error(`[storage:migrate] ${f.key}: ${String(err)}`);
      });
    }
  }),
);
console.log(
  `[storage:migrate] copied ${counts.copied} (${(counts.bytes / 1048576).toFixed(1)} MiB), already there ${counts.present}` +
    `${remove ? `, removed locally ${counts.removed}` : ''}, failed ${counts.failed} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(counts.failed ? 1 : 0);
