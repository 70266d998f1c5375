import type { ChatClient } from '../client';
import { toFriend, toFriendApplication, toFriendGroup } from './map';
import { arr, data, num, str } from './sdk';
import { call, type TimState } from './state';

/** The relationship chain: friends, friend applications, friend groups and the blacklist. */
export function friendPart(
  s: TimState,
): Pick<
  ChatClient,
  | 'getFriendList'
  | 'addFriend'
  | 'deleteFriend'
  | 'updateFriend'
  | 'getFriendApplicationList'
  | 'acceptFriendApplication'
  | 'refuseFriendApplication'
  | 'getFriendGroupList'
  | 'createFriendGroup'
  | 'deleteFriendGroup'
  | 'renameFriendGroup'
  | 'addToFriendGroup'
  | 'removeFromFriendGroup'
  | 'getBlacklist'
  | 'addToBlacklist'
  | 'removeFromBlacklist'
> {
  return {
    async getFriendList() {
      return arr((await call(s, 'getFriendList')).data).map(toFriend);
    },
    async addFriend({ to, wording, remark, groupName }) {
      await call(s, 'addFriend', {
        to,
        source: 'AddSource_Type_Web',
        wording,
        type: 'Add_Type_Both',
        ...(remark ? { remark } : {}),
        ...(groupName ? { groupName } : {}),
      });
    },
    async deleteFriend({ userIDList }) {
      await call(s, 'deleteFriend', { userIDList, type: 'Delete_Type_Both' });
    },
    async updateFriend({ userID, remark }) {
      await call(s, 'updateFriend', { userID, remark });
    },
    async getFriendApplicationList() {
      const d = data(await call(s, 'getFriendApplicationList'));
      return { applicationList: arr(d['applicationList']).map(toFriendApplication), unreadCount: num(d['unreadCount']) };
    },
    async acceptFriendApplication({ userID, remark }) {
      await call(s, 'acceptFriendApplication', { userID, type: 'Response_Action_AgreeAndAdd', ...(remark ? { remark } : {}) });
    },
    async refuseFriendApplication({ userID }) {
      await call(s, 'refuseFriendApplication', { userID });
    },
    async getFriendGroupList() {
      return arr((await call(s, 'getFriendGroupList')).data).map(toFriendGroup);
    },
    async createFriendGroup({ name, userIDList }) {
      await call(s, 'createFriendGroup', { name, userIDList });
    },
    async deleteFriendGroup({ name }) {
      await call(s, 'deleteFriendGroup', { name });
    },
    async renameFriendGroup({ oldName, newName }) {
      await call(s, 'renameFriendGroup', { oldName, newName });
    },
    async addToFriendGroup({ name, userIDList }) {
      await call(s, 'addToFriendGroup', { name, userIDList });
    },
    async removeFromFriendGroup({ name, userIDList }) {
      await call(s, 'removeFromFriendGroup', { name, userIDList });
    },

    async getBlacklist() {
      return arr((await call(s, 'getBlacklist')).data).map(str);
    },
    async addToBlacklist({ userIDList }) {
      await call(s, 'addToBlacklist', { userIDList });
    },
    async removeFromBlacklist({ userIDList }) {
      await call(s, 'removeFromBlacklist', { userIDList });
    },
  };
}
