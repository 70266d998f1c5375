import { adminApi } from '../api/admin-client';
import type { ApiInput } from '../api/types';
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

/* The console's content pages (articles, help, agreements, announcements, adverts): what they load and save. */
export const fetchAdverts = (input: ApiInput<'/admin/adverts'>) => adminApi('/admin/adverts', input);
export const setAdvertStatus = (input: ApiInput<'/admin/advertStatus'>) => adminApi('/admin/advertStatus', input);
export const deleteAdvert = (input: ApiInput<'/admin/advertDelete'>) => adminApi('/admin/advertDelete', input);
export const saveAdvert = (input: ApiInput<'/admin/advertSave'>) => adminApi('/admin/advertSave', input);
export const fetchAgreements = (input: ApiInput<'/admin/pages'>) => adminApi('/admin/pages', input);
export const fetchAgreement = (input: ApiInput<'/admin/pageInfo'>) => adminApi('/admin/pageInfo', input);
export const saveAgreement = (input: ApiInput<'/admin/pageSave'>) => adminApi('/admin/pageSave', input);
export const fetchAnnouncements = (input: ApiInput<'/admin/announcements'>) => adminApi('/admin/announcements', input);
export const saveAnnouncement = (input: ApiInput<'/admin/announcementSave'>) => adminApi('/admin/announcementSave', input);
export const withdrawAnnouncement = (input: ApiInput<'/admin/announcementWithdraw'>) => adminApi('/admin/announcementWithdraw', input);
export const fetchArticleCates = (input: ApiInput<'/admin/articleCates'>) => adminApi('/admin/articleCates', input);
export const fetchArticle = (input: ApiInput<'/admin/articleInfo'>) => adminApi('/admin/articleInfo', input);
export const saveArticle = (input: ApiInput<'/admin/articleSave'>) => adminApi('/admin/articleSave', input);
export const fetchArticles = (input: ApiInput<'/admin/articles'>) => adminApi('/admin/articles', input);
export const setArticleStatus = (input: ApiInput<'/admin/articleStatus'>) => adminApi('/admin/articleStatus', input);
export const deleteArticle = (input: ApiInput<'/admin/articleDelete'>) => adminApi('/admin/articleDelete', input);
export const deleteArticleCate = (input: ApiInput<'/admin/articleCateDelete'>) => adminApi('/admin/articleCateDelete', input);
export const saveArticleCate = (input: ApiInput<'/admin/articleCateSave'>) => adminApi('/admin/articleCateSave', input);
export const fetchHelpGroups = (input: ApiInput<'/admin/helpGroups'>) => adminApi('/admin/helpGroups', input);
export const fetchHelpArticles = (input: ApiInput<'/admin/helpArticles'>) => adminApi('/admin/helpArticles', input);
export const fetchHelpArticle = (input: ApiInput<'/admin/helpArticleInfo'>) => adminApi('/admin/helpArticleInfo', input);
export const sortHelp = (input: ApiInput<'/admin/helpSort'>) => adminApi('/admin/helpSort', input);
export const deleteHelpGroup = (input: ApiInput<'/admin/helpGroupDelete'>) => adminApi('/admin/helpGroupDelete', input);
export const saveHelpGroup = (input: ApiInput<'/admin/helpGroupSave'>) => adminApi('/admin/helpGroupSave', input);
export const deleteHelpArticle = (input: ApiInput<'/admin/helpArticleDelete'>) => adminApi('/admin/helpArticleDelete', input);
export const saveHelpArticle = (input: ApiInput<'/admin/helpArticleSave'>) => adminApi('/admin/helpArticleSave', input);
