// The parts of untyped npm packages the runtime scripts use (neither ships types; checked by tsconfig.scripts.json).

declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface CompressionOptions {
    threshold?: number;
    brotli?: { params?: Record<number, number> };
  }
  /** Express-style middleware: compresses what `next` writes to `res`. */
  export default function compression(options?: CompressionOptions): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

declare module 's3rver' {
  interface S3rverOptions {
    port: number;
    address: string;
    silent: boolean;
    directory: string;
    configureBuckets: { name: string; configs: unknown[] }[];
  }
  /** A Koa middleware as s3rver runs it. */
  type Middleware = (
    ctx: { method: string; path: string; query: Record<string, unknown>; status: number; body: unknown },
    next: () => Promise<void>,
  ) => Promise<void>;
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: Middleware[];
    /** Where s3rver keeps objects and upload parts on disk. */
    store: { getResourcePath(bucket: string, key: string | undefined, kind: string): string };
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
