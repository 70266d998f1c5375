/** 功夫圈: limits and the Chinese texts both sides show. Zod-free. */

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
  searchMax: 30,
  /** A post's video may run this long (seconds). */
  videoMaxS: 300,
} as const;

/** rec 推荐 (ranked), new 最新, following 关注, city 同城. */
export const CIRCLE_TABS = ['rec', 'new', 'following', 'city'] as const;
export type CircleTab = (typeof CIRCLE_TABS)[number];
export const CIRCLE_TAB_LABELS: Record<CircleTab, string> = { rec: '推荐', new: '最新', following: '关注', city: '同城' };

/**
 * The recommended tab ranks the newest RANK_WINDOW posts (under the first page's newest id, so
 * the set is fixed while the reader scrolls) by
 *   score = (1 + likes + 2 × comments) / (age in hours + 2) ^ 1.5
 * — a comment weighs two likes; a post loses half its weight in its first few hours and keeps
 * falling, so a fresh post with a little engagement passes a day-old one with more.
 */
export const CIRCLE_RANK = { window: 300, commentWeight: 2, gravity: 1.5, offsetHours: 2 } as const;

/** Where a circle author's homepage is: a coach's or shop's profile, or a member's own. */
export type CircleAuthorKind = 'member' | 'coach' | 'shop';
export function circleHome(kind: CircleAuthorKind, id: number): string {
  const type = kind === 'coach' ? 'coach' : kind === 'shop' ? 'mechant' : 'member';
  return `/anchor/friendscircle?type=${type}&id=${id}`;
}

/** Where a post can be read alone (shared links point here). */
export const circlePostHref = (id: number) => `/firendscircle?post=${id}`;

/** The key publish drafts are kept under in local storage (one per member). */
export const circleDraftKey = (userId: number) => `gf:circle-draft:${userId}`;

export const CIRCLE_TEXTS = {
  empty: '请输入内容或上传图片',
  imagesOrVideo: '图片和视频只能选一种',
  videoMissing: '视频不存在，请重新上传',
  videoNotReady: '视频还在处理中，请稍候再发布',
  videoTooLong: (s: number) => `视频不能超过 ${Math.floor(s / 60)} 分钟`,
  vodUnsupported: '平台已改用云点播，功夫圈暂不支持上传视频',
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
  searchEmpty: '没有找到相关动态，换个关键词试试',
  feedEmpty: '还没有动态，来发布第一条吧',
  followingEmpty: '你关注的教练和店铺还没有发布动态',
  followingGuest: '登录后查看关注的人的动态',
  cityEmpty: '同城还没有动态',
  mineEmpty: '还没有发布动态',
  end: '没有更多了',
  draftKept: '草稿已保存，下次打开会自动恢复',
  keyNeeded: '请输入搜索关键字',
  commentNoticeTitle: '收到新的评论',
  replyNoticeTitle: '收到新的回复',
  commentNotice: (nick: string, text: string) => `${nick} 评论了你的动态：${text}`,
  replyNotice: (nick: string, text: string) => `${nick} 回复了你的评论：${text}`,
} as const;
