import { configValues } from './site.service';

/** Words from the site config `im_banned_words` (comma list) become asterisks. */
export async function maskBanned(text: string): Promise<string> {
  const { im_banned_words: list = '' } = await configValues(['im_banned_words']);
  const words = list
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const w of words) {
    const re = new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
    out = out.replace(re, (m) => '*'.repeat([...m].length));
  }
  return out;
}
