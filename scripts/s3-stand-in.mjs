// @ts-check
// A local S3-compatible stand-in for STORAGE=s3: s3rver from npm, with one bucket.
// The API tests and the cluster rig use it. It checks presigned URLs' signature expiry like S3 does;
// it does not enforce bucket policies (every object is readable there), so privacy is asserted on
// the URLs the site hands out, not on the stand-in.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';

export const S3_STAND_IN_KEY = 'S3RVER';

/**
 * ListParts and AbortMultipartUpload, the two multipart calls s3rver 3.7 lacks (it answers them
 * MethodNotAllowed) and @tus/s3-store needs to resume an upload; answered from s3rver's own part
 * files (<bucket>/._S3rver_uploads/<uploadId>/<n> and <n>.md5) the way S3 documents them.
 * @param {S3rver} server
 */
function multipartExtras(server) {
  /** @param {{ method: string; path: string; query: Record<string, unknown>; status: number; body: unknown }} ctx @param {() => Promise<void>} next */
  return async (ctx, next) => {
    const uploadId = ctx.query['uploadId'];
    const m = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (typeof uploadId !== 'string' || !m || !['GET', 'DELETE'].includes(ctx.method) || 'partNumber' in ctx.query) return next();
    const [, bucket = '', key = ''] = m;
    const dir = join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!existsSync(dir)) {
      ctx.status = 404;
      ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.', UploadId: uploadId } };
      return;
    }
    if (ctx.method === 'DELETE') {
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = readdirSync(dir)
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: decodeURIComponent(key),
        UploadId: uploadId,
        MaxParts: 10000,
        IsTruncated: false,
        Part: numbers.map((n) => ({
          PartNumber: n,
          ETag: JSON.stringify(readFileSync(join(dir, `${n}.md5`), 'utf8').trim()),
          Size: statSync(join(dir, String(n))).size,
        })),
      },
    };
  };
}

/**
 * Starts the stand-in and answers the environment that points STORAGE=s3 at it.
 * @param {{ directory: string; bucket: string; port?: number }} o
 */
export async function startS3StandIn({ directory, bucket, port = 0 }) {
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  // Before the router (Koa's last middleware), after s3rver's XML encoder.
  server.middleware.splice(server.middleware.length - 1, 0, multipartExtras(server));
  const started = await server.run();
  const endpoint = `http://127.0.0.1:${started.port}`;
  return {
    endpoint,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_STAND_IN_KEY,
      S3_SECRET_ACCESS_KEY: S3_STAND_IN_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => server.close(),
  };
}
