import { CRITIQUE_LIMITS, PASS_SCORE } from './critique';

/** What the critique pages and the server say (SPEC-free: the learning tools). Zod-free, both sides. */
export const CRITIQUE_TEXTS = {
  notFound: '作业不存在',
  badScore: '评分须为 0–100 的整数',
  badVerdict: '请选择结论：合格或需改进',
  badShape: '图形数据不正确，请重新作图',
  tooManyMarks: `最多钉 ${CRITIQUE_LIMITS.marks} 处点评`,
  tooManyShapes: `每处最多画 ${CRITIQUE_LIMITS.shapesPerMark} 个图形`,
  markBeyondClip: '点评时间超出了作业视频的长度',
  voiceEmpty: '请先录制语音',
  voiceTooLong: `语音最长 ${CRITIQUE_LIMITS.voiceMaxS} 秒`,
  voiceTooBig: '语音文件太大，请缩短后重新录制',
  badVoice: '语音格式不支持，请重新录制',
  voiceNotYours: '语音文件不存在，请重新录制',
  noClip: '作业视频还在处理中，暂时无法点评',
  notReviewed: '教练点评后才能标记优秀作业',
  notExcellent: '这份作业还没有被教练评为优秀作业',
  noticeTitle: '作业点评',
  noticeBody: (title: string, score: number, verdict: string) =>
    `你的作业「${title}」已有教练点评：${score} 分，${verdict}。点击查看画面标注与语音点评。`,
  passHint: `${PASS_SCORE} 分及以上默认合格`,
} as const;

/** Where the critique pages live (the homework part's lists link here with `?id=<submission>`). */
export const CRITIQUE_PATHS = {
  coachReview: '/coach/homework/review',
  learnerView: '/my/homework/view',
} as const;
