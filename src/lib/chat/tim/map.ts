import { timErrorText } from '../../rules/chat-tim';
import { CHAT_CODE, ChatError } from '../client';
import type {
  Conversation,
  Friend,
  FriendApplication,
  FriendGroup,
  GroupMember,
  GroupProfile,
  GroupRole,
  GroupType,
  JoinOption,
  Message,
  MessageRemindType,
  UserProfile,
} from '../types';
import { arr, num, obj, str } from './sdk';

/* ---------- normalisation: SDK objects → our chat model (messages: ./message.ts) ---------- */

export function groupType(t: unknown): GroupType {
  if (t === 'Private' || t === 'Work') return 'Work';
  if (t === 'AVChatRoom') return 'AVChatRoom';
  return 'Public';
}
export const sdkGroupType = (t: GroupType): string => (t === 'Work' ? 'Private' : t);

export function role(r: unknown): GroupRole {
  return r === 'Owner' || r === 'Admin' ? r : 'Member';
}
export function joinOption(j: unknown): JoinOption {
  return j === 'FreeAccess' || j === 'DisableApply' ? j : 'NeedPermission';
}
export function remind(t: unknown): MessageRemindType {
  // 'Discard' does not exist in our model; muted is the nearest.
  return t === 'AcceptNotNotify' || t === 'Discard' ? 'AcceptNotNotify' : 'AcceptAndNotify';
}
function gender(g: unknown): 0 | 1 | 2 {
  // The SDK's strings; our own HTTP answers (searchUser) already use 1/2.
  return g === 'Gender_Type_Male' || g === 1 ? 1 : g === 'Gender_Type_Female' || g === 2 ? 2 : 0;
}

export function toProfile(p: unknown): UserProfile {
  const o = obj(p);
  return {
    userID: str(o['userID']),
    nick: str(o['nick']),
    avatar: str(o['avatar']),
    gender: gender(o['gender']),
    selfSignature: str(o['selfSignature']),
  };
}

export function toGroup(g: unknown): GroupProfile {
  const o = obj(g);
  const self = obj(o['selfInfo']);
  const profile: GroupProfile = {
    groupID: str(o['groupID']),
    type: groupType(o['type']),
    name: str(o['name']),
    avatar: str(o['avatar']),
    introduction: str(o['introduction']),
    notification: str(o['notification']),
    ownerID: str(o['ownerID']),
    memberCount: num(o['memberCount'] ?? o['memberNum']),
    maxMemberCount: num(o['maxMemberCount'] ?? o['maxMemberNum']),
    joinOption: joinOption(o['joinOption']),
    muteAllMembers: o['muteAllMembers'] === true || o['muteAllMembers'] === 'On',
    createTime: num(o['createTime']),
  };
  if (self['role']) {
    profile.selfInfo = {
      role: role(self['role']),
      muteUntil: num(self['muteUntil'] ?? self['muteTime']),
      messageRemindType: remind(self['messageRemindType']),
      joinTime: num(self['joinTime']),
    };
  }
  return profile;
}

export function toMember(m: unknown): GroupMember {
  const o = obj(m);
  return {
    userID: str(o['userID']),
    nick: str(o['nick']),
    avatar: str(o['avatar']),
    role: role(o['role']),
    nameCard: str(o['nameCard']),
    joinTime: num(o['joinTime']),
    muteUntil: num(o['muteUntil']),
  };
}

export function toConversation(c: unknown): Conversation {
  const o = obj(c);
  const last = o['lastMessage'] ? obj(o['lastMessage']) : null;
  const type = str(o['type']);
  const conv: Conversation = {
    conversationID: str(o['conversationID']),
    type: type === 'GROUP' || type === '@TIM#SYSTEM' ? type : 'C2C',
    unreadCount: num(o['unreadCount']),
    lastMessage:
      last && last['lastTime']
        ? {
            fromAccount: str(last['fromAccount']),
            messageForShow: str(last['messageForShow']),
            lastTime: num(last['lastTime']),
            lastSequence: num(last['lastSequence']),
            type: (str(last['type']) || 'TIMTextElem') as Message['type'],
            isRevoked: last['isRevoked'] === true,
          }
        : null,
    isPinned: o['isPinned'] === true,
    messageRemindType: remind(o['messageRemindType']),
    peerReadTime: num(o['peerReadTime']),
  };
  if (conv.type === 'C2C' && o['userProfile']) conv.userProfile = { ...toProfile(o['userProfile']), remark: str(o['remark']) };
  if (conv.type === 'GROUP' && o['groupProfile']) {
    const g = toGroup(o['groupProfile']);
    conv.groupProfile = { groupID: g.groupID, name: g.name, avatar: g.avatar, type: g.type, memberCount: g.memberCount };
  }
  return conv;
}

/** Live rooms (AVChatRoom) never show in the conversation or group lists. */
export const notRoom = (c: Conversation) => c.groupProfile?.type !== 'AVChatRoom';

export function toFriend(f: unknown): Friend {
  const o = obj(f);
  return { userID: str(o['userID']), remark: str(o['remark']), groupList: arr(o['groupList']).map(str), profile: toProfile(o['profile']) };
}
export function toFriendApplication(a: unknown): FriendApplication {
  const o = obj(a);
  return {
    userID: str(o['userID']),
    nick: str(o['nick']),
    avatar: str(o['avatar']),
    wording: str(o['wording']),
    time: num(o['time']),
    type: o['type'] === 'Pendency_Type_SendOut' ? 'Pendency_Type_SendOut' : 'Pendency_Type_ComeIn',
  };
}
export function toFriendGroup(g: unknown): FriendGroup {
  const o = obj(g);
  const ids = arr(o['userIDList']).map(str);
  return { name: str(o['name']), count: num(o['count'] ?? ids.length), userIDList: ids };
}

/** Turns any SDK rejection ({code, message}) into a ChatError with a Chinese message. */
export function toChatError(e: unknown): ChatError {
  if (e instanceof ChatError) return e;
  const o = obj(e);
  const code = typeof o['code'] === 'number' ? o['code'] : CHAT_CODE.network;
  return new ChatError(code, timErrorText(code, str(o['message'])));
}

/** 'C2C12' → to '12', C2C; 'GROUPg1' → to 'g1', GROUP. */
export function target(conversationID: string): { to: string; conversationType: 'C2C' | 'GROUP' } {
  if (conversationID.startsWith('C2C')) return { to: conversationID.slice(3), conversationType: 'C2C' };
  if (conversationID.startsWith('GROUP')) return { to: conversationID.slice(5), conversationType: 'GROUP' };
  throw new ChatError(CHAT_CODE.badInput, '无法向该会话发送消息');
}
