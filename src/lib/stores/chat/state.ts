import { atom, computed, map } from 'nanostores';
import { ChatError, CHAT_CODE, type ChatClient } from '../../chat/client';
import type {
  Conversation,
  Friend,
  FriendApplication,
  FriendGroup,
  GroupApplication,
  GroupMember,
  GroupProfile,
  Message,
  NetState,
} from '../../chat/types';
import { $chatUnread, $chatUnreadBadge } from '../unread';

/**
 * SPEC §3 chat state. One chat client per tab; the islands read these atoms and call the actions
 * in the sibling modules, which are the only writers.
 */

/** SPEC §3: chat userID, userSig, sdkAppID. */
export const $chatUser = atom<{ userID: string; userSig: string; sdkAppID: number } | null>(null);
/** 'idle' before login, 'ready' once logged in, 'failed' with the reason shown. */
export const $chatStatus = atom<{ phase: 'idle' | 'connecting' | 'ready' | 'failed'; reason: string }>({ phase: 'idle', reason: '' });
export const $netState = atom<NetState>('connected');

export const $conversations = atom<Conversation[]>([]);
export const $conversationsLoaded = atom(false);
/** SPEC §3: current conversation id ('' for none). */
export const $currentID = atom('');
/** SPEC §3: message list of the current conversation, oldest first. */
export const $messages = atom<Message[]>([]);
/** SPEC §3: next message id for the page before the loaded ones. */
export const $nextReqMessageID = atom('');
/** SPEC §3: completed flag — no more history. */
export const $isCompleted = atom(false);
/** History of the current conversation is being fetched (first page or older). */
export const $historyLoading = atom(false);
export const $historyError = atom('');
/** Upload progress 0–100 by clientID of a media message being sent. */
export const $progress = map<Record<string, number>>({});

export const $groups = atom<GroupProfile[]>([]);
export const $groupsLoaded = atom(false);
/** SPEC §3 group members of the group whose settings are open. */
export const $groupMembers = atom<{ groupID: string; list: GroupMember[]; offset: number; completed: boolean }>({
  groupID: '',
  list: [],
  offset: 0,
  completed: false,
});
export const $friends = atom<Friend[]>([]);
export const $friendsLoaded = atom(false);
export const $blacklist = atom<string[]>([]);
export const $friendGroups = atom<FriendGroup[]>([]);
export const $friendApplications = atom<{ applicationList: FriendApplication[]; unreadCount: number }>({
  applicationList: [],
  unreadCount: 0,
});
export const $groupApplications = atom<GroupApplication[]>([]);
/** SPEC §3 busy flag: in a call (the calling layer sets it). */
export const $busy = atom(false);
/** Chat unread total (all conversations, muted ones excluded by the server); shared with the toolbar badge. */
export { $chatUnread, $chatUnreadBadge };

/** Display names learnt from profiles, friends (remark first) and members. */
export const $names = map<Record<string, string>>({});

export const $currentConversation = computed([$conversations, $currentID], (list, id) => list.find((c) => c.conversationID === id) ?? null);

let client: ChatClient | null = null;

export function setClient(c: ChatClient | null): void {
  client = c;
}

/** The logged-in client; a clear Chinese refusal when chat is not connected. */
export function chat(): ChatClient {
  if (!client) throw new ChatError(CHAT_CODE.notLoggedIn, '聊天服务未连接，请稍后重试');
  return client;
}

export function hasClient(): boolean {
  return client !== null;
}

export function nameOf(userID: string): string {
  return $names.get()[userID] || userID;
}

export function learnNames(entries: Iterable<[string, string]>): void {
  const cur = $names.get();
  const next: Record<string, string> = {};
  for (const [id, name] of entries) if (id && name && cur[id] !== name) next[id] = name;
  if (Object.keys(next).length) $names.set({ ...cur, ...next });
}

/** Forgets everything (logout, account switch). */
export function resetChatState(): void {
  client = null;
  $chatUser.set(null);
  $chatStatus.set({ phase: 'idle', reason: '' });
  $conversations.set([]);
  $conversationsLoaded.set(false);
  $currentID.set('');
  $messages.set([]);
  $nextReqMessageID.set('');
  $isCompleted.set(false);
  $historyLoading.set(false);
  $historyError.set('');
  $progress.set({});
  $groups.set([]);
  $groupsLoaded.set(false);
  $groupMembers.set({ groupID: '', list: [], offset: 0, completed: false });
  $friends.set([]);
  $friendsLoaded.set(false);
  $blacklist.set([]);
  $friendGroups.set([]);
  $friendApplications.set({ applicationList: [], unreadCount: 0 });
  $groupApplications.set([]);
  $busy.set(false);
  $chatUnread.set(0);
  $names.set({});
}
