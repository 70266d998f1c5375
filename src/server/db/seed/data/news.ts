// TEMP-STUB: replaced by the real articles.
export const NEWS_CATEGORIES = ['行业资讯', '赛事活动', '武术知识', '平台公告'] as const;
export interface SeedNews { category: (typeof NEWS_CATEGORIES)[number]; title: string; summary: string; author: string; daysAgo: number; content: string }
export const NEWS: SeedNews[] = Array.from({ length: 24 }, (_, i) => ({
  category: NEWS_CATEGORIES[i % 4]!,
  title: `临时资讯标题${i + 1}`,
  summary: `临时摘要${i + 1}`,
  author: '功夫编辑部',
  daysAgo: i * 3,
  content: `<p>临时正文${i + 1}</p>`,
}));
