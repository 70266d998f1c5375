import { api, ApiError } from '../../api/client';
import { Code } from '../../api/codes';
import { ChatError, CHAT_CODE, type ChatClient } from '../../chat/client';
import { SYSTEM_CONVERSATION, type Message } from '../../chat/types';
import { CHAT_T } from '../../rules/chat';
import { toast } from '../../toast';
import { loadContacts, loadGroups, setFriends, setGroups } from './contacts';
import { onMessagesReceived, onReadByPeer, onRevoked, refreshOpenConversation } from './messages';
import {
  $blacklist,
  $chatStatus,
  $chatUnread,
  $chatUser,
  $conversations,
  $conversationsLoaded,
  $currentID,
  $friendApplications,
  $friendGroups,
  $groupApplications,
  $netState,
  chat,
  learnNames,
  resetChatState,
  setClient,
} from './state';

/** SPEC §8: 登录失败：{reason}; code 2000 adds the hint to check the application id. */
export function loginFailureText(err: unknown): string {
  const reason = err instanceof Error ? err.message : String(err);
  const text = CHAT_T.loginFailed(reason);
  return err instanceof ChatError && err.code === CHAT_CODE.badAppId ? `${text}，${CHAT_T.badAppIdHint}` : text;
}

let unbind: (() => void)[] = [];

const KICKED_TEXT = { userSigExpired: CHAT_T.sigExpired, multipleAccount: CHAT_T.otherLogin, sessionEnded: CHAT_T.sessionEnded } as const;

/**
 * The chat says the login session ended (revoked on another device, password changed, account
 * disabled). The API has the last word: its code 101 ends the page's session (api/client.ts), so
 * the page shows the logged-out state (`say`: with a toast saying why); a session this device
 * renewed meanwhile answers and stays.
 */
async function confirmSessionEnded(say: boolean): Promise<void> {
  try {
    await api('/member/memberInfo');
  } catch (err) {
    // Anything but 101 (which has cleared the session) leaves it to the next call.
    if (say && err instanceof ApiError && err.code === Code.LOGIN) toast.warning(CHAT_T.sessionEnded);
  }
}

/**
 * SPEC §4 chat login: log in with user_id + user_sig, mark ready, fetch own profile and the lists.
 * `quiet` skips the 登录成功 toast (the toolbar's background connection on other pages).
 */
export async function startChat(
  client: ChatClient,
  creds: { userID: string; userSig: string; sdkAppID: number },
  opts: { quiet?: boolean; full?: boolean } = {},
): Promise<void> {
  stopChat();
  setClient(client);
  let dropped = false;
  $chatUser.set(creds);
  $chatStatus.set({ phase: 'connecting', reason: '' });
  unbind = [
    client.on('conversationListUpdated', (list) => {
      $conversations.set(list);
      $conversationsLoaded.set(true);
      learnNames(
        list
          .filter((c) => c.userProfile)
          .map((c) => [c.conversationID.slice(3), c.userProfile?.remark || c.userProfile?.nick || ''] as [string, string]),
      );
    }),
    client.on('totalUnreadMessageCountUpdated', (n) => $chatUnread.set(n)),
    client.on('netStateChange', (s) => $netState.set(s)),
    client.on('kickedOut', (k) => {
      $chatStatus.set({ phase: 'failed', reason: KICKED_TEXT[k.reason] });
      if (k.reason === 'sessionEnded') void confirmSessionEnded(!opts.quiet);
    }),
    onWake(client),
  ];
  if (opts.full !== false) {
    unbind.push(
      client.on('messageReceived', (list) => {
        onMessagesReceived(list);
        if (list.some(isGroupEvent)) void loadGroups().catch(() => undefined);
      }),
      client.on('messageRevoked', onRevoked),
      // Ready again after the connection dropped: the open conversation catches up (merged by ID).
      client.on('notReady', () => {
        dropped = true;
      }),
      client.on('ready', () => {
        if (dropped) void refreshOpenConversation().catch(() => undefined);
        dropped = false;
      }),
      client.on('messageReadByPeer', onReadByPeer),
      client.on('groupListUpdated', setGroups),
      client.on('friendListUpdated', setFriends),
      client.on('friendApplicationListUpdated', (a) => $friendApplications.set(a)),
      client.on('friendGroupListUpdated', (g) => $friendGroups.set(g)),
      client.on('blacklistUpdated', (b) => $blacklist.set(b)),
      client.on('profileUpdated', (list) => learnNames(list.map((p) => [p.userID, p.nick] as [string, string]))),
    );
  }
  try {
    await client.login({ userID: creds.userID, userSig: creds.userSig });
  } catch (err) {
    $chatStatus.set({ phase: 'failed', reason: loginFailureText(err) });
    if (!opts.quiet) toast.error(loginFailureText(err));
    throw err;
  }
  $chatStatus.set({ phase: 'ready', reason: '' });
  if (!opts.quiet) toast.success(CHAT_T.loginOk);
  $chatUnread.set(client.getTotalUnreadMessageCount());
  if (opts.full === false) return;
  const [me, list] = await Promise.all([client.getMyProfile(), client.getConversationList()]);
  learnNames([[me.userID, me.nick]]);
  $conversations.set(list);
  $conversationsLoaded.set(true);
  await Promise.all([loadContacts(), loadGroups()]);
}

/**
 * A phone that slept, came back online or restored the page from the back-forward cache may hold a
 * socket that is gone or dead: the client reconnects at once (and resumes) instead of waiting out
 * its backoff or a ping timeout.
 */
function onWake(client: ChatClient): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const wake = () => {
    if (document.visibilityState !== 'visible') return;
    client.wake?.();
    // What arrived in the open conversation while the page was hidden is read now that it shows.
    const open = $currentID.get();
    if (open && client.isReady()) void client.setMessageRead({ conversationID: open }).catch(() => undefined);
  };
  window.addEventListener('online', wake);
  window.addEventListener('pageshow', wake);
  document.addEventListener('visibilitychange', wake);
  return () => {
    window.removeEventListener('online', wake);
    window.removeEventListener('pageshow', wake);
    document.removeEventListener('visibilitychange', wake);
  };
}

/** Group tips and system notices change group lists and applications. */
function isGroupEvent(m: Message): boolean {
  return m.type === 'TIMGroupTipElem' || m.conversationID === SYSTEM_CONVERSATION;
}

export function stopChat(): void {
  for (const u of unbind) u();
  unbind = [];
}

/** Logout from the chat layout: the chat session ends, then the site session (the caller goes to /). */
export async function logoutChat(): Promise<void> {
  try {
    await chat().logout();
  } catch {
    // Already disconnected: nothing to end.
  }
  stopChat();
  resetChatState();
  $groupApplications.set([]);
}
