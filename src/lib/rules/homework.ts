/**
 * 作业 (homework): limits and Chinese texts the browser and the server share. A coach or shop
 * attaches an assignment to a lesson or a class; a learner who owns the course or holds a paid seat
 * films practice videos for it (several attempts); the coach's 作业点评 queue reviews them.
 */

export const HOMEWORK_LIMITS = {
  titleMax: 64,
  bodyMax: 500,
  noteMax: 200,
  /** Attempts per learner and assignment. */
  attemptsMax: 5,
} as const;

/** Submission states (homework_submissions.status). */
export const HOMEWORK_STATUSES = ['new', 'reviewed'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];
export const HOMEWORK_STATUS_TEXT: Record<HomeworkStatus, string> = { new: '待点评', reviewed: '已点评' };

/** A learner's state on one assignment (我的作业). */
export type HomeworkState = 'todo' | 'new' | 'reviewed';
export const HOMEWORK_STATE_TEXT: Record<HomeworkState, string> = { todo: '未提交', new: '待点评', reviewed: '已点评' };

export const HOMEWORK_TEXTS = {
  assignmentGone: '作业不存在或已撤回',
  submissionGone: '作业提交不存在',
  targetGone: '课时或班级不存在',
  notYours: '只能给自己的课程或班级布置作业',
  needCourse: '购买本课程后才能提交作业',
  needClass: '报名本班级后才能提交作业',
  pastDue: '已过截止时间，不能再提交作业',
  dueInPast: '截止时间要晚于现在',
  attemptsFull: (n: number) => `每个作业最多提交 ${n} 次`,
  videoMissing: '请先上传练习视频',
  videoNotReady: '视频还在处理中，请稍后再提交',
  videoFailed: '视频处理失败，请重新上传',
  videoUsed: '这段视频已经提交过了，请上传新的练习视频',
  submitTwice: '提交太快了，请刷新后再试',
  titleEmpty: '请填写作业标题',
  assigned: '作业已布置',
  saved: '作业已保存',
  withdrawn: '作业已撤回',
  withdrawnAlready: '作业已经撤回',
  submitted: '作业已提交，等待教练点评',
  selfReport: '不能举报自己的作业',
} as const;

/** The pages other parts link to (the critique helper builds them). */
export const homeworkReviewHref = (id: number) => `/coach/homework/review?id=${id}`;
export const homeworkViewHref = (id: number, phone = false) => `${phone ? '/m' : ''}/my/homework/view?id=${id}`;
