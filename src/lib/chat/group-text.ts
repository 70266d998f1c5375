import { GROUP_NOTICE, GROUP_TIP, type GroupSystemNoticePayload, type GroupTipPayload } from './types';

/**
 * What the chat says for group tips (GROUP_TIP) and group system notices (GROUP_NOTICE), in the pane
 * (describe.ts) and in the conversation list (show.ts). Pure; `nameOf` turns a user id into a
 * display name and the viewer reads as 你.
 */
export type NameOf = (userID: string) => string;

function namer(viewer: string, nameOf: NameOf): NameOf {
  return (id) => (id && id === viewer ? '你' : nameOf(id) || id);
}

export function describeTip(t: GroupTipPayload, viewer: string, nameOf: NameOf): string {
  const n = namer(viewer, nameOf);
  const who = t.userIDList.map(n).join('、') || '成员';
  const op = t.operatorID ? n(t.operatorID) : '';
  switch (t.operationType) {
    case GROUP_TIP.joined:
      return op && !t.userIDList.includes(t.operatorID) ? `${op}邀请${who}加入了群聊` : `${who}加入了群聊`;
    case GROUP_TIP.quit:
      return `${who}退出了群聊`;
    case GROUP_TIP.kicked:
      return op ? `${who}被${op}移出了群聊` : `${who}被移出了群聊`;
    case GROUP_TIP.madeAdmin:
      return `${who}被设为管理员`;
    case GROUP_TIP.adminRevoked:
      return `${who}被取消了管理员`;
    case GROUP_TIP.profileChanged: {
      const g = t.newGroupProfile ?? {};
      const by = op || '管理员';
      if (g.ownerID) return `${n(g.ownerID)}成为新群主`;
      if (g.name !== undefined) return `${by}将群名称修改为“${g.name}”`;
      if (g.muteAllMembers !== undefined) return g.muteAllMembers ? `${by}开启了全员禁言` : `${by}关闭了全员禁言`;
      if (g.notification !== undefined) return `${by}修改了群公告`;
      if (g.introduction !== undefined) return `${by}修改了群简介`;
      if (g.avatar !== undefined) return `${by}修改了群头像`;
      return `${by}修改了群资料`;
    }
    case GROUP_TIP.muteChanged:
      return (t.muteTime ?? 0) > 0 ? `${who}被禁言${muteSpan(t.muteTime ?? 0)}` : `${who}被解除禁言`;
    default:
      return '群消息提示';
  }
}

function muteSpan(s: number): string {
  if (s >= 86_400) return `${Math.round(s / 86_400)}天`;
  if (s >= 3600) return `${Math.round(s / 3600)}小时`;
  if (s >= 60) return `${Math.round(s / 60)}分钟`;
  return `${s}秒`;
}

export function describeNotice(p: GroupSystemNoticePayload, viewer: string, nameOf: NameOf): string {
  const n = namer(viewer, nameOf);
  const g = `“${p.groupProfile.name || p.groupProfile.groupID}”`;
  const op = p.operatorID ? n(p.operatorID) : '管理员';
  const reply = p.handleMessage ? `：${p.handleMessage}` : '';
  switch (p.operationType) {
    case GROUP_NOTICE.applied:
      return `${op}申请加入群聊${g}${reply}`;
    case GROUP_NOTICE.accepted:
      return `${op}同意了你加入群聊${g}的申请${reply}`;
    case GROUP_NOTICE.rejected:
      return `${op}拒绝了你加入群聊${g}的申请${reply}`;
    case GROUP_NOTICE.kicked:
      return `你被${op}移出了群聊${g}`;
    case GROUP_NOTICE.dismissed:
      return `群聊${g}已被${op}解散`;
    case GROUP_NOTICE.created:
      return `你创建了群聊${g}`;
    case GROUP_NOTICE.invited:
      return `${op}邀请你加入了群聊${g}`;
    case GROUP_NOTICE.quit:
      return `你退出了群聊${g}`;
    case GROUP_NOTICE.madeAdmin:
      return `${op}将你设为群聊${g}的管理员`;
    case GROUP_NOTICE.adminRevoked:
      return `${op}取消了你在群聊${g}的管理员身份`;
    case GROUP_NOTICE.custom:
      return p.handleMessage || `群聊${g}的通知`;
    default:
      return `群聊${g}的系统通知`;
  }
}
