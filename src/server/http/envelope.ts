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

/** Page parameters shared by every list endpoint. */
export const pageInput = {
  page: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000, '页码太大').default(1),
  limit: z.coerce.number().int().min(1, '每页条数至少为 1').max(50, '每页最多 50 条').default(10),
};

/** A page of results. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
}
