/**
 * Coach content authoring: limits and Chinese texts shared by the contracts, the
 * server and the islands. zod-free, so islands can import it.
 */

/** Course levels a coach picks from (the seed uses the same three). */
export const COURSE_LEVELS = ['入门', '进阶', '提高'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const COURSE_LIMITS = {
  title: 64,
  summary: 200,
  /** Rich intro, as typed (before sanitising). */
  intro: 20_000,
  labels: 5,
  /** ¥100,000 in fen. */
  priceMax: 10_000_000,
} as const;

export const LESSON_LIMITS = { title: 64, sortMax: 9999, perCourse: 200 } as const;

export const CLASS_LIMITS = {
  title: 64,
  city: 16,
  venue: 64,
  address: 120,
  schedule: 64,
  style: 16,
  intro: 20_000,
  seatsMax: 10_000,
  priceMax: 10_000_000,
} as const;

/** 1 on sale, 0 off sale (a new course or class starts off sale). */
export const ON_SALE = 1;
export const OFF_SALE = 0;
export const saleText = (status: number): string => (status === ON_SALE ? '已上架' : '未上架');

/** Video kinds kept as uploaded (they play in every browser). */
export const PLAYABLE_VIDEO_TYPES: readonly string[] = ['video/mp4', 'video/webm'];
/** Further kinds accepted only when the server can transcode them (ffmpeg installed). */
export const TRANSCODABLE_VIDEO_TYPES: readonly string[] = ['video/quicktime', 'video/x-matroska', 'video/x-msvideo'];
/** What the file picker offers. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime,video/x-matroska,.mp4,.webm,.mov,.mkv';

/** Processing states of an uploaded video. */
export type VideoStatus = 'processing' | 'ready' | 'raw' | 'failed';
export const VIDEO_STATUS_TEXT: Record<VideoStatus, string> = {
  processing: '转码中',
  ready: '已转码',
  raw: '未转码（按原文件播放）',
  failed: '转码失败',
};

export const SC_TEXTS = {
  title: '请输入标题',
  titleLong: (n: number) => `标题最多 ${n} 个字`,
  summaryLong: `简介最多 ${COURSE_LIMITS.summary} 个字`,
  introLong: '详情内容太长',
  cover: '请上传封面图片',
  coverBad: '封面图片不正确，请重新上传',
  level: '请选择难度',
  labels: `标签最多选择 ${COURSE_LIMITS.labels} 个`,
  labelBad: '标签不存在',
  price: '请输入正确的价格（最多两位小数）',
  priceZero: '收费课程的价格须大于 0',
  priceMax: '价格不能超过 100000 元',
  courseGone: '课程不存在',
  lessonGone: '课时不存在',
  classGone: '班级不存在',
  videoGone: '视频不存在',
  hasBuyers: '该课程已有学员购买，不能删除，只能下架；已购学员仍可继续观看',
  hasPending: '该课程有待支付或退款中的订单，暂时不能删除',
  offSaleFirst: '请先下架课程再删除',
  noLessonsToSell: '请先添加至少一个课时再上架',
  lessonOrder: '课时顺序不正确',
  lessonsFull: `每门课程最多 ${LESSON_LIMITS.perCourse} 个课时`,
  sortList: '请提交该课程的全部课时',
  videoNotReady: '视频还在转码，完成后即可保存',
  videoFailed: '视频转码失败，请重新上传',
  city: '请输入城市',
  venue: '请输入上课场馆',
  schedule: '请输入上课时间安排',
  startsAt: '请选择开班日期',
  endsAt: '结束日期不能早于开班日期',
  deadline: '报名截止时间不能晚于结课时间',
  seats: '请输入招生名额（1–10000）',
  seatsBelow: (n: number) => `已有 ${n} 人报名，名额不能少于 ${n}`,
  enrolClosed: '该班级已截止报名',
  voucherExpired: '上传凭证已过期，请重新选择视频',
  voucherBad: '上传凭证无效',
  videoType: '仅支持 MP4、WebM 视频（服务器可转码时也支持 MOV、MKV）',
  videoTooBig: (mb: number) => `视频不能超过 ${mb}MB`,
  videoEmpty: '请选择视频文件',
} as const;

/** The browser-side check of a picked video (the server checks the bytes again). */
export function videoFileError(file: { type: string; size: number; name: string }, maxMb: number): string | null {
  if (file.size <= 0) return SC_TEXTS.videoEmpty;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const known = [...PLAYABLE_VIDEO_TYPES, ...TRANSCODABLE_VIDEO_TYPES].includes(file.type) || ['mp4', 'webm', 'mov', 'mkv'].includes(ext);
  if (!known) return SC_TEXTS.videoType;
  if (file.size > maxMb * 1024 * 1024) return SC_TEXTS.videoTooBig(maxMb);
  return null;
}

/** Yuan as typed ("99", "99.5", "99.50") → fen; null when it is not a money amount. */
export function yuanToFen(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(t)) return null;
  const [whole = '0', frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Fen → yuan text for an input ("99.5" → "99.50", 0 → "0"). */
export function fenToYuan(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2);
}

/** Bytes as MB/KB for the video page. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
