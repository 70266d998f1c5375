import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badInput, MAX_DEPTH } from '~/server/http/input-guard';
import { outputDrift } from '~/server/http/output-check';
import { flagField, idField } from '~/lib/api/fields';

describe('input guard', () => {
  it('passes ordinary bodies, Chinese text and emoji', () => {
    expect(badInput({ name: '李小龙', note: '好👍', list: [1, 'a', { b: null }] })).toBeNull();
  });
  it('names the field holding a NUL or an unpaired surrogate', () => {
    expect(badInput({ remark: 'a\u0000b' })).toBe('参数 remark 含有无法识别的字符');
    expect(badInput({ items: [{ note: '\ud800' }] })).toBe('参数 items.0.note 含有无法识别的字符');
    expect(badInput({ x: '\udc00a' })).toMatch(/无法识别/);
    expect(badInput({ ['k\u0000']: 1 })).toBe('参数名含有无法识别的字符');
    expect(badInput('\u0000')).toMatch(/请求体/);
  });
  it('refuses nesting deeper than the limit without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = [deep];
    expect(badInput(deep)).toBe('请求数据层级过深');
    let huge: unknown = [];
    for (let i = 0; i < 100_000; i++) huge = [huge];
    expect(badInput(huge)).toBe('请求数据层级过深');
  });
});

describe('output drift', () => {
  const schema = z.object({ id: z.number(), tags: z.array(z.object({ name: z.string() })) });
  it('is null when the data is exactly the contract', () => {
    expect(outputDrift(schema, { id: 1, tags: [{ name: 'a' }] })).toBeNull();
  });
  it('finds a wrong type and where it is', () => {
    expect(outputDrift(schema, { id: '1', tags: [] })).toMatch(/^id:/);
  });
  it('finds a field the schema does not declare, however deep', () => {
    expect(outputDrift(schema, { id: 1, tags: [{ name: 'a', secret: 1 }] })).toBe('tags[0].secret is not declared in the output schema');
    expect(outputDrift(schema, { id: 1, tags: [], extra: true })).toMatch(/^extra/);
  });
  it('ignores undefined fields', () => {
    expect(outputDrift(schema, { id: 1, tags: [], gone: undefined })).toBeNull();
  });
});

describe('shared fields', () => {
  it('reads flags strictly: "false" is false, anything odd is refused', () => {
    const f = flagField('默认');
    expect(f.parse('false')).toBe(false);
    expect(f.parse(0)).toBe(false);
    expect(f.parse(true)).toBe(true);
    expect(f.parse('1')).toBe(true);
    expect(f.safeParse('yes').success).toBe(false);
    expect(f.safeParse(2).success).toBe(false);
  });
  it('accepts ids as numbers or digit strings only', () => {
    const id = idField('订单 id');
    expect(id.parse('12')).toBe(12);
    expect(id.safeParse('1e3x').success).toBe(false);
    expect(id.safeParse(0).success).toBe(false);
    expect(id.safeParse(2 ** 31).success).toBe(false);
  });
});
