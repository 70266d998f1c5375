import { TIM_TEXTS } from '../../rules/chat-tim';
import { CHAT_CODE, ChatError, type ChatClient } from '../client';
import { IM_LIMITS } from '../protocol';
import { GROUP_NOTICE, type GroupApplication } from '../types';
import { sdkGroupType, toGroup, toMember } from './map';
import { toMessage } from './message';
import { arr, data, obj, str } from './sdk';
import { call, sdk, type TimState } from './state';

const SYSTEM = '@TIM#SYSTEM';

/** Extra group profile fields getGroupList must ask for (the SDK pulls only a few by default). */
const GROUP_FILTER = ['ownerID', 'createTime', 'memberNum', 'maxMemberNum', 'joinOption', 'introduction', 'notification', 'muteAllMembers'];

/** Groups: profiles, membership, roles and join applications. */
export function groupPart(
  s: TimState,
): Pick<
  ChatClient,
  | 'getGroupList'
  | 'getGroupProfile'
  | 'searchGroupByID'
  | 'createGroup'
  | 'updateGroupProfile'
  | 'joinGroup'
  | 'quitGroup'
  | 'dismissGroup'
  | 'changeGroupOwner'
  | 'getGroupMemberList'
  | 'addGroupMember'
  | 'deleteGroupMember'
  | 'setGroupMemberRole'
  | 'setGroupMemberMuteTime'
  | 'getGroupApplicationList'
  | 'handleGroupApplication'
> {
  return {
    async getGroupList() {
      return arr(data(await call(s, 'getGroupList', { groupProfileFilter: GROUP_FILTER }))['groupList'])
        .map(toGroup)
        .filter((g) => g.type !== 'AVChatRoom');
    },
    async getGroupProfile({ groupID }) {
      return toGroup(data(await call(s, 'getGroupProfile', { groupID }))['group']);
    },
    async searchGroupByID(groupID) {
      return toGroup(data(await call(s, 'searchGroupByID', groupID))['group']);
    },
    async createGroup({ type, name, avatar, introduction, joinOption: jo, memberList }) {
      const d = data(
        await call(s, 'createGroup', {
          type: sdkGroupType(type),
          name,
          ...(avatar ? { avatar } : {}),
          ...(introduction ? { introduction } : {}),
          // Work groups are invite-only at Tencent; a join option is refused for them.
          ...(type === 'Public' && jo ? { joinOption: jo } : {}),
          ...(memberList?.length ? { memberList: memberList.map((userID) => ({ userID })) } : {}),
        }),
      );
      return toGroup(d['group']);
    },
    async updateGroupProfile({ groupID, ...fields }) {
      const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      return toGroup(data(await call(s, 'updateGroupProfile', { groupID, ...patch }))['group']);
    },
    async joinGroup({ groupID, applyMessage }) {
      const d = data(await call(s, 'joinGroup', { groupID, ...(applyMessage ? { applyMessage } : {}) }));
      const status = d['status'];
      return { status: status === 'WaitAdminApproval' ? 'WaitAdminOK' : status === 'AlreadyInGroup' ? 'AlreadyInGroup' : 'Success' };
    },
    async quitGroup(groupID) {
      await call(s, 'quitGroup', groupID);
    },
    async dismissGroup(groupID) {
      await call(s, 'dismissGroup', groupID);
    },
    async changeGroupOwner({ groupID, newOwnerID }) {
      await call(s, 'changeGroupOwner', { groupID, newOwnerID });
    },
    async getGroupMemberList({ groupID, offset = 0, count = IM_LIMITS.memberPage }) {
      const d = data(await call(s, 'getGroupMemberList', { groupID, offset, count }));
      const memberList = arr(d['memberList']).map(toMember);
      // Newer SDKs answer the next offset (0 = done); older ones do not, then a short page means done.
      const next = typeof d['offset'] === 'number' ? d['offset'] : memberList.length < count ? 0 : offset + memberList.length;
      const isCompleted = next === 0 || memberList.length < count;
      return { memberList, offset: isCompleted ? 0 : next, isCompleted };
    },
    async addGroupMember({ groupID, userIDList }) {
      const d = data(await call(s, 'addGroupMember', { groupID, userIDList }));
      return { successUserIDList: arr(d['successUserIDList']).map((x) => (typeof x === 'string' ? x : str(obj(x)['userID']))) };
    },
    async deleteGroupMember({ groupID, userIDList, reason }) {
      await call(s, 'deleteGroupMember', { groupID, userIDList, ...(reason ? { reason } : {}) });
    },
    async setGroupMemberRole({ groupID, userID, role: r }) {
      await call(s, 'setGroupMemberRole', { groupID, userID, role: r });
    },
    async setGroupMemberMuteTime({ groupID, userID, muteTime }) {
      await call(s, 'setGroupMemberMuteTime', { groupID, userID, muteTime });
    },
    async getGroupApplicationList() {
      // tim-js-sdk 2.x delivers join applications as group system notices (type 1) in @TIM#SYSTEM.
      const out: GroupApplication[] = [];
      let next: string | undefined;
      for (let page = 0; page < 10; page++) {
        const d = data(await call(s, 'getMessageList', { conversationID: SYSTEM, ...(next ? { nextReqMessageID: next } : {}) }));
        for (const raw of arr(d['messageList'])) {
          const m = toMessage(raw);
          if (m.type !== 'TIMGroupSystemNoticeElem' || m.payload.operationType !== GROUP_NOTICE.applied || s.handled.has(m.ID)) continue;
          out.push({
            applicationID: m.ID,
            groupID: m.payload.groupProfile.groupID,
            groupName: m.payload.groupProfile.name,
            applicant: m.payload.operatorID,
            applicantNick: m.nick,
            applicantAvatar: m.avatar,
            wording: m.payload.handleMessage,
            time: m.time,
          });
        }
        if (d['isCompleted'] === true) break;
        next = str(d['nextReqMessageID']);
      }
      return out.sort((a, b) => b.time - a.time);
    },
    async handleGroupApplication({ applicationID, handleAction, handleMessage }) {
      const message = sdk(s).findMessage(applicationID);
      if (!message || s.handled.has(applicationID)) throw new ChatError(CHAT_CODE.notFound, TIM_TEXTS.applicationGone);
      await call(s, 'handleGroupApplication', { handleAction, message, ...(handleMessage ? { handleMessage } : {}) });
      s.handled.add(applicationID);
    },
  };
}
