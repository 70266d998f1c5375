/**
 * 考评 (grading sessions) and 段位证书: limits and texts the contract, the services and the pages share.
 * The 段 names and bounds are the 段位 path's (rules/duan.ts).
 */
import { duanName } from './duan';

export { DUAN_MAX, DUAN_MIN, duanName } from './duan';

export const GRADING_MODES = ['offline', 'online'] as const;
export type GradingMode = (typeof GRADING_MODES)[number];
export const GRADING_MODE_TEXT: Record<GradingMode, string> = { offline: '线下考评', online: '线上考评（提交作业视频）' };

/** 1 open, 0 cancelled, 2 finished (grading_sessions.status). */
export const GRADING_STATUS = { cancelled: 0, open: 1, finished: 2 } as const;

export const CANDIDATE_STATUSES = ['booked', 'passed', 'failed', 'cancelled'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
export const CANDIDATE_STATUS_TEXT: Record<CandidateStatus, string> = {
  booked: '待考评',
  passed: '通过',
  failed: '未通过',
  cancelled: '已取消',
};

export const GRADING_LIMITS = {
  seatsMin: 1,
  seatsMax: 500,
  /** ¥100,000 in fen: the fee field's ceiling. */
  priceMax: 10_000_000,
  placeMax: 120,
  introMax: 500,
  noteMax: 200,
  holderMax: 32,
  reasonMax: 200,
} as const;

/** A certificate number: 'GF' + 20 characters of crypto-random base32 (100 bits), never guessable. */
export const CERT_NO_RE = /^GF[A-Z2-7]{20}$/;

export const GRADING_TEXTS = {
  notExaminer: '你还不是考评员：考评员由平台运营人员设置，如需申请请联系平台客服',
  duanTooHigh: (max: number) => `你最高只能发布${duanName(max)}的考评`,
  styleUnknown: '请选择有效的拳种（课程标签）',
  placeRequired: '线下考评请填写考评地点',
  future: '考评时间须晚于现在',
  published: '考评已发布',
  saved: '考评已保存',
  booked: '已有人报名，考评不能再修改',
  cancelled: '考评已取消，已付款的考生将原路退款',
  notFound: '考评不存在或已取消',
  notOpen: '该考评已取消或已结束，不能报名',
  started: '考评已开始，不能再报名',
  full: '名额已满',
  own: '不能报名自己发布的考评',
  duplicate: '你已报名该考评',
  unpaidDuplicate: '你有该考评的待付款订单，请先完成支付',
  cancelledPay: '该考评已取消，订单无法支付',
  beforeStart: '考评开始后才能录入结果',
  judged: '该考生的结果已录入',
  resultSaved: '结果已保存',
  certNotFound: '证书不存在',
  certRevoked: '该证书已被撤销，不能下载',
  holderSaved: '证书署名已更新',
  revoked: '证书已撤销',
  noFont: '服务器未安装中文字体（fonts-noto-cjk），无法生成证书图片，请联系平台管理员',
  videoOffline: '线下考评无需提交视频',
  videoNotBooked: '你没有报名该考评，或报名尚未付款',
  videoClosed: '考评已出结果或已取消，不能再提交视频',
  videoPick: '请先上传考评视频',
  videoMissing: '上传的视频不存在，请重新上传',
  videoFailed: '视频处理失败，请重新上传',
  videoSaved: '考评视频已提交，考评员将据此评定',
  videoRequired: '该考生还没有提交考评视频，不能判定通过',
} as const;
