import type { z } from 'zod';
import { INT_RANGE, numericFields } from '~/lib/api/fields';

/**
 * Walks zod 4 schemas (contract inputs, chat op args) for the tests: where the numbers are, and a
 * plausible value for the rest of a body so a fuzzed field reaches the handler rather than failing
 * beside a missing sibling.
 */

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;
export type Path = (string | number)[];

const defOf = (s: Schema) => s._zod.def as Def;
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Every number schema inside `schema`, with where it sits (array elements as index 0). */
export function numbersIn(schema: Schema): { path: Path; schema: z.ZodNumber }[] {
  const out: { path: Path; schema: z.ZodNumber }[] = [];
  const seen = new Set<Schema>();
  const walk = (s: Schema, path: Path) => {
    if (seen.has(s)) return;
    seen.add(s);
    const d = defOf(s);
    if (d.type === 'number') out.push({ path, schema: s as unknown as z.ZodNumber });
    else if (d.type === 'object') for (const [k, v] of Object.entries(d['shape'] as Record<string, Schema>)) walk(v, [...path, k]);
    else if (d.type === 'array') walk(d['element'] as Schema, [...path, 0]);
    else if (d.type === 'tuple') (d['items'] as Schema[]).forEach((v, i) => walk(v, [...path, i]));
    else if (d.type === 'union') for (const o of d['options'] as Schema[]) walk(o, path);
    else if (d.type === 'intersection') for (const side of [d['left'], d['right']] as Schema[]) walk(side, path);
    else if (d.type === 'record') walk(d['valueType'] as Schema, [...path, 'k']);
    else if (d.type === 'pipe') for (const side of [d['in'], d['out']] as Schema[]) walk(side, path);
    else if (d.type === 'lazy') walk((d['getter'] as () => Schema)(), path);
    else if (wrappers.has(d.type)) walk(d['innerType'] as Schema, path);
  };
  walk(schema, []);
  return out;
}

/** A value of the schema's shape: required fields filled with their smallest plausible value, optional ones left out. */
export function sampleOf(schema: Schema, depth = 0): unknown {
  if (depth > 12) return null;
  const d = defOf(schema);
  switch (d.type) {
    case 'number': {
      const n = schema as unknown as z.ZodNumber;
      const min = Number.isFinite(n.minValue) ? (n.minValue ?? 0) : 0;
      return min <= 1 && (n.maxValue ?? 1) >= 1 ? 1 : Math.ceil(min);
    }
    case 'string':
      return 'a'.repeat(Math.max(1, (schema as unknown as z.ZodString).minLength ?? 1));
    case 'boolean':
      return false;
    case 'literal':
      return (d['values'] as unknown[])[0];
    case 'enum':
      return Object.values(d['entries'] as Record<string, unknown>)[0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d['shape'] as Record<string, Schema>)) {
        const t = defOf(v).type;
        if (t !== 'optional' && t !== 'default' && t !== 'prefault') out[k] = sampleOf(v, depth + 1);
      }
      return out;
    }
    case 'array':
      return [sampleOf(d['element'] as Schema, depth + 1)];
    case 'tuple':
      return (d['items'] as Schema[]).map((v) => sampleOf(v, depth + 1));
    case 'union':
      return sampleOf((d['options'] as Schema[])[0]!, depth + 1);
    case 'intersection':
      return { ...(sampleOf(d['left'] as Schema, depth + 1) as object), ...(sampleOf(d['right'] as Schema, depth + 1) as object) };
    case 'pipe':
      return sampleOf(d['in'] as Schema, depth + 1);
    case 'lazy':
      return sampleOf((d['getter'] as () => Schema)(), depth + 1);
    case 'record':
      return {};
    default:
      return wrappers.has(d.type) ? sampleOf(d['innerType'] as Schema, depth + 1) : null;
  }
}

/** A copy of `value` with `v` at `path` (objects and arrays made on the way). */
export function setAt(value: unknown, path: Path, v: unknown): unknown {
  if (!path.length) return v;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...(value as unknown[])] : [];
    arr[head] = setAt(arr[head], rest, v);
    return arr;
  }
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  obj[head!] = setAt(obj[head!], rest, v);
  return obj;
}

export const showPath = (path: Path) => path.map((p) => (typeof p === 'number' ? '[]' : `.${p}`)).join('') || '(args)';

/** Numbers in `schema` that are not a shared field of src/lib/api/fields.ts or exceed their column's range. */
export function unboundedNumbers(where: string, schema: z.core.$ZodType): string[] {
  const bad: string[] = [];
  for (const { path, schema: n } of numbersIn(schema)) {
    const at = `${where}${showPath(path)}`;
    const column = numericFields.get(n)?.column;
    if (!column) {
      bad.push(`${at}: not a shared field (intField / idField / fenField / decimalValue …)`);
      continue;
    }
    const [lo, hi] = column === 'float8' ? [-Number.MAX_VALUE, Number.MAX_VALUE] : INT_RANGE[column];
    const min = n.minValue ?? -Infinity;
    const max = n.maxValue ?? Infinity;
    if (column !== 'float8' && !/int/.test(n.format ?? '')) bad.push(`${at}: accepts fractions`);
    if (!(min >= lo && max <= hi)) bad.push(`${at}: [${min}, ${max}] exceeds ${column}`);
  }
  return bad;
}

/** The API's {code,msg,info,data} envelope, which every answer must be, whatever the input. */
export function isEnvelope(text: string): boolean {
  try {
    const e = JSON.parse(text) as Record<string, unknown>;
    return typeof e['code'] === 'number' && typeof e['msg'] === 'string' && typeof e['info'] === 'string' && 'data' in e;
  } catch {
    return false;
  }
}
