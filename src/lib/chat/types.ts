/**
 * The chat model, shaped after Tencent Cloud IM (tim-js-sdk) so the `tim` adapter passes its objects
 * through nearly unchanged and the `local` adapter (our /im server) speaks the same shapes.
 * Plain types only: the browser imports this, so no zod here (the server validates frames in
 * src/server/modules/im/protocol.ts).
 *
 * Ids are strings as in Tencent IM: a user's chat id is String(users.id) (the login's user_id),
 * conversation ids are `C2C<userID>`, `GROUP<groupID>` and `@TIM#SYSTEM` for group system notices.
 */

export type ConversationType = 'C2C' | 'GROUP' | '@TIM#SYSTEM';

export const SYSTEM_CONVERSATION = '@TIM#SYSTEM';

export type MessageType =
  | 'TIMTextElem'
  | 'TIMImageElem'
  | 'TIMFileElem'
  | 'TIMVideoFileElem'
  | 'TIMSoundElem'
  | 'TIMLocationElem'
  | 'TIMCustomElem'
  | 'TIMGroupTipElem'
  | 'TIMGroupSystemNoticeElem';

/** Text may hold emoji as Unicode or `[微笑]`-style codes (src/lib/chat/emoji.ts renders them). */
export interface TextPayload {
  text: string;
}
/** type 0 original, 1 large (≤ 720 px), 2 thumbnail (≤ 198 px), as in Tencent IM. */
export interface ImageInfo {
  type: 0 | 1 | 2;
  url: string;
  width: number;
  height: number;
  size: number;
}
export interface ImagePayload {
  imageFormat: string;
  imageInfoArray: ImageInfo[];
}
export interface FilePayload {
  fileName: string;
  fileSize: number;
  fileUrl: string;
}
export interface VideoPayload {
  videoUrl: string;
  videoSecond: number;
  videoSize: number;
  videoFormat: string;
  thumbUrl: string;
  thumbWidth: number;
  thumbHeight: number;
}
export interface SoundPayload {
  url: string;
  second: number;
  size: number;
}
export interface LocationPayload {
  description: string;
  longitude: number;
  latitude: number;
}
/**
 * Custom messages carry cards and signalling. `data` is JSON text whose `businessID` says what it is:
 * 'course_card' | 'class_card' | 'goods_card' | 'coach_card' | 'share' | 'call' (see src/lib/chat/custom.ts).
 */
export interface CustomPayload {
  data: string;
  description: string;
  extension: string;
}

/**
 * Group tips (in the group's own conversation), Tencent IM numbering:
 * 1 joined, 2 quit, 3 kicked, 4 made admin, 5 admin revoked, 6 group profile changed, 7 member muted/unmuted.
 */
