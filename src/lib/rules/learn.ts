/*
 * Rules of the learning tools both sides use (zod-free): 招式 chapters on a lesson's timeline, the
 * played ranges that make a learner's progress trustworthy, 学习时长 and timestamped notes.
 */

/** A played span of a lesson, [start, end) in seconds. */
export type Range = [number, number];

export const CHAPTER_LIMITS = { name: 32, note: 200, perLesson: 60 } as const;
export const NOTE_LIMITS = { body: 500, perLesson: 200 } as const;

export const PROGRESS_LIMITS = {
  /** Ranges one report may carry (the player sends far fewer: one per continuous stretch). */
  perReport: 20,
  /** Ranges kept per lesson; beyond it the two closest are joined. */
  kept: 120,
  /** The longest lesson a position or range may point into (a day). */
  maxSeconds: 86_400,
  /** What one report may claim of study time (the player reports every ~10 s). */
  studyClaimMax: 3_600,
} as const;

/** A lesson counts as finished once this share of it was actually played (SPEC §5 progress). */
export const FINISHED_SHARE = 0.9;
/** At most this much wall time counts per beat, however long since the last one (a tab left open). */
export const BEAT_CAP_S = 60;
/** The fastest speed the player offers: a beat's new ranges cover at most this × its wall time. */
export const MAX_SPEED = 2;

export const LEARN_TEXTS = {
  chapterSpan: '结束时间必须晚于开始时间',
  chapterBeyond: '招式时间不能超过视频时长',
  chapterName: '请填写招式名称',
  chapterMany: `每个课时最多标记 ${CHAPTER_LIMITS.perLesson} 个招式`,
  chapterGone: '招式不存在或已删除',
  lessonGone: '课时不存在或无权管理',
  courseGone: '课程不存在或无权查看',
  noteBody: '请填写笔记内容',
  noteMany: `每个课时最多 ${NOTE_LIMITS.perLesson} 条笔记`,
  noteGone: '笔记不存在或已删除',
  mustOwn: '购买课程后才能学习该课时',
} as const;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Sorted, non-overlapping ranges: each kept inside [0, duration] (when known), empty ones dropped,
 * touching or overlapping ones joined. Pure: the player shows the same figure the server stores.
 */
export function mergeRanges(ranges: readonly Range[], duration = 0): Range[] {
  const max = duration > 0 ? duration : Infinity;
  const clean = ranges
    .map(([a, b]): Range => [round1(Math.max(0, Math.min(a, max))), round1(Math.max(0, Math.min(b, max)))])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const r of clean) {
    const last = out.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** The seconds covered by merged ranges. */
export const rangesLength = (ranges: readonly Range[]): number => round1(ranges.reduce((s, [a, b]) => s + (b - a), 0));

/** Keeps at most `max` ranges by joining the two with the smallest gap between them. */
export function boundRanges(merged: readonly Range[], max: number): Range[] {
  const out = merged.map(([a, b]): Range => [a, b]);
  const gap = (i: number) => (out[i + 1]?.[0] ?? Infinity) - (out[i]?.[1] ?? 0);
  while (out.length > Math.max(max, 1)) {
    let best = 0;
    for (let i = 1; i < out.length - 1; i++) if (gap(i) < gap(best)) best = i;
    const [first, second] = [out[best], out[best + 1]];
    if (!first || !second) break;
    out.splice(best, 2, [first[0], second[1]]);
  }
  return out;
}

/** Cuts a report's ranges (in order) to `budget` seconds in all: what the elapsed wall time allows. */
export function trimToBudget(ranges: readonly Range[], budget: number): Range[] {
  const out: Range[] = [];
  let left = Math.max(0, budget);
  for (const [a, b] of ranges) {
    if (left <= 0) break;
    const len = Math.min(b - a, left);
    if (len <= 0) continue;
    out.push([a, a + len]);
    left -= len;
  }
  return out;
}

/** Watched share in whole percent. */
export const watchedPercent = (watched: number, duration: number): number =>
  duration > 0 ? Math.min(100, Math.floor((watched / duration) * 100)) : 0;

/** A 招式 as the player uses it. */
export interface ChapterMark {
  id: number;
  name: string;
  start_s: number;
  end_s: number | null;
  note: string;
}

/**
 * The span a chapter loops: its own end, else the next chapter's start, else the lesson's end.
 * `chapters` sorted by start.
 */
export function chapterSpan(chapters: readonly ChapterMark[], id: number, duration: number): { a: number; b: number } | null {
  const i = chapters.findIndex((c) => c.id === id);
  const c = chapters[i];
  if (!c) return null;
  const next = chapters.slice(i + 1).find((x) => x.start_s > c.start_s);
  const b = c.end_s ?? next?.start_s ?? (Number.isFinite(duration) && duration > 0 ? duration : null);
  return b !== null && b > c.start_s ? { a: c.start_s, b } : null;
}

/** Where each chapter's tick sits on the progress bar, in percent (chapters beyond a known duration left out). */
export function chapterTicks(chapters: readonly ChapterMark[], duration: number): { id: number; name: string; at: number }[] {
  if (!Number.isFinite(duration) || duration <= 0) return [];
  return chapters.filter((c) => c.start_s <= duration).map((c) => ({ id: c.id, name: c.name, at: (c.start_s / duration) * 100 }));
}

/** The chapter playing at `t` (the last one started), or null. */
export function chapterAt(chapters: readonly ChapterMark[], t: number): ChapterMark | null {
  let found: ChapterMark | null = null;
  for (const c of chapters) if (c.start_s <= t) found = c;
  return found;
}

/** mm:ss (h:mm:ss past an hour) for timestamps shown to people. */
export function clock(s: number): string {
  const t = Math.max(0, Math.floor(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${String(m).padStart(2, '0')}:${sec}`;
}

/** 学习时长 as people read it: 12 分钟, 1 小时 5 分钟, 不足 1 分钟. */
export function studyText(s: number): string {
  if (s < 60) return s > 0 ? '不足 1 分钟' : '0 分钟';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} 小时${m > 0 ? ` ${m} 分钟` : ''}` : `${m} 分钟`;
}

/** The course page link that opens `lesson` at `t` seconds (the players honour `lesson` and `t`). */
export const lessonAtHref = (courseId: number, lessonId: number, t: number, phone = false): string =>
  `${phone ? '/m/course/detail' : '/train/courseDetail'}?id=${courseId}&lesson=${lessonId}&t=${Math.max(0, Math.floor(t))}`;

/** Reads `t=` from a URL: whole seconds ≥ 0, or null. */
export function timeParam(v: string | null): number | null {
  if (v === null || !/^\d{1,6}$/.test(v)) return null;
  return Number(v);
}
