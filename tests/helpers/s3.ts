import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3_STAND_IN_KEY, startS3StandIn } from '../../scripts/s3-stand-in.mjs';

/**
 * The S3 stand-in (scripts/s3-stand-in.mjs) with an empty bucket for one test file, the
 * environment for STORAGE=s3, and a client to look into the bucket.
 */
export async function startS3(bucket = 'gongfu-test') {
  const directory = mkdtempSync(join(tmpdir(), 'gongfu-s3-'));
  const standIn = await startS3StandIn({ directory, bucket });
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: standIn.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_STAND_IN_KEY, secretAccessKey: S3_STAND_IN_KEY },
  });

  /** Every key in the bucket under `prefix`, sorted. */
  async function keys(prefix = ''): Promise<string[]> {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
  }

  /** One object's bytes, type and Cache-Control, or null. */
  async function object(key: string): Promise<{ bytes: Buffer; type: string; cacheControl: string } | null> {
    const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch(() => null);
    if (!got?.Body) return null;
    return { bytes: Buffer.from(await got.Body.transformToByteArray()), type: got.ContentType ?? '', cacheControl: got.CacheControl ?? '' };
  }

  async function stop(): Promise<void> {
    client.destroy();
    await standIn.stop();
    rmSync(directory, { recursive: true, force: true });
  }

  return { env: standIn.env, endpoint: standIn.endpoint, bucket, keys, object, stop };
}
