/**
 * Coach and shop identity applications (SPEC §4/§5). Zod-free: the contracts, the
 * server and the browser's form checks share these rules and texts.
 */

import { DOCUMENT_TITLES, documentHref } from './agreements';

export const APPLICATION_KINDS = ['coach', 'shop'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/**
 * A stored application's state: pending (under review) → approved (may settle) → settled (identity
 * granted); pending → refused (the member corrects and submits a new application). `closed`: the
 * identity it granted has ended since (a cancelled shop), so the member may apply again.
 */
export const APPLICATION_STATES = ['pending', 'approved', 'refused', 'settled', 'closed'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const APPLICATION_STATE_TEXT: Record<ApplicationState, string> = {
  pending: '待审核',
  approved: '已通过，待入驻',
  refused: '未通过',
  settled: '已入驻',
  closed: '已关闭',
};

/**
 * The answer of `/api/member/coachExamineStatus` / `shopExamineStatus` (SPEC §4: only 1 and 4 let
 * the member into the form; any other value shows the server's msg and blocks the page).
 */
export const ExamineStatus = {
  /** No application yet (or the identity it granted has ended): may apply. */
  NONE: 1,
  /** Submitted, waiting for the operator. */
  PENDING: 2,
  /** Approved: the member completes the settlement (pays the fee) to become coach / shop owner. */
  APPROVED: 3,
  /** Refused: may correct the answers and submit again. */
  REFUSED: 4,
  /** Settled: already a coach / shop owner. */
  SETTLED: 5,
  /** Holds the other identity (one account is either a coach or a shop owner). */
  OTHER: 6,
  /** Has a pending or approved application for the other identity. */
  OTHER_PENDING: 7,
} as const;
export type ExamineStatusValue = (typeof ExamineStatus)[keyof typeof ExamineStatus];
export const EXAMINE_STATUSES = [1, 2, 3, 4, 5, 6, 7] as const;

/** SPEC §4/§5: the values that open the form. */
export const mayApply = (status: number): boolean => status === ExamineStatus.NONE || status === ExamineStatus.REFUSED;

/** Route words: the SPEC spells the shop side "mechant" in paths. */
export const KIND_INFO: Record<
  ApplicationKind,
  { who: string; title: string; page: string; settlePage: string; manage: string; agreement: [string, string] }
> = {
  coach: {
    who: '教练',
    title: '教练入驻',
    page: '/account/regcoach',
    settlePage: '/account/settle?type=coach',
    manage: '/coach/finance',
    agreement: [DOCUMENT_TITLES.coachagreement, documentHref('coachagreement')],
  },
  shop: {
    who: '店主',
    title: '店主入驻',
    page: '/account/regmechant',
    settlePage: '/account/settle?type=mechant',
    manage: '/mechant/finance',
    agreement: [DOCUMENT_TITLES.mechantagreement, documentHref('mechantagreement')],
  },
};

const other = (kind: ApplicationKind): ApplicationKind => (kind === 'coach' ? 'shop' : 'coach');

/** The msg of each examine status (the refusal reason is appended for 4). */
export function examineMessage(kind: ApplicationKind, status: ExamineStatusValue, detail = ''): string {
  const { who } = KIND_INFO[kind];
  switch (status) {
    case ExamineStatus.NONE:
      return `可以申请${who}入驻`;
    case ExamineStatus.PENDING:
      return `您的${who}入驻申请正在审核中，请耐心等待审核结果`;
    case ExamineStatus.APPROVED:
      return `您的${who}入驻申请已通过审核，请在“完成入驻”页面缴纳入驻费后开通`;
    case ExamineStatus.REFUSED:
      return `您的${who}入驻申请未通过${detail ? `：${detail}` : ''}，请修改后重新提交`;
    case ExamineStatus.SETTLED:
      return `您已经是${who}，无需重复申请`;
    case ExamineStatus.OTHER:
      return `您已经是${KIND_INFO[other(kind)].who}，一个账号只能开通教练或店主其中一种身份`;
    case ExamineStatus.OTHER_PENDING:
      return `您已提交${KIND_INFO[other(kind)].who}入驻申请，一个账号只能开通一种身份，请等待该申请处理完毕`;
  }
}

/* ---------- field rules ---------- */

export const APPLY_LIMITS = {
  realName: 20,
  intro: 500,
  introMin: 10,
  labelsMax: 6,
  certificatesMax: 9,
  shopName: 32,
  address: 100,
  contactName: 20,
  reason: 200,
  note: 200,
} as const;

export const APPLY_TEXTS = {
  realName: '请填写真实姓名',
  realNameBad: '真实姓名只能是 2–20 个汉字或字母（可含间隔号“·”）',
  idNumber: '请填写身份证号',
  idNumberBad: '身份证号不正确，请核对 18 位号码（最后一位可能是 X）',
  idFront: '请上传身份证人像面照片',
  idBack: '请上传身份证国徽面照片',
  badImage: '图片地址不正确，请重新上传',
  province: '请选择所在省份',
  city: '请选择所在城市',
  cityBad: '所在地区不正确，请重新选择',
  district: '请选择所在区县',
  labels: '请选择至少一个擅长拳种',
  labelsMax: `擅长拳种最多选择 ${APPLY_LIMITS.labelsMax} 个`,
  labelBad: '擅长拳种不存在，请重新选择',
  intro: `请填写个人简介（至少 ${APPLY_LIMITS.introMin} 个字）`,
  introMax: `个人简介最多 ${APPLY_LIMITS.intro} 个字`,
  certificatesMax: `资质证书最多上传 ${APPLY_LIMITS.certificatesMax} 张`,
  shopName: '请填写店铺名称',
  shopNameMax: `店铺名称最多 ${APPLY_LIMITS.shopName} 个字`,
  logo: '请上传店铺 Logo',
  licenceNo: '请填写营业执照统一社会信用代码',
  licenceNoBad: '统一社会信用代码不正确，请核对营业执照上的 18 位代码',
  licenceImage: '请上传营业执照照片',
  address: '请填写详细地址',
  addressMax: `详细地址最多 ${APPLY_LIMITS.address} 个字`,
  contactName: '请填写联系人姓名',
  contactNameMax: `联系人姓名最多 ${APPLY_LIMITS.contactName} 个字`,
  agree: '请阅读并勾选入驻协议',
  submitted: '申请已提交，请等待审核',
  duplicate: '您已提交过申请，请勿重复提交',
  notApproved: '您的申请尚未通过审核，暂不能完成入驻',
  alreadySettled: '您已完成入驻，无需重复操作',
  payPwRequired: '请输入支付密码',
  settled: (who: string) => `入驻成功，您已成为${who}`,
  nothingRefused: '没有未通过的申请',
  reason: '请填写拒绝原因',
  reasonMax: `拒绝原因最多 ${APPLY_LIMITS.reason} 个字`,
  noteMax: `审核备注最多 ${APPLY_LIMITS.note} 个字`,
  notPending: '该申请已处理，请刷新后查看',
} as const;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK = '10X98765432';

/**
 * GB 11643-1999 citizen ID number: 6-digit area, a real birth date (not in the future, from 1900),
 * 3-digit sequence, and the ISO 7064 MOD 11-2 check character.
 */
export function isIdNumber(raw: string, today = new Date()): boolean {
  const id = raw.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > today.getTime()) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] === id[17];
}

/** 110101199003074518 → 1101**********4518: enough to recognise, not enough to use. */
export function maskIdNumber(id: string): string {
  return id.length === 18 ? `${id.slice(0, 4)}${'*'.repeat(10)}${id.slice(14)}` : '';
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** GB 32100-2015 unified social credit code (the number on every business licence since 2015), with its check character. */
export function isCreditCode(raw: string): boolean {
  const code = raw.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(code[i] ?? '') * (USCC_WEIGHTS[i] ?? 0);
  const check = (31 - (sum % 31)) % 31;
  return USCC_CHARS[check] === code[17];
}

export const REAL_NAME_RE = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·• ]{0,18}[\u4e00-\u9fa5A-Za-z]$/;

/** The settlement fee as the member reads it: 免费 or ¥99.00 (99 功夫币). */
export function feeText(fen: number): string {
  if (fen <= 0) return '免费';
  return `¥${(fen / 100).toFixed(2)}（${Math.ceil(fen / 100)} 功夫币）`;
}
