import { z } from 'zod';
import { LIST_MAX_ROWS } from '../rules/paging';
import { PHONE_RE } from '../rules/phone';
import { T } from '../texts';

/* Reusable zod fields shared by every endpoint contract, with the SPEC's Chinese messages. */

export const phoneField = z.string({ error: T.phoneRequired }).trim().min(1, T.phoneRequired).regex(PHONE_RE, T.phoneInvalid);

export const passwordField = z.string({ error: T.passwordRequired }).min(1, T.passwordRequired).max(64, '密码最长 64 位');

/**
 * The integer column types an input is stored in or compared with, and their ranges (int8 only as
 * far as a JS number is exact). A value outside its column's range fails in PostgreSQL (SQLSTATE
 * 22003), so every numeric input is bounded here, at the edge, by the column it meets.
 */
export const INT_RANGE = {
  smallint: [-32_768, 32_767],
  int4: [-2_147_483_648, 2_147_483_647],
  int8: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;
export type IntColumn = keyof typeof INT_RANGE;
export const INT4_MAX = INT_RANGE.int4[1];

/**
 * Every shared numeric field, with the column type that bounds it. tests/api/contract.test.ts
 * requires each number in a contract's input or a chat op's args to come from here and to stay
 * within its column, so a bare `z.number()` in an input fails the tests.
 */
export const numericFields = z.registry<{ column: IntColumn | 'float8' }>();

export interface IntOptions {
  /** Smallest value (default 0). */
  min?: number;
  /** Largest value (default: the column's largest); never beyond the column. */
  max?: number;
  /** The column the value meets (default int4). */
  column?: IntColumn;
  /** Message for a value that is not a number (default `${label}不正确`); the others default to it. */
  msg?: string;
  notInt?: string;
  tooSmall?: string;
  tooBig?: string;
}

function boundedInt<S extends z.ZodNumber | z.ZodCoercedNumber<number | string>>(base: S, label: string, o: IntOptions): S {
  const column = o.column ?? 'int4';
  const [lo, hi] = INT_RANGE[column];
  const min = o.min ?? 0;
  const max = o.max ?? hi;
  if (min < lo || max > hi || min > max) throw new Error(`${label}: [${min}, ${max}] does not fit a ${column} column`);
  const msg = o.msg ?? `${label}不正确`;
  // Each check returns `this`; TypeScript only loses that across the union of the two bases.
  const field = base
    .int(o.notInt ?? msg)
    .min(min, o.tooSmall ?? msg)
    .max(max, o.tooBig ?? msg) as S;
  numericFields.add(field, { column });
  return field;
}

/**
 * A whole number in a JSON body, bounded by its column (int4 unless said otherwise). Accepts "12"
 * as well as 12: legacy clients send strings.
 */
export const intField = (label: string, o: IntOptions = {}) =>
  boundedInt(z.coerce.number<number | string>({ error: o.msg ?? `${label}不正确` }), label, o);

/** The same bounds for an exact JSON number (chat frames, whose clients are ours). */
export const intValue = (label: string, o: IntOptions = {}) => boundedInt(z.number({ error: o.msg ?? `${label}不正确` }), label, o);

/** A fractional number kept in JSON (a video's seconds, a location): finite and within [min, max]. */
export const decimalValue = (label: string, min: number, max: number) => {
  const msg = `${label}不正确`;
  const field = z.number({ error: msg }).min(min, msg).max(max, msg);
  numericFields.add(field, { column: 'float8' });
  return field;
};

/** A positive integer id (accepts "12" as well as 12: legacy clients send strings). */
export const idField = (label = 'id') => intField(label, { min: 1, msg: `${label} 不正确` });

/** One of a few small integer codes (0/1 switches, 1 agree / 2 refuse), typed as those literals. */
export const intChoice = <const V extends readonly [number, ...number[]]>(values: V, msg: string) =>
  intField(msg, { min: Math.min(...values), max: Math.max(...values), column: 'smallint', msg }).pipe(z.literal(values, { error: msg }));

/** A list of ids (cart lines, selections). */
export const idList = (label: string, max = 100, emptyMsg = '请选择') =>
  z.array(idField(label)).min(1, emptyMsg).max(max, `一次最多 ${max} 项`);

/** A whole number of items bought or added, 1..max. */
export const quantityField = (max: number) =>
  intField('数量', { min: 1, max, notInt: '数量须为整数', tooSmall: '数量至少为 1', tooBig: `单件商品最多购买 ${max} 件` });

/**
 * A yes/no flag. Real booleans, and the 0/1 (or "true"/"false") that older clients send; any other
 * value is refused — unlike z.coerce.boolean(), which reads the string "false" as true.
 */
export const flagField = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])], { error: `${label} 只能是 true 或 false` })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** A 0/1 switch the SPEC sends as a number (follow, favourite). */
export const switchField = (label = 'status') => intChoice([0, 1], `${label} 只能是 0 或 1`);

