import { TIM_TEXTS } from '../../rules/chat-tim';
import {
  GROUP_NOTICE,
  GROUP_TIP,
  type ConversationType,
  type GroupSystemNoticePayload,
  type GroupTipPayload,
  type GroupTipType,
  type ImageInfo,
  type Message,
} from '../types';
import { groupType } from './map';
import { arr, num, obj, str, type Raw } from './sdk';

const IMAGE_FORMAT: Record<number, string> = { 1: 'JPG', 2: 'GIF', 3: 'PNG', 4: 'BMP', 255: 'UNKNOWN' };

function tipPayload(p: Raw): GroupTipPayload {
  const sdkType = num(p['operationType']);
  const members = arr(p['memberList']).map(obj);
  const userIDList = arr(p['userIDList']).map(str);
  // The SDK's 10/11 are AVChatRoom ban/unban; in our numbering a mute change is 7.
  const operationType = (sdkType >= 1 && sdkType <= 7 ? sdkType : 7) as GroupTipType;
  const tip: GroupTipPayload = {
    operationType,
    operatorID: str(p['operatorID']),
    userIDList: userIDList.length ? userIDList : members.map((m) => str(m['userID'])),
  };
  if (operationType === GROUP_TIP.profileChanged) {
    const np = obj(p['newGroupProfile']);
    const picked: NonNullable<GroupTipPayload['newGroupProfile']> = {};
    for (const k of ['name', 'avatar', 'introduction', 'notification', 'ownerID'] as const) if (k in np) picked[k] = str(np[k]);
    if ('muteAllMembers' in np) picked.muteAllMembers = np['muteAllMembers'] === true || np['muteAllMembers'] === 'On';
    tip.newGroupProfile = picked;
  }
  if (operationType === GROUP_TIP.muteChanged) tip.muteTime = sdkType === 11 ? 0 : num(members[0]?.['muteTime'] ?? p['muteTime']);
  return tip;
}

function noticePayload(p: Raw): GroupSystemNoticePayload {
  const g = obj(p['groupProfile']);
  const op = num(p['operationType']);
  return {
    operationType: (op >= 1 && op <= 10 ? op : 255) as GroupSystemNoticePayload['operationType'],
    operatorID: str(p['operatorID']),
    groupProfile: { groupID: str(g['groupID']), name: str(g['name']), avatar: str(g['avatar']), type: groupType(g['type']) },
    // 255: Tencent puts the custom notice text in userDefinedField.
    handleMessage: str(p['handleMessage']) || str(p['userDefinedField']),
  };
}

/** One SDK message in our shape; `clientID` is the draft's when we sent it, else the SDK's ID. */
export function toMessage(m: unknown, clientID?: string): Message {
  const o = obj(m);
  const p = obj(o['payload']);
  const ct = str(o['conversationType']);
  const convType: ConversationType = ct === 'GROUP' || ct === '@TIM#SYSTEM' ? ct : 'C2C';
  const base = {
    ID: str(o['ID']),
    clientID: clientID ?? str(o['ID']),
    conversationID: str(o['conversationID']),
    conversationType: convType,
    from: str(o['from']),
    to: str(o['to']),
    flow: o['flow'] === 'out' ? ('out' as const) : ('in' as const),
    time: num(o['time']),
    sequence: num(o['sequence']),
    status: o['status'] === 'fail' ? ('fail' as const) : o['status'] === 'unSend' ? ('unSend' as const) : ('success' as const),
    isRevoked: o['isRevoked'] === true,
    isPeerRead: o['isPeerRead'] === true,
    nick: str(o['nick']),
    avatar: str(o['avatar']),
    cloudCustomData: str(o['cloudCustomData']),
  };
  switch (o['type']) {
    case 'TIMTextElem':
      return { ...base, type: 'TIMTextElem', payload: { text: str(p['text']) } };
    case 'TIMImageElem': {
      const infos: ImageInfo[] = arr(p['imageInfoArray']).map((x, i) => {
        const info = obj(x);
        // The SDK sets each entry's type from its position (original, large, thumbnail; tim-js-sdk ImageElem.setType).
        return {
          type: Math.min(i, 2) as 0 | 1 | 2,
          url: str(info['url']) || str(info['imageUrl']),
          width: num(info['width']),
          height: num(info['height']),
          size: num(info['size']),
        };
      });
      const fmt = p['imageFormat'];
      return {
        ...base,
        type: 'TIMImageElem',
        payload: { imageFormat: typeof fmt === 'number' ? (IMAGE_FORMAT[fmt] ?? 'UNKNOWN') : str(fmt), imageInfoArray: infos },
      };
    }
    case 'TIMFileElem':
      return {
        ...base,
        type: 'TIMFileElem',
        payload: { fileName: str(p['fileName']), fileSize: num(p['fileSize']), fileUrl: str(p['fileUrl']) },
      };
    case 'TIMVideoFileElem':
      return {
        ...base,
        type: 'TIMVideoFileElem',
        payload: {
          videoUrl: str(p['videoUrl']),
          videoSecond: num(p['videoSecond']),
          videoSize: num(p['videoSize']),
          videoFormat: str(p['videoFormat']),
          thumbUrl: str(p['thumbUrl']),
          thumbWidth: num(p['thumbWidth']),
          thumbHeight: num(p['thumbHeight']),
        },
      };
    case 'TIMSoundElem':
      return {
        ...base,
        type: 'TIMSoundElem',
        payload: { url: str(p['url']) || str(p['remoteAudioUrl']), second: num(p['second']), size: num(p['size']) },
      };
    case 'TIMLocationElem':
      return {
        ...base,
        type: 'TIMLocationElem',
        payload: { description: str(p['description']), longitude: num(p['longitude']), latitude: num(p['latitude']) },
      };
    case 'TIMCustomElem':
      return {
        ...base,
        type: 'TIMCustomElem',
        payload: { data: str(p['data']), description: str(p['description']), extension: str(p['extension']) },
      };
    case 'TIMGroupTipElem':
      return { ...base, type: 'TIMGroupTipElem', payload: tipPayload(p) };
    case 'TIMGroupSystemNoticeElem':
      return {
        ...base,
        type: 'TIMGroupSystemNoticeElem',
        payload: { ...noticePayload(p), ...(num(p['operationType']) === GROUP_NOTICE.applied ? { applicationID: base.ID } : {}) },
      };
    default:
      // Face, merged-forward and other elements another Tencent client may send.
      return { ...base, type: 'TIMTextElem', payload: { text: TIM_TEXTS.unsupported } };
  }
}
