import { execFile } from 'node:child_process';
import { open, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { log } from '../../log';
import { hasFfmpeg } from '../ffmpeg';
import { storage, uploadsDir } from '../storage';

const run = promisify(execFile);

export interface Recording {
  /** The stored path viewers play ('/uploads/live/…'); '' when the recording is lost. */
  url: string;
  poster: string;
  durationS: number;
}

/**
 * A finished file inside the uploads directory handed to storage: it stays where it is locally and
 * moves to the bucket with STORAGE=s3. Answers its stored path, '/uploads/…'.
 */
async function keep(file: string, type: string): Promise<string> {
  return storage().putFile(relative(uploadsDir(), file).split(sep).join('/'), file, type, { move: true });
}

/** The FLV kept as the playback (no ffmpeg, or the remux failed): played with mpegts.js. */
async function keepFlv(flv: string): Promise<Recording> {
  const durationS = await flvDurationS(flv);
  return { url: await keep(flv, 'video/x-flv'), poster: '', durationS };
}

/**
 * A broadcast's length from its FLV file without ffmpeg: the timestamp of the last tag. The file
 * ends with that tag's size (PreviousTagSize), which says where its header starts.
 */
export async function flvDurationS(file: string): Promise<number> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size < 13 + 15) return 0;
    const tail = Buffer.alloc(4);
    await fh.read(tail, 0, 4, size - 4);
    const tagSize = tail.readUInt32BE(0);
    if (tagSize < 11 || tagSize + 4 > size) return 0;
    const header = Buffer.alloc(8);
    await fh.read(header, 0, 8, size - 4 - tagSize);
    const ts = (header.readUIntBE(4, 3) | (header.readUInt8(7) << 24)) >>> 0;
    return Math.round(ts / 1000);
  } finally {
    await fh.close();
  }
}

/**
 * Turns a broadcast's FLV recording into its playback. With ffmpeg: remuxed to a faststart MP4
 * (no re-encoding), a poster frame, the probed duration, and the FLV removed. Without ffmpeg: the
 * FLV is kept (played with mpegts.js) and its duration read from the file. A recording with no
 * media at all is deleted and answers url ''.
 */
export async function finishRecording(flv: string): Promise<Recording> {
  const info = await stat(flv).catch(() => null);
  if (!info || info.size < 1024) {
    await rm(flv, { force: true });
    return { url: '', poster: '', durationS: 0 };
  }
  if (!hasFfmpeg()) return keepFlv(flv);
  const base = join(dirname(flv), basename(flv, '.flv'));
  const mp4 = `${base}.mp4`;
  const jpg = `${base}.jpg`;
  try {
    await run('ffmpeg', ['-y', '-v', 'error', '-i', flv, '-c', 'copy', '-movflags', '+faststart', mp4], { timeout: 30 * 60_000 });
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4], {
      timeout: 60_000,
    });
    const durationS = Math.round(Number.parseFloat(stdout.trim()) || 0);
    let poster = '';
    for (const at of durationS > 2 ? ['1', '0'] : ['0']) {
      const made = await run(
        'ffmpeg',
        ['-y', '-v', 'error', '-ss', at, '-i', mp4, '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", jpg],
        {
          timeout: 60_000,
        },
      ).then(
        () => true,
        () => false,
      );
      if (made && (await stat(jpg).catch(() => null))?.size) {
        poster = await keep(jpg, 'image/jpeg');
        break;
      }
    }
    const url = await keep(mp4, 'video/mp4');
    await rm(flv, { force: true });
    return { url, poster, durationS };
  } catch (err) {
    // The FLV still plays: keep it rather than lose the broadcast.
    log.error('live recording remux failed; keeping the FLV', { file: flv, error: String(err) });
    await rm(mp4, { force: true });
    return keepFlv(flv);
  }
}
