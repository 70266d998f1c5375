import { z } from 'zod';
import type { Envelope } from '~/lib/api/codes';
import { Code } from '~/lib/api/codes';

/** Every API path starts here (SPEC §7 "the api host" is this site under /api). */
export const API_PREFIX = '/api';

/** The success envelope. */
export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: Code.OK, msg, info: '', data };
}

/** A refusal envelope. */
export function fail(code: number, msg: string, info = '', data: unknown = null): Envelope<unknown> {
  return { code, msg, info, data };
}

/** The documented shape of an envelope around `data` (OpenAPI only; answers are not re-validated). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), info: z.string(), data });
}

export { pageInput, pageSchema } from '~/lib/api/fields';
