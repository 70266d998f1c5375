/** Chat texts and limits the browser needs (SPEC §4, §8, §9). Zod-free: islands import it. */
import { IM_LIMITS } from '../chat/protocol';

export const CHAT_T = {
  loginOk: '登录成功',
  loginFailed: (reason: string) => `登录失败：${reason}`,
  /** SPEC §8: code 2000 adds a hint about the application id. */
  badAppIdHint: '请检查 SDKAppID（应用 ID）是否填写正确',
  noMoreHistory: '没有更多历史消息',
  noGroups: '你还没有群聊',
  noConversations: '暂无会话，去好友或群聊里发起聊天吧',
  noFriends: '还没有好友，搜索手机号或用户 ID 添加',
  noApplications: '暂无好友申请',
  noBlacklist: '黑名单为空',
  noGroupApplications: '暂无入群申请',
  pickConversation: '选择一个会话开始聊天',
  searchKeywordRequired: '请输入搜索关键字',
  reconnecting: '网络已断开，正在重新连接…',
  connecting: '正在连接聊天服务…',
  emptyText: '不能发送空白消息',
  textTooLong: `消息不能超过 ${IM_LIMITS.textMax} 字`,
  fileTooLarge: (mb: number) => `文件不能超过 ${mb}MB`,
  youRecalled: '你撤回了一条消息',
  recalled: (nick: string) => `${nick}撤回了一条消息`,
  recallExpired: '消息发送已超过2分钟，无法撤回',
  reportReasonRequired: '请填写举报原因',
  wordingMax: 120,
  groupNameRequired: '请填写群名称',
  groupNameTooLong: `群名称不能超过 ${IM_LIMITS.groupNameMax} 个字`,
  shareOk: '分享成功',
  shareFailed: '分享失败',
  loginToChat: '登录后即可与教练、好友聊天',
  /** The login session behind the chat ended (revoked, password changed, account disabled). */
  sessionEnded: '登录已失效，请重新登录',
  sigExpired: '登录已过期，请重新登录',
  otherLogin: '你的账号已在其他地方登录',
  voiceTooShort: '说话时间太短',
  voiceUnsupported: '当前浏览器不支持录音，请换用系统浏览器',
  voiceDenied: '无法使用麦克风，请在浏览器设置中允许录音',
  voiceHold: '按住 说话',
  voiceRelease: '松开 发送',
  voiceCancel: '松开手指，取消发送',
} as const;

/** Voice messages recorded in the browser: shorter ones are refused, longer ones stop at the limit. */
export const VOICE_MIN_S = 1;
export const VOICE_MAX_S = 60;

/** Upload limits shown beside the composer's buttons (the server enforces its own). */
export const CHAT_UPLOAD_MB = { image: 20, file: 100, video: 100 } as const;

/** Bytes as the file bubble shows them: 512 B, 3.4 KB, 12.0 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  if (bytes < 1024) return `${Math.floor(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The conversation list's time: HH:mm today, 昨天, MM-DD this year, else YYYY-MM-DD. */
export function listTime(sec: number, now: Date = new Date()): string {
  if (!sec) return '';
  const d = new Date(sec * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  if (sameDay(d, now)) return `${p(d.getHours())}:${p(d.getMinutes())}`;
  const y = new Date(now);
  y.setDate(now.getDate() - 1);
  if (sameDay(d, y)) return '昨天';
  if (d.getFullYear() === now.getFullYear()) return `${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The message pane's day separator: 今天 / 昨天 / YYYY年M月D日. */
export function dayLabel(sec: number, now: Date = new Date()): string {
  const d = new Date(sec * 1000);
  const t = listTime(sec, now);
  if (/^\d\d:\d\d$/.test(t)) return '今天';
  if (t === '昨天') return t;
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
}

/** Day key for grouping messages under separators. */
export function dayKey(sec: number): string {
  const d = new Date(sec * 1000);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/** A recall is offered for own messages within the window (the server re-checks). */
export function mayRecall(m: { flow: 'in' | 'out'; time: number; status: string; isRevoked: boolean }, nowSec: number): boolean {
  return m.flow === 'out' && m.status === 'success' && !m.isRevoked && nowSec - m.time < IM_LIMITS.recallWindowS;
}

/** 举报消息's quick reasons (the desktop dialog's chips, the phone's sheet); any text of one's own is a reason too. */
export const CHAT_REPORT_REASONS = ['骚扰谩骂', '色情低俗', '诈骗广告', '违法违规', '其他'] as const;
