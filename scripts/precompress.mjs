// @ts-check
// Brotli (quality 11) and gzip (level 9) copies of every compressible built file, written next to
// it as `.br` / `.gz`, so the server sends assets without compressing them per request
// (src/server/edge/static-files.ts). Run by the Astro integration below after each build.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.wasm']);

/**
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes the copies under `dir`; a copy that would not be smaller is not written.
 * @param {string} dir
 */
export async function precompress(dir) {
  let count = 0;
  let before = 0;
  let after = 0;
  const jobs = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
    const { size } = await stat(file);
    if (size < 1024) continue;
    jobs.push(
      (async () => {
        const body = await readFile(file);
        const [b, g] = await Promise.all([
          br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 9 }),
        ]);
        if (b.length < body.length) await writeFile(`${file}.br`, b);
        if (g.length < body.length) await writeFile(`${file}.gz`, g);
        count += 1;
        before += body.length;
        after += b.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return { count, before, after };
}

/** Astro integration: precompress the client output when a build is done. */
/** @returns {import('astro').AstroIntegration} */
export function precompressIntegration() {
  /** @type {URL | undefined} */
  let clientDir;
  return {
    name: 'gongfu:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const { count, before, after } = await precompress(clientDir.pathname);
        logger.info(`${count} files precompressed: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli`);
      },
    },
  };
}
