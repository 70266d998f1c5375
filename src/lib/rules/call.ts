/** 1:1 call texts and timings. Zod-free: the call store and islands import it. */
import type { CustomData } from '../chat/custom';

export type CallMedia = 'audio' | 'video';
type CallData = Extract<CustomData, { businessID: 'call' }>;

export const CALL_TIMING = {
  /** Nobody answered: the caller stores a `timeout` record and both sides stop ringing. */
  ringMs: 30_000,
  /** Accepted but media never connected (no route between the peers, TURN missing). */
  connectMs: 30_000,
  /** How long the ended view stays before the layer closes. */
  endedMs: 2_000,
} as const;

export const CALL_T = {
  noDevice: '无法使用麦克风或摄像头，请检查浏览器权限',
  unsupported: '当前浏览器不支持音视频通话',
  inCall: '你正在通话中',
  notFriend: '只能与好友通话',
  connectFailed: '通话连接失败，请检查网络后重试',
  dropped: '通话连接已中断',
  waiting: '正在等待对方接受邀请…',
  inviting: (media: CallMedia) => `邀请你${mediaName(media)}`,
  connecting: '正在连接…',
  accept: '接听',
  reject: '拒绝',
  cancel: '取消',
  hangup: '挂断',
  mute: '静音',
  unmute: '取消静音',
  cameraOff: '关闭摄像头',
  cameraOn: '打开摄像头',
  audioCall: '语音通话',
  videoCall: '视频通话',
} as const;

/** Why a call ended, as the ended view says it. */
export const CALL_END_T = {
  cancelled: '已取消',
  peerCancelled: '对方已取消',
  rejected: '已拒绝',
  peerRejected: '对方已拒绝',
  peerBusy: '对方忙线中',
  noAnswer: '对方无应答',
  missed: '未接听',
  hungUp: '通话结束',
  peerHungUp: '对方已挂断',
  elsewhere: '已在其他页面处理',
} as const;

export function mediaName(media: CallMedia): string {
  return media === 'video' ? CALL_T.videoCall : CALL_T.audioCall;
}

/** 83 → 01:23; an hour or more → 1:02:03. */
export function callDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const p = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const mm = p(Math.floor((s % 3600) / 60));
  return h ? `${h}:${mm}:${p(s % 60)}` : `${mm}:${p(s % 60)}`;
}

/**
 * What a stored call message reads as in the conversation (the call record). `flow` is the
 * message's: 'out' when this user sent that signal. Negotiation signals are never stored: null.
 */
export function callRecordText(c: Pick<CallData, 'action' | 'media' | 'duration'>, flow: 'in' | 'out'): string | null {
  const kind = mediaName(c.media);
  switch (c.action) {
    case 'invite':
      return flow === 'out' ? `发起了${kind}` : `对方发起了${kind}`;
    case 'accept':
      return flow === 'out' ? '已接听' : '对方已接听';
    case 'reject':
      return flow === 'out' ? CALL_END_T.rejected : CALL_END_T.peerRejected;
    case 'busy':
      return flow === 'out' ? '忙线未接听' : CALL_END_T.peerBusy;
    case 'cancel':
      return flow === 'out' ? `${kind} ${CALL_END_T.cancelled}` : CALL_END_T.peerCancelled;
    case 'hangup':
      return `${kind} 通话时长 ${callDuration(c.duration ?? 0)}`;
    case 'timeout':
      return flow === 'out' ? CALL_END_T.noAnswer : CALL_END_T.missed;
    default:
      return null;
  }
}

/** Online-only negotiation signals: the message pane must not show them. */
export function isNegotiation(action: CallData['action']): boolean {
  return action === 'offer' || action === 'answer' || action === 'candidate';
}
