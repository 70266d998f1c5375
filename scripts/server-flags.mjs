// @ts-check
// How the production server is started, in one place: `npm start` (package.json, which repeats these
// because npm scripts cannot import), the e2e rig and the bench. Why:
// - A small young generation and a 256 MB old-space limit: V8 otherwise sizes both from the
//   machine's memory and keeps hundreds of MB of mostly empty heap after load (the live heap under
//   load is ~100 MB; kept pages are Buffers, outside it). Raise the limit if live data grows.
// - glibc malloc: two arenas instead of one per thread (the PGlite worker, libuv's pool doing
//   compression), blocks from 64 KiB up mapped on their own and free memory trimmed above 64 KiB,
//   so memory freed after a burst goes back to the system (measured: 430 MB → 355 MB after load).
export const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=256'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '65536' };

/**
 * The production server on a scratch data directory, as the bench and the backup test run it:
 * production mode with the sandbox gateway and the demo accounts allowed, PGlite unless
 * `databaseUrl`, nothing inherited that would change what is measured (Redis, output checks, log level).
 * @param {{ port: number; dataDir: string; databaseUrl?: string | undefined }} o
 */
export function rigEnv({ port, dataDir, databaseUrl = undefined }) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    PAY_SANDBOX: 'true',
    ALLOW_DEMO_ACCOUNTS: 'true',
  };
  delete env.DATABASE_URL;
  delete env.API_CHECK_OUTPUT;
  delete env.REDIS_URL;
  delete env.LOG_LEVEL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}
