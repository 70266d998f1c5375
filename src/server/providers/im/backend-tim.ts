import { imageUrl } from '~/lib/rules/image-url';
import { TIM_ERROR_TEXTS, TIM_SERVER_TEXTS } from '~/lib/rules/chat-tim';
import { env } from '../../env';
import { refuse } from '../../http/errors';
import { log } from '../../log';
import { registerImBackend, type GroupListItem, type ImBackend } from './index';
import { TimRestError, timRest } from './tim-rest';

/**
 * ImBackend on Tencent Cloud IM (IM_PROVIDER=tim): the server-side needs go through Tencent's REST
 * API (tim-rest.ts). Request/answer formats per Tencent's REST docs (tencentyun/qcloud-documents:
 * 即时通信 › 服务端集成 › 帐号管理 / 资料管理 / 群组管理). A Tencent refusal or outage reaches an
 * HTTP client as a Chinese refusal (code 100), never a 500; the details go to the log.
 */

const GROUP_GONE = 10010;
/** kick: "the account does not exist" — never imported, so it holds no login to end. */
const ACCOUNT_UNKNOWN = 70107;
/** create_group: "the group ID is already used" — a retried live-room creation. */
const GROUP_ID_USED = 10021;

/** add_group_member's per-member Result: 0 failed, 1 added, 2 already a member, 3 waiting for the invitee. */
const ADD_RESULT = { failed: 0, added: 1, already: 2, waiting: 3 } as const;

function asRefusal(err: unknown, fallback: string = TIM_SERVER_TEXTS.unavailable): Error {
  if (!(err instanceof TimRestError)) return err instanceof Error ? err : new Error(String(err));
  log.warn('tencent im call failed', { command: err.command, code: err.code, info: err.info });
  // Unreachable/garbled (code 0) is an outage whatever was asked; a Tencent code says what it refused.
  return refuse(err.code === 0 ? TIM_SERVER_TEXTS.unavailable : (TIM_ERROR_TEXTS[err.code] ?? fallback));
}

/** Tencent stores the avatar as an absolute URL (FaceUrl); ours may be a path on the media host. */
function faceUrl(avatar: string): string {
  if (!avatar) return '';
  const e = env();
  return imageUrl(avatar, e.MEDIA_URL || e.SITE_URL);
}

export function createTimBackend(): ImBackend {
  return {
    name: 'tim',

    async syncAccount({ userID, nick, avatar }) {
      const face = faceUrl(avatar);
      // account_import creates the account (a no-op when it exists); portrait_set keeps nick/avatar current.
      await timRest('im_open_login_svc', 'account_import', { UserID: userID, Nick: nick, FaceUrl: face });
      await timRest('profile', 'portrait_set', {
        From_Account: userID,
        ProfileItem: [
          { Tag: 'Tag_Profile_IM_Nick', Value: nick },
          { Tag: 'Tag_Profile_IM_Image', Value: face },
        ],
      });
    },

    async joinedGroups(userID, { ownerOnly, publicOnly = false }) {
      try {
        const answer = await timRest('group_open_http_svc', 'get_joined_group_list', {
          Member_Account: userID,
          ResponseFilter: { GroupBaseInfoFilter: ['Type', 'Name', 'FaceUrl'], SelfInfoFilter: ['Role'] },
        });
        const list = Array.isArray(answer['GroupIdList']) ? (answer['GroupIdList'] as Record<string, unknown>[]) : [];
        return list
          .filter((g) => (publicOnly ? g['Type'] === 'Public' : g['Type'] !== 'AVChatRoom'))
          .filter((g) => !ownerOnly || (g['SelfInfo'] as { Role?: string } | undefined)?.Role === 'Owner')
          .map((g): GroupListItem => ({
            GroupId: String(g['GroupId'] ?? ''),
            Name: String(g['Name'] ?? ''),
            FaceUrl: String(g['FaceUrl'] ?? ''),
          }));
      } catch (err) {
        throw asRefusal(err);
      }
    },

    async applyJoin(userID, groupID) {
      // Tencent's REST API has no "apply on behalf of"; our server has already decided (SPEC applyGroup),
      // so it adds the member with add_group_member. The wording has no place there.
      let answer;
      try {
        answer = await timRest('group_open_http_svc', 'add_group_member', { GroupId: groupID, MemberList: [{ Member_Account: userID }] });
      } catch (err) {
        throw asRefusal(err, TIM_SERVER_TEXTS.joinFailed);
      }
      const row = (Array.isArray(answer['MemberList']) ? answer['MemberList'] : []).find(
        (m: { Member_Account?: string }) => m.Member_Account === userID,
      ) as { Result?: number } | undefined;
      if (row?.Result === ADD_RESULT.added) return 'Success';
      if (row?.Result === ADD_RESULT.already) return 'AlreadyInGroup';
      if (row?.Result === ADD_RESULT.waiting) return 'WaitAdminOK';
      log.warn('tencent im add_group_member refused the member', { groupID, userID, result: row?.Result });
      throw refuse(TIM_SERVER_TEXTS.joinFailed);
    },

    async createLiveRoom({ ownerID, name, groupID }) {
      try {
        const answer = await timRest('group_open_http_svc', 'create_group', {
          Owner_Account: ownerID,
          Type: 'AVChatRoom',
          Name: name,
          ...(groupID ? { GroupId: groupID } : {}),
        });
        return String(answer['GroupId'] ?? groupID ?? '');
      } catch (err) {
        // A retry of a creation that went through: the room exists under the id we asked for.
        if (groupID && err instanceof TimRestError && err.code === GROUP_ID_USED) return groupID;
        throw asRefusal(err);
      }
    },

    async destroyGroup(groupID) {
      try {
        await timRest('group_open_http_svc', 'destroy_group', { GroupId: groupID });
      } catch (err) {
        // Already dismissed: the outcome the caller wanted.
        if (err instanceof TimRestError && err.code === GROUP_GONE) return;
        throw asRefusal(err);
      }
    },

    async sendGroupSystemNotice(groupID, text) {
      try {
        await timRest('group_open_http_svc', 'send_group_system_notification', { GroupId: groupID, Content: text });
      } catch (err) {
        throw asRefusal(err);
      }
    },

    async endLogins(userID) {
      try {
        await timRest('im_open_login_svc', 'kick', { UserID: userID });
      } catch (err) {
        if (err instanceof TimRestError && err.code === ACCOUNT_UNKNOWN) return;
        throw err;
      }
    },
  };
}

registerImBackend('tim', createTimBackend);
