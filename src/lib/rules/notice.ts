/** SPEC §3 unread counts: announce (platform), comment (replies), notice (system). */
export const NOTICE_KINDS = ['announce', 'comment', 'notice'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const FEEDBACK_TYPES = ['功能建议', '问题报告', '投诉举报', '其他'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_MIN = 5;
export const FEEDBACK_TEXTS = {
  typeRequired: '请选择反馈类型',
  contentShort: `反馈内容至少 ${FEEDBACK_MIN} 个字`,
} as const;
