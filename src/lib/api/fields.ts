import { z } from 'zod';
import { LIST_MAX_ROWS } from '../rules/paging';
import { PHONE_RE } from '../rules/phone';
import { T } from '../texts';

/* Reusable zod fields shared by every endpoint contract, with the SPEC's Chinese messages. */

export const phoneField = z.string({ error: T.phoneRequired }).trim().min(1, T.phoneRequired).regex(PHONE_RE, T.phoneInvalid);

export const passwordField = z.string({ error: T.passwordRequired }).min(1, T.passwordRequired).max(64, '密码最长 64 位');

/** A positive integer id (accepts "12" as well as 12: legacy clients send strings). */
export const idField = (label = 'id') =>
  z.coerce
    .number<number | string>({ error: `${label} 不正确` })
    .int(`${label} 不正确`)
    .positive(`${label} 不正确`)
    .max(2_147_483_647, `${label} 不正确`);

/** A list of ids (cart lines, selections). */
export const idList = (label: string, max = 100, emptyMsg = '请选择') =>
  z.array(idField(label)).min(1, emptyMsg).max(max, `一次最多 ${max} 项`);

/** A whole number of items bought or added, 1..max. */
export const quantityField = (max: number) =>
  z.coerce
    .number<number | string>({ error: '数量不正确' })
    .int('数量须为整数')
    .min(1, '数量至少为 1')
    .max(max, `单件商品最多购买 ${max} 件`);

/**
 * A yes/no flag. Real booleans, and the 0/1 (or "true"/"false") that older clients send; any other
 * value is refused — unlike z.coerce.boolean(), which reads the string "false" as true.
 */
export const flagField = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])], { error: `${label} 只能是 true 或 false` })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** A 0/1 switch the SPEC sends as a number (follow, favourite). */
export const switchField = (label = 'status') =>
  z.coerce.number<number | string>().pipe(z.union([z.literal(0), z.literal(1)], { error: `${label} 只能是 0 或 1` }));

/** Free text typed by a user: trimmed, at most `max` characters. */
export const textField = (label: string, max: number) =>
  z
    .string({ error: `${label}须为文字` })
    .trim()
    .max(max, `${label}最多 ${max} 个字`);

/** Page parameters shared by every list endpoint. */
export const pageInput = {
  page: z.coerce
    .number<number | string>({ error: '页码不正确' })
    .int('页码不正确')
    .min(1, '页码从 1 开始')
    .max(10_000, '页码太大')
    .default(1),
  limit: z.coerce
    .number<number | string>({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数至少为 1')
    .max(50, '每页最多 50 条')
    .default(10),
};

/**
 * A page of results. Catalogue lists count at most LIST_MAX_ROWS rows and searches with long keys may
 * estimate; either says so with `total_capped: 1`.
 */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    total_capped: z
      .literal(1)
      .optional()
      .describe(`为 1 时 total 不是精确数：数到 ${LIST_MAX_ROWS} 条为止（实际更多），或是长关键字搜索的估计值`),
  });

/** An amount of money in fen (1 功夫币 = ¥1 = 100 fen). */
export const fen = () => z.number().int().describe('分');

/** A moment as an ISO-8601 string. */
export const isoTime = () => z.string().describe('ISO 8601 时间');