/** Free text typed by a user: trimmed, at most `max` characters. */
export const textField = (label: string, max: number) =>
  z
    .string({ error: `${label}须为文字` })
    .trim()
    .max(max, `${label}最多 ${max} 个字`);

/** Page parameters shared by every list endpoint. */
export const pageInput = {
  page: intField('页码', { min: 1, max: 10_000, tooSmall: '页码从 1 开始', tooBig: '页码太大' }).default(1),
  limit: intField('每页条数', { min: 1, max: 50, tooSmall: '每页条数至少为 1', tooBig: '每页最多 50 条' }).default(10),
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

/** An amount of money in fen (1 功夫币 = ¥1 = 100 fen), as answered. */
export const fen = () => z.number().int().describe('分');

/** An amount of money in fen as sent: money columns are int4, so at most ¥21,474,836.47. */
export const fenField = (label: string, o: Omit<IntOptions, 'column'> = {}) => intField(label, o).describe('分');

/** A moment as an ISO-8601 string. */
export const isoTime = () => z.string().describe('ISO 8601 时间');

/** A 0/1 flag in an answer (SPEC: is_free, is_follow, is_like, status …). */
export const bit = () => z.union([z.literal(0), z.literal(1)]);
export type Bit = z.output<ReturnType<typeof bit>>;

/** A 0/1 switch sent by the console (`${label}只能是 0 或 1`; switchField is the member-side wording). */
export const bitField = (label: string) => intChoice([0, 1], `${label}只能是 0 或 1`);

/** `{ id }`: the input of an endpoint that acts on one row. */
export const idInput = (label = 'id') => z.object({ id: idField(label) });

/** A required reason or note typed by an operator or a member: trimmed, `min`..`max` characters. */
export const reasonField = (label: string, min = 2, max = 200) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, `${label}至少 ${min} 个字`)
    .max(max, `${label}最多 ${max} 个字`);

/** A stored image path from our uploader (the server re-checks it is ours); empty unless `.min(1)` is added. */
export const imagePath = (label: string, max = 500, tooLong = `${label}地址太长`) =>
  z
    .string({ error: `请上传${label}` })
    .trim()
    .max(max, tooLong);

const validDay = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`));

/**
 * A calendar day YYYY-MM-DD (Beijing time). `msg` for anything wrong, `formatMsg` for the wrong shape
 * (default `msg`); `allowEmpty` lets '' through (an unset filter).
 */
export const dayField = (msg: string, o: { formatMsg?: string; allowEmpty?: boolean } = {}) =>
  z
    .string({ error: msg })
    .trim()
    .regex(o.allowEmpty ? /^(\d{4}-\d{2}-\d{2})?$/ : /^\d{4}-\d{2}-\d{2}$/, o.formatMsg ?? msg)
    .refine((v) => (o.allowEmpty && !v) || validDay(v), msg);
