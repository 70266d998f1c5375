/**
 * 段位: the nine 段 of a style (a course label), in three tiers — 初段位 一至三段, 中段位 四至六段,
 * 高段位 七至九段. A style's 段 each have requirements (courses or lessons to finish, a 套路 to
 * demonstrate as a homework passed 合格); a member holds a 段 by a certificate from a grading (考评).
 */

export const DUAN_MIN = 1;
export const DUAN_MAX = 9;
/** 1…9 */
export const DUANS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;

/** 一段 … 九段 (0 = 未定段). */
export function duanName(duan: number): string {
  if (duan < DUAN_MIN || duan > DUAN_MAX) return '未定段';
  return `${NUMERALS[duan - 1] ?? ''}段`;
}

export const DUAN_TIERS = [
  { name: '初段位', from: 1, to: 3 },
  { name: '中段位', from: 4, to: 6 },
  { name: '高段位', from: 7, to: 9 },
] as const;

/** 初段位 / 中段位 / 高段位 of a 段. */
export function duanTier(duan: number): string {
  return DUAN_TIERS.find((t) => duan >= t.from && duan <= t.to)?.name ?? '';
}

/** What a requirement asks: a course finished (every lesson), one lesson finished, or a homework passed 合格. */
export const DUAN_KINDS = ['course', 'lesson', 'homework'] as const;
export type DuanKind = (typeof DUAN_KINDS)[number];

export const DUAN_KIND_LABEL: Record<DuanKind, string> = {
  course: '学完课程',
  lesson: '学完课时',
  homework: '套路考核（作业合格）',
};

/** A requirement's shown name: at most this many characters (the column). */
export const DUAN_NAME_MAX = 32;
export const EXAMINER_NOTE_MAX = 100;

/** The link that takes a member to do a requirement (the course page for a course or lesson; their homework). */
export function requirementHref(r: { kind: DuanKind; course_id: number | null }, mobile = false): string {
  // The homework pages are the homework part's; a phone asking for the desktop one is sent to its own.
  if (r.kind === 'homework') return '/my/homework';
  if (!r.course_id) return mobile ? '/m/my/learning?kind=course' : '/my/course';
  return mobile ? `/m/course/detail?id=${r.course_id}` : `/train/courseDetail?id=${r.course_id}`;
}

/** The booking page of a grading session (built by the grading part). */
export const gradingHref = (sessionId: number): string => `/duan/grading?id=${sessionId}`;
/** A certificate's public page. */
export const certificateHref = (no: string): string => `/cert/${encodeURIComponent(no)}`;

/** Whole percent of requirements done (0 when none are defined). */
export function duanPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(done, total) * 100) / total);
}

export const DUAN_TEXTS = {
  noRequirements: '该拳种的段位要求尚未公布',
  noGrading: '暂无考评安排',
  loginNeeded: '登录后查看你的段位之路',
  noStyles: '还没有可选的拳种',
  allPassed: '已达最高段位（九段）',
  duplicate: '该段位已有这项要求',
  examinerExists: '该教练已是考评员',
  courseMissing: '课程不存在',
  lessonMissing: '课时不存在',
  homeworkMissing: '作业不存在或已撤回',
  styleMissing: '拳种不存在',
  coachMissing: '教练不存在',
  examinerMissing: '该教练还不是考评员',
  sortStale: '要求已有变动，请刷新后重新排序',
} as const;
