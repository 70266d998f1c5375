import { spawnSync } from 'node:child_process';
import { env } from '../env';

let found: boolean | undefined;

/**
 * Whether media is processed here (lesson videos, live recordings): VIDEO_FFMPEG is `auto` and both
 * ffmpeg and ffprobe run. Checked once per process.
 */
export function hasFfmpeg(): boolean {
  if (env().VIDEO_FFMPEG === 'off') return false;
  found ??= ['ffmpeg', 'ffprobe'].every((bin) => spawnSync(bin, ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0);
  return found;
}
