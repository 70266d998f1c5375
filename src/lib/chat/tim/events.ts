import { notRoom, toChatError, toConversation, toFriend, toFriendApplication, toFriendGroup, toGroup, toProfile } from './map';
import { toMessage } from './message';
import { arr, num, obj, str } from './sdk';
import { emit, remember, type TimState } from './state';

/** The SDK's event names (TIM.EVENT keys) and what each becomes in ChatEvents. */
export const EVENT_KEYS = [
  'SDK_READY',
  'SDK_NOT_READY',
  'MESSAGE_RECEIVED',
  'MESSAGE_REVOKED',
  'MESSAGE_READ_BY_PEER',
  'CONVERSATION_LIST_UPDATED',
  'TOTAL_UNREAD_MESSAGE_COUNT_UPDATED',
  'GROUP_LIST_UPDATED',
  'GROUP_ATTRIBUTES_UPDATED',
  'FRIEND_LIST_UPDATED',
  'FRIEND_APPLICATION_LIST_UPDATED',
  'FRIEND_GROUP_LIST_UPDATED',
  'BLACKLIST_UPDATED',
  'PROFILE_UPDATED',
  'NET_STATE_CHANGE',
  'KICKED_OUT',
  'ERROR',
] as const;
type EventKey = (typeof EVENT_KEYS)[number];

/** One SDK event in, our ChatEvents out. */
export function translate(s: TimState, key: EventKey, d: unknown): void {
  switch (key) {
    case 'SDK_READY':
      s.ready = true;
      return emit(s, 'ready', undefined);
    case 'SDK_NOT_READY':
      s.ready = false;
      return emit(s, 'notReady', undefined);
    case 'MESSAGE_RECEIVED': {
      const fresh = arr(d)
        .map((m) => toMessage(m))
        .filter((m) => !s.seen.has(m.ID));
      fresh.forEach((m) => remember(s, m.ID));
      if (fresh.length)
        emit(
          s,
          'messageReceived',
          fresh.sort((a, b) => a.time - b.time || a.sequence - b.sequence),
        );
      return;
    }
    case 'MESSAGE_REVOKED':
      return emit(
        s,
        'messageRevoked',
        arr(d).map((m) => ({ conversationID: str(obj(m)['conversationID']), ID: str(obj(m)['ID']) })),
      );
    case 'MESSAGE_READ_BY_PEER': {
      const list = arr(d).map(obj);
      const first = list[0];
      if (!first) return;
      return emit(s, 'messageReadByPeer', {
        conversationID: str(first['conversationID']),
        sequence: Math.max(...list.map((m) => num(m['sequence']))),
        time: Math.max(...list.map((m) => num(m['time']))),
      });
    }
    case 'CONVERSATION_LIST_UPDATED':
      return emit(s, 'conversationListUpdated', arr(d).map(toConversation).filter(notRoom));
    case 'TOTAL_UNREAD_MESSAGE_COUNT_UPDATED':
      return emit(s, 'totalUnreadMessageCountUpdated', num(d));
    case 'GROUP_LIST_UPDATED':
      return emit(
        s,
        'groupListUpdated',
        arr(d)
          .map(toGroup)
          .filter((g) => g.type !== 'AVChatRoom'),
      );
    case 'GROUP_ATTRIBUTES_UPDATED':
      return emit(s, 'groupAttributesUpdated', { groupID: str(obj(d)['groupID']) });
    case 'FRIEND_LIST_UPDATED':
      return emit(s, 'friendListUpdated', arr(d).map(toFriend));
    case 'FRIEND_APPLICATION_LIST_UPDATED':
      return emit(s, 'friendApplicationListUpdated', {
        applicationList: arr(obj(d)['applicationList']).map(toFriendApplication),
        unreadCount: num(obj(d)['unreadCount']),
      });
    case 'FRIEND_GROUP_LIST_UPDATED':
      return emit(s, 'friendGroupListUpdated', arr(d).map(toFriendGroup));
    case 'BLACKLIST_UPDATED':
      return emit(s, 'blacklistUpdated', arr(d).map(str));
    case 'PROFILE_UPDATED':
      return emit(s, 'profileUpdated', arr(d).map(toProfile));
    case 'NET_STATE_CHANGE': {
      const net = obj(d)['state'];
      return emit(s, 'netStateChange', net === 'connected' || net === 'connecting' ? net : 'disconnected');
    }
    case 'KICKED_OUT': {
      s.ready = false;
      // REST_API_Kick: our server ended every login of the member (password change, reset, disable).
      const type = obj(d)['type'];
      return emit(s, 'kickedOut', {
        reason: type === 'userSigExpired' ? 'userSigExpired' : type === 'REST_API_Kick' ? 'sessionEnded' : 'multipleAccount',
      });
    }
    case 'ERROR': {
      const err = toChatError(d);
      return emit(s, 'error', { code: err.code, message: err.message });
    }
  }
}
