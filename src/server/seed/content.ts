import { count } from 'drizzle-orm';
import { db } from '../db/index';
import { one } from '../db/rows';
import { articleCategories, helpGroups, pages } from '../db/schema';
import { storage } from '../providers/storage';
import { createArticle, createHelpGroup, savePage } from '../modules/content/content.service';
import { coverSvg, paletteAt } from './art';
import { PAGES } from './data/pages';
import { HELP_GROUPS } from './data/help';
import { NEWS, NEWS_CATEGORIES } from './data/articles';

const isEmpty = async (table: typeof pages | typeof helpGroups | typeof articleCategories) =>
  !(await db().select({ n: count() }).from(table))[0]?.n;

/** Agreements, help centre and news, each when its table is empty. */
export async function seedContent(): Promise<{ pages: number; help: number; news: number }> {
  const out = { pages: 0, help: 0, news: 0 };
  if (await isEmpty(pages)) {
    for (const p of PAGES) await savePage(p.slug, p.title, p.content, p.updated);
    out.pages = PAGES.length;
  }
  if (await isEmpty(helpGroups)) {
    for (const [i, g] of HELP_GROUPS.entries()) await createHelpGroup(g.name, i, g.articles);
    out.help = HELP_GROUPS.reduce((n, g) => n + g.articles.length, 0);
  }
  if (await isEmpty(articleCategories)) {
    const ids = new Map<string, number>();
    for (const [i, name] of NEWS_CATEGORIES.entries()) {
      const rows = await db().insert(articleCategories).values({ name, sort: i }).returning({ id: articleCategories.id });
      ids.set(name, one(rows, 'inserted article category').id);
    }
    const now = Date.now();
    for (const [i, n] of NEWS.entries()) {
      const categoryId = ids.get(n.category);
      if (categoryId === undefined) throw new Error(`seed article "${n.title}" names an unknown category: ${n.category}`);
      const cover = await storage().put(
        `seed/news-${i + 1}.svg`,
        Buffer.from(coverSvg(n.title, n.category, paletteAt(i))),
        'image/svg+xml',
      );
      await createArticle({
        categoryId,
        title: n.title,
        summary: n.summary,
        author: n.author,
        cover,
        content: n.content,
        // Spread within the day too, so the order is stable and realistic.
        publishedAt: new Date(now - n.daysAgo * 86_400_000 - i * 3_600_000),
      });
    }
    out.news = NEWS.length;
  }
  return out;
}
