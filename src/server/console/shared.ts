import { invalidate } from '../cache';
import { invalidatePages } from '../edge/page-cache';
import type { ApiContext, StaffUser } from '../http/context';
import { refuse } from '../http/errors';
import { normaliseStoredPath } from '../providers/storage';

/** Who is acting, for `audit()`. */
export interface Actor {
  staff: StaffUser;
  c: ApiContext;
}

/** After a console write: the server caches under `prefix` and the kept guest pages, so the site shows it at once. */
export function published(prefix: string): void {
  invalidate(prefix);
  invalidatePages();
}

/** An image the console saves must be one of our stored files ('' = none). */
export function storedImage(value: string, label: string): string {
  const path = normaliseStoredPath(value);
  if (path === null) throw refuse(`${label}地址不正确，请重新上传`);
  return path;
}

/** A time from the console's form ('' or absent = none). */
export function timeOrNull(value: string | undefined): Date | null {
  return value ? new Date(value) : null;
}

/** Sort values for a full id order: 10, 20, 30… (room to insert by hand later). */
export function sortOf(ids: number[]): Map<number, number> {
  return new Map(ids.map((id, i) => [id, (i + 1) * 10]));
}

/** The row a write returned (an INSERT … RETURNING always returns its row; this says so to the types). */
export function written<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('write returned no row');
  return row;
}
