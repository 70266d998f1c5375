import type { ChatClient } from '../client';
import type { UserSearchResult } from '../types';
import { notRoom, target, toConversation, toProfile } from './map';
import { arr, data, obj } from './sdk';
import { call, type TimState } from './state';

/** Profiles, user search (our server) and the conversation list. */
export function conversationPart(
  s: TimState,
): Pick<
  ChatClient,
  | 'getMyProfile'
  | 'getUserProfile'
  | 'searchUser'
  | 'getConversationList'
  | 'getConversationProfile'
  | 'deleteConversation'
  | 'pinConversation'
  | 'setMessageRemindType'
  | 'setMessageRead'
  | 'getTotalUnreadMessageCount'
> {
  return {
    async getMyProfile() {
      return toProfile((await call(s, 'getMyProfile')).data);
    },
    async getUserProfile({ userIDList }) {
      return arr((await call(s, 'getUserProfile', { userIDList })).data).map(toProfile);
    },
    async searchUser({ keyword }) {
      // Tencent IM has no search by phone: our server answers (POST /api/im/searchUser).
      const d = await s.http('/im/searchUser', { keyword });
      const list = Array.isArray(d) ? d : arr(obj(d)['list']);
      return list.map((u): UserSearchResult => ({ ...toProfile(u), isFriend: obj(u)['isFriend'] === true }));
    },

    async getConversationList() {
      return arr(data(await call(s, 'getConversationList'))['conversationList'])
        .map(toConversation)
        .filter(notRoom);
    },
    async getConversationProfile(conversationID) {
      return toConversation(data(await call(s, 'getConversationProfile', conversationID))['conversation']);
    },
    async deleteConversation(conversationID) {
      await call(s, 'deleteConversation', conversationID);
    },
    async pinConversation({ conversationID, isPinned }) {
      await call(s, 'pinConversation', { conversationID, isPinned });
    },
    async setMessageRemindType({ conversationID, messageRemindType }) {
      const t = target(conversationID);
      await call(
        s,
        'setMessageRemindType',
        t.conversationType === 'C2C' ? { userIDList: [t.to], messageRemindType } : { groupID: t.to, messageRemindType },
      );
    },
    async setMessageRead({ conversationID }) {
      await call(s, 'setMessageRead', { conversationID });
    },
    getTotalUnreadMessageCount: () => (s.tim && s.ready ? s.tim.getTotalUnreadMessageCount() : 0),
  };
}
