/**
 * Bounded paging of the catalogue lists and searches (docs/PERFORMANCE.md, "Search and lists at
 * scale"): only the first LIST_MAX_ROWS rows of a list can be paged through, and `total` counts
 * at most that many (with `total_capped: 1` when there are more), so no page or count ever costs
 * more than reading LIST_MAX_ROWS index entries, however large the table grows.
 */
export const LIST_MAX_ROWS = 1000;

/** The deepest page a list of `limit` rows per page can show. */
export const maxPage = (limit: number): number => Math.max(1, Math.ceil(LIST_MAX_ROWS / limit));

/** The answer (code 100) to a page that starts beyond the window. */
export const TOO_DEEP_TEXT = `最多只能查看前 ${LIST_MAX_ROWS} 条结果，请缩小筛选范围或换个关键字`;

/**
 * `total` as shown: the count, `1000+` when it stopped at the cap, `约350` when a long search key's
 * count was estimated (`total_capped` below the cap).
 */
export const totalText = (p: { total: number; total_capped?: 1 | undefined }): string =>
  !p.total_capped ? String(p.total) : p.total >= LIST_MAX_ROWS ? `${LIST_MAX_ROWS}+` : `约${p.total}`;

/** The page number of a URL, kept within the pages a list of `limit` rows per page may show. */
export const pageParam = (page: number | null, limit: number): number => Math.min(page ?? 1, maxPage(limit));
