/** Facts about a stored file. */
export interface StoredFile {
  size: number;
  modified: Date;
}

/** A stored file as a path on this machine, for tools that need one (ffmpeg, ffprobe). */
export interface LocalCopy {
  path: string;
  /** Removes the copy (a no-op when the file already lives on this disk). */
  release(): Promise<void>;
}

/**
 * Where user files go: the local disk (embedded default) or an S3-compatible bucket (STORAGE=s3).
 * Keys are paths inside uploads ('qr/download.png'); every file is stored and shown as
 * '/uploads/<key>', whichever provider holds it.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key`; returns the stored path, '/uploads/<key>'. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Stores a file of this disk under `key` (streamed); `move` removes the source afterwards. */
  putFile(key: string, file: string, contentType: string, opts?: { move?: boolean }): Promise<string>;
  stat(key: string): Promise<StoredFile | null>;
  /** The file on this disk: itself locally, a temporary download from a bucket. */
  localCopy(key: string): Promise<LocalCopy | null>;
  remove(key: string): Promise<void>;
  /** Every stored key under `prefix` ('' for all). */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /**
   * A URL that reads the file until at least `now + ttl` seconds: '/uploads/<key>?e=…&s=…'
   * (checked by serveUploads) or the bucket's presigned GET. Stable within one window of `ttl`.
   */
  signedUrl(key: string, ttlS: number, now?: number): Promise<string>;
}
