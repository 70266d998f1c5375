import { readCustom } from './custom';
import { describeNotice, describeTip } from './group-text';
import type { GroupSystemNoticePayload, GroupTipPayload, MessageType } from './types';

/**
 * The short Chinese line a conversation list shows for a message (Tencent IM's messageForShow),
 * used by the server (conversation list, report snapshots) and the browser (its own list updates,
 * previews), so both say the same; tips and notices read as describe.ts words them in the pane.
 * `nameOf` turns a user id into a nick; `viewer` (when known) reads as 你.
 */
export function messageForShow(
  m: { type: MessageType | string; payload: unknown; isRevoked: boolean; flow?: 'in' | 'out'; nick?: string },
  nameOf: (userID: string) => string = (id) => id,
  viewer = '',
): string {
  if (m.isRevoked) return m.flow === 'out' ? '你撤回了一条消息' : `${m.nick || '对方'}撤回了一条消息`;
  const p = m.payload as Record<string, unknown>;
  switch (m.type) {
    case 'TIMTextElem':
      return String(p['text'] ?? '');
    case 'TIMImageElem':
      return '[图片]';
    case 'TIMFileElem':
      return `[文件] ${String(p['fileName'] ?? '')}`.trim();
    case 'TIMVideoFileElem':
      return '[视频]';
    case 'TIMSoundElem':
      return '[语音]';
    case 'TIMLocationElem':
      return `[位置] ${String(p['description'] ?? '')}`.trim();
    case 'TIMCustomElem':
      return customForShow(String(p['data'] ?? ''));
    case 'TIMGroupTipElem':
      return describeTip(m.payload as GroupTipPayload, viewer, nameOf);
    case 'TIMGroupSystemNoticeElem':
      return describeNotice(m.payload as GroupSystemNoticePayload, viewer, nameOf);
    default:
      return '[消息]';
  }
}

function customForShow(data: string): string {
  const c = readCustom(data);
  if (!c) return '[自定义消息]';
  switch (c.businessID) {
    case 'share':
    case 'coach_card':
      return `[分享] ${c.title}`;
    case 'course_card':
      return `[课程] ${c.title}`;
    case 'class_card':
      return `[班级] ${c.title}`;
    case 'goods_card':
      return `[商品] ${c.title}`;
    case 'call': {
      const kind = c.media === 'video' ? '[视频通话]' : '[语音通话]';
      const tail: Partial<Record<typeof c.action, string>> = {
        invite: '发起通话',
        reject: '已拒绝',
        busy: '对方忙线中',
        cancel: '已取消',
        timeout: '无人接听',
        hangup: `通话时长 ${formatDuration(c.duration ?? 0)}`,
      };
      return `${kind} ${tail[c.action] ?? ''}`.trim();
    }
    default:
      return '[自定义消息]';
  }
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  return `${mm}:${String(s % 60).padStart(2, '0')}`;
}
