/** 功夫圈 (issue 16): limits and the Chinese texts both sides show. Zod-free. */

export const CIRCLE_LIMITS = {
  contentMax: 2000,
  imagesMax: 9,
  tagsMax: 5,
  tagMax: 10,
  cityMax: 20,
  commentMax: 500,
  /** Posts one member may publish per 10 minutes. */
  postsPer10Min: 5,
  /** Comments one member may write per minute. */
  commentsPerMin: 10,
  pageMax: 30,
} as const;

export const CIRCLE_TABS = ['new', 'following', 'city'] as const;
export type CircleTab = (typeof CIRCLE_TABS)[number];

export const CIRCLE_TEXTS = {
  empty: '请输入内容或上传图片',
  published: '发布成功',
  tooFast: '发布太频繁，请稍后再试',
  commentTooFast: '评论太频繁，请稍后再试',
  postMissing: '动态不存在或已删除',
  commentMissing: '评论不存在或已删除',
  deleted: '删除成功',
  notYours: '只能删除自己的动态',
  commentNotYours: '只能删除自己的评论或自己动态下的评论',
  commented: '评论成功',
  commentEmpty: '请输入评论内容',
  image: '图片地址不正确，请重新上传',
  cityNeeded: '请选择城市',
  commentNoticeTitle: '收到新的评论',
  replyNoticeTitle: '收到新的回复',
  commentNotice: (nick: string, text: string) => `${nick} 评论了你的动态：${text}`,
  replyNotice: (nick: string, text: string) => `${nick} 回复了你的评论：${text}`,
} as const;
