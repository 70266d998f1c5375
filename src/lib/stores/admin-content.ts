import { adminApi } from '../api/admin-client';
import { imageError } from '../rules/upload';
import { InputError } from './action';

/** The console's image upload: checked in the browser like the member one, stored by /admin/upload. */
export async function adminUpload(file: File): Promise<{ path: string; url: string }> {
  const bad = imageError(file);
  if (bad) throw new InputError(bad);
  const image = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('读取图片失败'));
    reader.readAsDataURL(file);
  });
  return adminApi('/admin/upload', { image, type: 'common' });
}

/** A datetime-local input's value ('YYYY-MM-DDTHH:mm', local time) for an ISO time, and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
export function fromLocalInput(v: string): string {
  return v ? new Date(v).toISOString() : '';
}

/** Moves one id up (-1) or down (+1) in an order list. */
export function moveId(ids: number[], id: number, by: -1 | 1): number[] {
  const i = ids.indexOf(id);
  const other = ids[i + by];
  if (i < 0 || other === undefined) return ids;
  const out = [...ids];
  out[i] = other;
  out[i + by] = id;
  return out;
}
