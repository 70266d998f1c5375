import type {
  ChatEventName,
  ChatEvents,
  Conversation,
  Friend,
  FriendApplication,
  FriendGroup,
  GroupApplication,
  GroupMemberPage,
  GroupProfile,
  GroupRole,
  GroupType,
  JoinOption,
  Message,
  MessageDraft,
  MessagePage,
  MessageRemindType,
  UserProfile,
  UserSearchResult,
} from './types';

/**
 * The one chat API the UI talks to (DESIGN §6). Two adapters implement it: `local`
 * (src/lib/chat/local.ts, our /im WebSocket server) and `tim` (src/lib/chat/tim/, tim-js-sdk).
 * Every method rejects with a ChatError whose `message` is Chinese and fit to show.
 */
export interface ChatClient {
  readonly provider: 'local' | 'tim';
  login(p: { userID: string; userSig: string }): Promise<void>;
  logout(): Promise<void>;
  isReady(): boolean;
  /** The page woke up (visible, online, restored): reconnect now if the connection is gone or dead. */
  wake?(): void;
  on<K extends ChatEventName>(event: K, handler: (data: ChatEvents[K]) => void): () => void;

  // Profiles
  getMyProfile(): Promise<UserProfile>;
  getUserProfile(p: { userIDList: string[] }): Promise<UserProfile[]>;
  /** By phone (11 digits) or user id; our server answers in both modes. */
  searchUser(p: { keyword: string }): Promise<UserSearchResult[]>;

  // Conversations
  getConversationList(): Promise<Conversation[]>;
  getConversationProfile(conversationID: string): Promise<Conversation>;
  deleteConversation(conversationID: string): Promise<void>;
  pinConversation(p: { conversationID: string; isPinned: boolean }): Promise<void>;
  setMessageRemindType(p: { conversationID: string; messageRemindType: MessageRemindType }): Promise<void>;
  setMessageRead(p: { conversationID: string }): Promise<void>;
  getTotalUnreadMessageCount(): number;

  // Messages
  /** 15 messages before `nextReqMessageID` (newest page when absent), oldest first. */
  getMessageList(p: { conversationID: string; nextReqMessageID?: string }): Promise<MessagePage>;
  /**
   * Uploads a draft's file first (progress 0–100); a retry with the same clientID is stored once.
   * `onlineUserOnly` (call negotiation): delivered to the peer's open sockets only, never stored,
   * answered with sequence 0 (Tencent IM's option of the same name).
   */
  sendMessage(draft: MessageDraft, opts?: { onProgress?: (percent: number) => void; onlineUserOnly?: boolean }): Promise<Message>;
  /** Own messages within 2 minutes; group owner/admins any message. */
  revokeMessage(p: { conversationID: string; ID: string }): Promise<void>;
  /** Deletes for me only. */
  deleteMessage(p: { conversationID: string; IDList: string[] }): Promise<void>;
  /** Sends the message to the operator console's report queue. */
  reportMessage(p: { conversationID: string; ID: string; reason: string }): Promise<void>;

  // Friends
  getFriendList(): Promise<Friend[]>;
  addFriend(p: { to: string; wording: string; remark?: string; groupName?: string }): Promise<void>;
  deleteFriend(p: { userIDList: string[] }): Promise<void>;
  updateFriend(p: { userID: string; remark: string }): Promise<void>;
  getFriendApplicationList(): Promise<{ applicationList: FriendApplication[]; unreadCount: number }>;
  acceptFriendApplication(p: { userID: string; remark?: string }): Promise<void>;
  refuseFriendApplication(p: { userID: string }): Promise<void>;
  getFriendGroupList(): Promise<FriendGroup[]>;
  createFriendGroup(p: { name: string; userIDList: string[] }): Promise<void>;
  deleteFriendGroup(p: { name: string }): Promise<void>;
  renameFriendGroup(p: { oldName: string; newName: string }): Promise<void>;
  addToFriendGroup(p: { name: string; userIDList: string[] }): Promise<void>;
  removeFromFriendGroup(p: { name: string; userIDList: string[] }): Promise<void>;

  // Blacklist
  getBlacklist(): Promise<string[]>;
  addToBlacklist(p: { userIDList: string[] }): Promise<void>;
  removeFromBlacklist(p: { userIDList: string[] }): Promise<void>;

  // Groups
  getGroupList(): Promise<GroupProfile[]>;
  getGroupProfile(p: { groupID: string }): Promise<GroupProfile>;
  searchGroupByID(groupID: string): Promise<GroupProfile>;
  createGroup(p: {
    type: Exclude<GroupType, 'AVChatRoom'>;
    name: string;
    avatar?: string;
    introduction?: string;
    joinOption?: JoinOption;
    memberList?: string[];
  }): Promise<GroupProfile>;
  updateGroupProfile(p: {
    groupID: string;
    name?: string;
    avatar?: string;
    introduction?: string;
    notification?: string;
    joinOption?: JoinOption;
    muteAllMembers?: boolean;
  }): Promise<GroupProfile>;
  /** Public groups with NeedPermission answer 'WaitAdminOK'; AVChatRoom and FreeAccess join at once. */
  joinGroup(p: { groupID: string; applyMessage?: string }): Promise<{ status: 'Success' | 'WaitAdminOK' | 'AlreadyInGroup' }>;
  quitGroup(groupID: string): Promise<void>;
  dismissGroup(groupID: string): Promise<void>;
  changeGroupOwner(p: { groupID: string; newOwnerID: string }): Promise<void>;
  /** 30 per page (SPEC §9). */
  getGroupMemberList(p: { groupID: string; offset?: number; count?: number }): Promise<GroupMemberPage>;
  addGroupMember(p: { groupID: string; userIDList: string[] }): Promise<{ successUserIDList: string[] }>;
  deleteGroupMember(p: { groupID: string; userIDList: string[]; reason?: string }): Promise<void>;
  setGroupMemberRole(p: { groupID: string; userID: string; role: Exclude<GroupRole, 'Owner'> }): Promise<void>;
  /** Seconds; 0 lifts the mute. */
  setGroupMemberMuteTime(p: { groupID: string; userID: string; muteTime: number }): Promise<void>;
  getGroupApplicationList(): Promise<GroupApplication[]>;
  handleGroupApplication(p: { applicationID: string; handleAction: 'Agree' | 'Reject'; handleMessage?: string }): Promise<void>;
}

/**
 * Chat error codes. Tencent IM's own codes pass through the tim adapter unchanged; ours use the
 * same numbers where Tencent has one (20007 blocked, 10017 muted, 20016 recall window…).
 */
export const CHAT_CODE = {
  /** SPEC §8: the login failed because the SDKAppID is wrong. */
  badAppId: 2000,
  notLoggedIn: 2024,
  badSig: 70001,
  sigExpired: 70003,
  badInput: 9001,
  /** /im: the login session behind the socket is gone (revoked, expired) or was not presented. */
  sessionEnded: 9003,
  notFound: 10010,
  notMember: 10007,
  noPermission: 10004,
  muted: 10017,
  /** The recipient has blocked the sender. */
  blocked: 20007,
  /** Only friends may call (and, when the peer requires it, message). */
  notFriend: 20009,
  recallWindow: 20016,
  rateLimited: 80001,
  network: 2800,
  timeout: 2801,
} as const;

export class ChatError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}
