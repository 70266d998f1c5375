import { z } from 'zod';
import { idField, intField, textField } from '../fields';

/** Fields and tags the console's content contracts share (admin-content-*.ts). */

export const tags = ['运营后台·内容'];
export const content = ['content'] as const;

export const required = (label: string, max: number) => textField(label, max).min(1, `请填写${label}`);
export const html = (label: string) => z.string({ error: `请填写${label}` }).max(200_000, `${label}太长`);
export const sortField = intField('排序', { max: 99_999, msg: '排序须为整数', tooSmall: '排序不能小于 0', tooBig: '排序最大 99999' });
export const optionalTime = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .max(40)
    .refine((s) => s === '' || !Number.isNaN(Date.parse(s)), `${label}不正确`)
    .optional();
export const idsInput = (label: string) => z.object({ ids: z.array(idField(label)).min(1, '请提供排序').max(500, '一次最多 500 项') });
export const okId = z.object({ id: z.number().int() });
