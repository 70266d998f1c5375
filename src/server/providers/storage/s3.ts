import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { env } from '../../env';
import { cacheControlOf, canonicalKey, signingWindow } from './paths';
import type { Storage } from './types';

/**
 * Keys in the bucket mirror the stored paths: '/uploads/a.png' lives at 'uploads/a.png'. Only a
 * canonical key names an object (paths.ts): '/videos/x' or 'seed/../videos/x' would otherwise be
 * presigned as the private 'uploads/videos/x' by one decision and judged public by another.
 */
function objectKey(key: string): string {
  if (!canonicalKey(key)) throw new Error(`bad storage key ${key}`);
  return `uploads/${key}`;
}
const stored = (key: string) => `/uploads/${key}`;
// Private objects must not sit in shared caches (documents in none); public ones may (their names never change).
const cacheControl = cacheControlOf;

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** The bucket's client settings from the environment (also used by the tus upload store). */
export function s3ClientConfig(): S3ClientConfig & { bucket: string } {
  const e = env();
  return {
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    // Checksums only where S3 requires them: the SDK's default streams bodies as aws-chunked with
    // a trailing checksum, which S3-compatible stores (COS, OSS, older MinIO, stand-ins) reject or
    // store with the chunk framing inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
}

let client: { bucket: string; ready: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> } | null = null;

/** The SDK and one client for the configured bucket, loaded on first use. */
function connect() {
  const { bucket, ...config } = s3ClientConfig();
  if (client?.bucket !== bucket)
    client = { bucket, ready: import('@aws-sdk/client-s3').then((sdk) => ({ sdk, s3: new sdk.S3Client(config) })) };
  return client.ready;
}

/** Deletes objects by their full bucket keys (what other tools left there, e.g. a finished tus upload). */
export async function deleteBucketObjects(keys: string[]): Promise<void> {
  const { s3, sdk } = await connect();
  await s3.send(
    new sdk.DeleteObjectsCommand({ Bucket: s3ClientConfig().bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
  );
}

/**
 * An S3-compatible bucket through the AWS SDK v3 (STORAGE=s3). The SDK is loaded on first use, so
 * the embedded default never pays for it. Large files go up as multipart uploads.
 */
export function s3Storage(): Storage {
  const { bucket } = s3ClientConfig();

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: cacheControl(key),
        }),
      );
      return stored(key);
    },
    async putFile(key, file, contentType, opts) {
      const { s3 } = await connect();
      const { Upload } = await import('@aws-sdk/lib-storage');
      await new Upload({
        client: s3,
        params: {
          Bucket: bucket,
          Key: objectKey(key),
          Body: createReadStream(file),
          ContentType: contentType,
          CacheControl: cacheControl(key),
        },
        partSize: 16 * 1024 * 1024,
        queueSize: 2,
      }).done();
      if (opts?.move) await rm(file, { force: true });
      return stored(key);
    },
    async stat(key) {
      const { s3, sdk } = await connect();
      try {
        const head = await s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async localCopy(key) {
      const { s3, sdk } = await connect();
      const dir = resolve(env().DATA_DIR, 'tmp');
      await mkdir(dir, { recursive: true });
      const path = resolve(dir, `${randomBytes(6).toString('hex')}-${basename(key)}`);
      try {
        const got = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!got.Body) return null;
        await pipeline(got.Body as Readable, createWriteStream(path));
      } catch (err) {
        await rm(path, { force: true });
        if (notFound(err)) return null;
        throw err;
      }
      return { path, release: () => rm(path, { force: true }) };
    },
    async remove(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list(prefix) {
      const { s3, sdk } = await connect();
      let token: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: `uploads/${prefix}`, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key.slice('uploads/'.length), size: o.Size ?? 0 };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async signedUrl(key, ttlS, now = Date.now()) {
      const { s3, sdk } = await connect();
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const { start } = signingWindow(ttlS, now);
      return getSignedUrl(s3, new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), {
        expiresIn: 2 * ttlS,
        signingDate: new Date(start * 1000),
      });
    },
  };
}