export type GroupTipType = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** The tip types by name; the numbers travel on the wire (Tencent's), so code reads these instead. */
export const GROUP_TIP = {
  joined: 1,
  quit: 2,
  kicked: 3,
  madeAdmin: 4,
  adminRevoked: 5,
  profileChanged: 6,
  muteChanged: 7,
} as const satisfies Record<string, GroupTipType>;
export interface GroupTipPayload {
  operationType: GroupTipType;
  operatorID: string;
  userIDList: string[];
  /** 6: the fields that changed; 7: { muteTime } in seconds (0 = unmuted). */
  newGroupProfile?: Partial<Pick<GroupProfile, 'name' | 'avatar' | 'introduction' | 'notification' | 'muteAllMembers' | 'ownerID'>>;
  muteTime?: number;
}

/**
 * Group system notices (SPEC §4: operation types 1–10 and 255), delivered to the people concerned in
 * the `@TIM#SYSTEM` conversation: 1 someone applies to join (to owner/admins), 2 application accepted,
 * 3 rejected, 4 you were kicked, 5 group dismissed, 6 group created, 7 you were invited, 8 you quit,
 * 9 you were made admin, 10 your admin role was revoked, 255 custom notice from the operator.
 */
export type GroupSystemNoticeType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 255;
/** The notice types by name (the numbers are Tencent's, on the wire). */
export const GROUP_NOTICE = {
  applied: 1,
  accepted: 2,
  rejected: 3,
  kicked: 4,
  dismissed: 5,
  created: 6,
  invited: 7,
  quit: 8,
  madeAdmin: 9,
  adminRevoked: 10,
  custom: 255,
} as const satisfies Record<string, GroupSystemNoticeType>;
export interface GroupSystemNoticePayload {
  operationType: GroupSystemNoticeType;
  operatorID: string;
  groupProfile: Pick<GroupProfile, 'groupID' | 'name' | 'avatar' | 'type'>;
  /** 1: the applicant's message; 2/3: the handler's reply; 255: the notice text. */
  handleMessage: string;
  /** 1: the application to agree or refuse with handleGroupApplication. */
  applicationID?: string;
}

export interface PayloadOf {
  TIMTextElem: TextPayload;
  TIMImageElem: ImagePayload;
  TIMFileElem: FilePayload;
  TIMVideoFileElem: VideoPayload;
  TIMSoundElem: SoundPayload;
  TIMLocationElem: LocationPayload;
  TIMCustomElem: CustomPayload;
  TIMGroupTipElem: GroupTipPayload;
  TIMGroupSystemNoticeElem: GroupSystemNoticePayload;
}

interface MessageBase {
  /** Server id (unique across the deployment); a message being sent carries its clientID here. */
  ID: string;
  /** Set by the sender, unique per sender: a retried send with the same clientID is stored once. */
  clientID: string;
  conversationID: string;
  conversationType: ConversationType;
  /** Sender's user id ('' for system-made tips and notices). */
  from: string;
  /** Peer user id (C2C), group id (GROUP) or the recipient (system). */
  to: string;
  flow: 'in' | 'out';
  /** Seconds since the epoch. */
  time: number;
  /** Position in its conversation, 1, 2, 3… (0 while not yet sent). */
  sequence: number;
  status: 'unSend' | 'success' | 'fail';
  isRevoked: boolean;
  /** C2C, own messages: the peer has read it (read receipts). */
  isPeerRead: boolean;
  nick: string;
  avatar: string;
  /** Free JSON text the sender attached (e.g. a call record's duration). */
  cloudCustomData: string;
}
export type Message = {
  [K in MessageType]: MessageBase & { type: K; payload: PayloadOf[K] };
}[MessageType];

/** What a sender supplies; media types carry a File the adapter uploads first. */
export type MessageDraft =
  | { conversationID: string; clientID: string; type: 'TIMTextElem'; payload: TextPayload; cloudCustomData?: string }
  | { conversationID: string; clientID: string; type: 'TIMLocationElem'; payload: LocationPayload; cloudCustomData?: string }
  | { conversationID: string; clientID: string; type: 'TIMCustomElem'; payload: CustomPayload; cloudCustomData?: string }
  | {
      conversationID: string;
      clientID: string;
      type: 'TIMImageElem' | 'TIMFileElem' | 'TIMVideoFileElem' | 'TIMSoundElem';
      file: File;
      /** Sound: recorded length in seconds. */
      second?: number;
      cloudCustomData?: string;
    };

export interface UserProfile {
  userID: string;
  nick: string;
  avatar: string;
  /** 0 unknown, 1 male, 2 female. */
  gender: 0 | 1 | 2;
  selfSignature: string;
}

export type MessageRemindType = 'AcceptAndNotify' | 'AcceptNotNotify';

export interface Conversation {
  conversationID: string;
  type: ConversationType;
  unreadCount: number;
  lastMessage: {
    fromAccount: string;
    /** Short Chinese text for the list: the text itself, [图片], [文件], a tip's sentence… */
    messageForShow: string;
    lastTime: number;
    lastSequence: number;
    type: MessageType;
    isRevoked: boolean;
  } | null;
  userProfile?: UserProfile & { remark: string };
  groupProfile?: Pick<GroupProfile, 'groupID' | 'name' | 'avatar' | 'type' | 'memberCount'>;
  isPinned: boolean;
  messageRemindType: MessageRemindType;
  /** C2C: seconds; the peer has read everything up to this time. */
  peerReadTime: number;
}

export interface MessagePage {
  messageList: Message[];
  /** Pass back to get the 15 before these; '' when complete. */
  nextReqMessageID: string;
  isCompleted: boolean;
}

export interface Friend {
  userID: string;
  remark: string;
  /** Names of the friend groups (分组) this friend is in. */
  groupList: string[];
  profile: UserProfile;
}
export interface FriendApplication {
  userID: string;
  nick: string;
  avatar: string;
  wording: string;
  time: number;
  /** ComeIn: someone asks me; SendOut: I asked them. */
  type: 'Pendency_Type_ComeIn' | 'Pendency_Type_SendOut';
}
export interface FriendGroup {
  name: string;
  count: number;
  userIDList: string[];
}

/** Work: private, members are invited; Public: anyone may apply (coach group chats); AVChatRoom: live rooms. */
export type GroupType = 'Work' | 'Public' | 'AVChatRoom';
export type JoinOption = 'FreeAccess' | 'NeedPermission' | 'DisableApply';
export type GroupRole = 'Owner' | 'Admin' | 'Member';

export interface GroupProfile {
  groupID: string;
  type: GroupType;
  name: string;
  avatar: string;
  introduction: string;
  notification: string;
  ownerID: string;
  memberCount: number;
  maxMemberCount: number;
  joinOption: JoinOption;
  muteAllMembers: boolean;
  createTime: number;
  /** The viewer's own membership (absent when not a member). */
  selfInfo?: { role: GroupRole; muteUntil: number; messageRemindType: MessageRemindType; joinTime: number };
}

export interface GroupMember {
  userID: string;
  nick: string;
  avatar: string;
  role: GroupRole;
  nameCard: string;
  joinTime: number;
  /** Seconds since the epoch; 0 or past = may speak. */
  muteUntil: number;
}
export interface GroupMemberPage {
  memberList: GroupMember[];
  /** Offset of the next page; 0 when complete. */
  offset: number;
  isCompleted: boolean;
}

export interface GroupApplication {
  applicationID: string;
  groupID: string;
  groupName: string;
  applicant: string;
  applicantNick: string;
  applicantAvatar: string;
  wording: string;
  time: number;
}

/** A search result when adding a friend (by phone or user id). */
export interface UserSearchResult extends UserProfile {
  isFriend: boolean;
}

export type NetState = 'connected' | 'connecting' | 'disconnected';

/** Events a ChatClient emits (names after TIM.EVENT where one exists). */
export interface ChatEvents {
  ready: undefined;
  notReady: undefined;
  /** New messages (live or replayed after a reconnect), oldest first, never the same ID twice. */
  messageReceived: Message[];
  messageRevoked: { conversationID: string; ID: string }[];
  /** C2C read receipts: the peer has read my messages up to `sequence`. */
  messageReadByPeer: { conversationID: string; sequence: number; time: number };
  /** The whole list, sorted (pinned first, then newest). */
  conversationListUpdated: Conversation[];
  totalUnreadMessageCountUpdated: number;
  groupListUpdated: GroupProfile[];
  groupAttributesUpdated: { groupID: string };
  friendListUpdated: Friend[];
  friendApplicationListUpdated: { applicationList: FriendApplication[]; unreadCount: number };
  friendGroupListUpdated: FriendGroup[];
  blacklistUpdated: string[];
  profileUpdated: UserProfile[];
  netStateChange: NetState;
  /**
   * The same account signed in elsewhere with a newer signature, the signature expired, or the
   * login session ended (revoked on another device, password changed; Tencent: a REST kick).
   */
  kickedOut: { reason: 'multipleAccount' | 'userSigExpired' | 'sessionEnded' };
  error: { code: number; message: string };
}
export type ChatEventName = keyof ChatEvents;
