import { api } from '../api/client';
import type { ApiPath } from '../api/types';
import { TIM_TEXTS, timErrorText } from '../rules/chat-tim';
import { CHAT_CODE, ChatError, type ChatClient } from './client';
import { IM_LIMITS } from './protocol';
import type {
  ChatEventName,
  ChatEvents,
  Conversation,
  ConversationType,
  Friend,
  FriendApplication,
  FriendGroup,
  GroupApplication,
  GroupMember,
  GroupProfile,
  GroupRole,
  GroupSystemNoticePayload,
  GroupTipPayload,
  GroupTipType,
  GroupType,
  ImageInfo,
  JoinOption,
  Message,
  MessageDraft,
  MessageRemindType,
  UserProfile,
  UserSearchResult,
} from './types';

/**
 * The `tim` adapter (DESIGN §6): ChatClient over Tencent Cloud IM's web SDK, tim-js-sdk 2.x
 * (API: https://web.sdk.qcloud.com/im/doc/en/SDK.html; shapes from the package's tim-js-friendship.d.ts).
 * Our chat types are shaped after the SDK's, so this is mostly pass-through plus normalisation
 * (group type 'Private' ↔ 'Work', gender strings, join status names, image format codes, 0–1
 * upload progress → percent) and every SDK rejection turned into a ChatError with the SDK's code
 * and a Chinese message. The SDK is loaded with import() inside login, so it is in the bundle only
 * for deployments that configure IM_PROVIDER=tim; this module itself is only imported dynamically.
 */

/** An SDK object as it arrives (the SDK types them `any`); read fields through `str`/`num`. */
type Raw = Record<string, unknown>;
type SdkResponse = { data?: unknown };
type SdkCall = (...args: never[]) => Promise<SdkResponse>;

/** The part of the SDK instance the adapter uses (a test stands in for Tencent's cloud with it). */
export interface TimSdk {
  login(p: { userID: string; userSig: string }): Promise<SdkResponse>;
  logout(): Promise<unknown>;
  on(event: string, handler: (e: { name: string; data: unknown }) => void): void;
  off(event: string, handler: (e: { name: string; data: unknown }) => void): void;
  setLogLevel(level: number): void;
  registerPlugin(plugins: Record<string, unknown>): void;
  createTextMessage(o: Raw): Raw;
  createImageMessage(o: Raw): Raw;
  createAudioMessage(o: Raw): Raw;
  createVideoMessage(o: Raw): Raw;
  createFileMessage(o: Raw): Raw;
  createCustomMessage(o: Raw): Raw;
  createLocationMessage(o: Raw): Raw;
  sendMessage(m: Raw, opts?: Raw): Promise<SdkResponse>;
  resendMessage(m: Raw): Promise<SdkResponse>;
  revokeMessage(m: Raw): Promise<SdkResponse>;
  deleteMessage(list: Raw[]): Promise<SdkResponse>;
  findMessage(ID: string): Raw | null;
  getTotalUnreadMessageCount(): number;
  [method: string]: unknown;
}
export interface TimModule {
  create(o: { SDKAppID: number }): TimSdk;
  EVENT: Record<string, string>;
}
/** Loads the SDK and its upload plugin (needed for image/file/video/sound messages). */
export type TimLoader = () => Promise<{ TIM: TimModule; uploadPlugin?: unknown }>;

const loadSdk: TimLoader = async () => {
  // The "friendship" build is the one with the relationship chain (friends, blacklist, friend groups).
  const [sdk, plugin] = await Promise.all([import('tim-js-sdk/tim-js-friendship.js'), import('tim-upload-plugin')]);
  return { TIM: sdk.default as unknown as TimModule, uploadPlugin: plugin.default };
};

/** Our HTTP endpoints the adapter needs in tim mode (searching users, reporting messages). */
export type TimHttp = (path: string, body: object) => Promise<unknown>;
// Typed contracts of these paths live with the parts that own them; the adapter only needs the data.
const postApi: TimHttp = (path, body) => (api as unknown as (p: ApiPath | string, b: object) => Promise<unknown>)(path, body);

const READY_TIMEOUT_MS = 15_000;

/* ---------- normalisation: SDK objects → our chat model ---------- */

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const obj = (v: unknown): Raw => (v && typeof v === 'object' ? (v as Raw) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const data = (r: SdkResponse): Raw => obj(r.data);

export function groupType(t: unknown): GroupType {
  if (t === 'Private' || t === 'Work') return 'Work';
  if (t === 'AVChatRoom') return 'AVChatRoom';
  return 'Public';
}
const sdkGroupType = (t: GroupType): string => (t === 'Work' ? 'Private' : t);

function role(r: unknown): GroupRole {
  return r === 'Owner' || r === 'Admin' ? r : 'Member';
}
function joinOption(j: unknown): JoinOption {
  return j === 'FreeAccess' || j === 'DisableApply' ? j : 'NeedPermission';
}
function remind(t: unknown): MessageRemindType {
  // 'Discard' does not exist in our model; muted is the nearest.
  return t === 'AcceptNotNotify' || t === 'Discard' ? 'AcceptNotNotify' : 'AcceptAndNotify';
}
function gender(g: unknown): 0 | 1 | 2 {
  // The SDK's strings; our own HTTP answers (searchUser) already use 1/2.
  return g === 'Gender_Type_Male' || g === 1 ? 1 : g === 'Gender_Type_Female' || g === 2 ? 2 : 0;
}

export function toProfile(p: unknown): UserProfile {
  const o = obj(p);
  return {
    userID: str(o['userID']),
    nick: str(o['nick']),
    avatar: str(o['avatar']),
    gender: gender(o['gender']),
    selfSignature: str(o['selfSignature']),
  };
}

export function toGroup(g: unknown): GroupProfile {
  const o = obj(g);
  const self = obj(o['selfInfo']);
  const profile: GroupProfile = {
    groupID: str(o['groupID']),
    type: groupType(o['type']),
    name: str(o['name']),
    avatar: str(o['avatar']),
    introduction: str(o['introduction']),
    notification: str(o['notification']),
    ownerID: str(o['ownerID']),
    memberCount: num(o['memberCount'] ?? o['memberNum']),
    maxMemberCount: num(o['maxMemberCount'] ?? o['maxMemberNum']),
    joinOption: joinOption(o['joinOption']),
    muteAllMembers: o['muteAllMembers'] === true || o['muteAllMembers'] === 'On',
    createTime: num(o['createTime']),
  };
  if (self['role']) {
    profile.selfInfo = {
      role: role(self['role']),
      muteUntil: num(self['muteUntil'] ?? self['muteTime']),
      messageRemindType: remind(self['messageRemindType']),
      joinTime: num(self['joinTime']),
    };
  }
  return profile;
}

export function toMember(m: unknown): GroupMember {
  const o = obj(m);
  return {
    userID: str(o['userID']),
    nick: str(o['nick']),
    avatar: str(o['avatar']),
    role: role(o['role']),
    nameCard: str(o['nameCard']),
    joinTime: num(o['joinTime']),
    muteUntil: num(o['muteUntil']),
  };
}

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
  if (operationType === 6) {
    const np = obj(p['newGroupProfile']);
    const picked: NonNullable<GroupTipPayload['newGroupProfile']> = {};
    for (const k of ['name', 'avatar', 'introduction', 'notification', 'ownerID'] as const) if (k in np) picked[k] = str(np[k]);
    if ('muteAllMembers' in np) picked.muteAllMembers = np['muteAllMembers'] === true || np['muteAllMembers'] === 'On';
    tip.newGroupProfile = picked;
  }
  if (operationType === 7) tip.muteTime = sdkType === 11 ? 0 : num(members[0]?.['muteTime'] ?? p['muteTime']);
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
        payload: { ...noticePayload(p), ...(num(p['operationType']) === 1 ? { applicationID: base.ID } : {}) },
      };
    default:
      // Face, merged-forward and other elements another Tencent client may send.
      return { ...base, type: 'TIMTextElem', payload: { text: TIM_TEXTS.unsupported } };
  }
}

export function toConversation(c: unknown): Conversation {
  const o = obj(c);
  const last = o['lastMessage'] ? obj(o['lastMessage']) : null;
  const type = str(o['type']);
  const conv: Conversation = {
    conversationID: str(o['conversationID']),
    type: type === 'GROUP' || type === '@TIM#SYSTEM' ? type : 'C2C',
    unreadCount: num(o['unreadCount']),
    lastMessage:
      last && last['lastTime']
        ? {
            fromAccount: str(last['fromAccount']),
            messageForShow: str(last['messageForShow']),
            lastTime: num(last['lastTime']),
            lastSequence: num(last['lastSequence']),
            type: (str(last['type']) || 'TIMTextElem') as Message['type'],
            isRevoked: last['isRevoked'] === true,
          }
        : null,
    isPinned: o['isPinned'] === true,
    messageRemindType: remind(o['messageRemindType']),
    peerReadTime: num(o['peerReadTime']),
  };
  if (conv.type === 'C2C' && o['userProfile']) conv.userProfile = { ...toProfile(o['userProfile']), remark: str(o['remark']) };
  if (conv.type === 'GROUP' && o['groupProfile']) {
    const g = toGroup(o['groupProfile']);
    conv.groupProfile = { groupID: g.groupID, name: g.name, avatar: g.avatar, type: g.type, memberCount: g.memberCount };
  }
  return conv;
}

/** Live rooms (AVChatRoom) never show in the conversation or group lists (issue 14 §1). */
const notRoom = (c: Conversation) => c.groupProfile?.type !== 'AVChatRoom';

export function toFriend(f: unknown): Friend {
  const o = obj(f);
  return { userID: str(o['userID']), remark: str(o['remark']), groupList: arr(o['groupList']).map(str), profile: toProfile(o['profile']) };
}
export function toFriendApplication(a: unknown): FriendApplication {
  const o = obj(a);
  return {
    userID: str(o['userID']),
    nick: str(o['nick']),
    avatar: str(o['avatar']),
    wording: str(o['wording']),
    time: num(o['time']),
    type: o['type'] === 'Pendency_Type_SendOut' ? 'Pendency_Type_SendOut' : 'Pendency_Type_ComeIn',
  };
}
export function toFriendGroup(g: unknown): FriendGroup {
  const o = obj(g);
  const ids = arr(o['userIDList']).map(str);
  return { name: str(o['name']), count: num(o['count'] ?? ids.length), userIDList: ids };
}

/** Turns any SDK rejection ({code, message}) into a ChatError with a Chinese message. */
export function toChatError(e: unknown): ChatError {
  if (e instanceof ChatError) return e;
  const o = obj(e);
  const code = typeof o['code'] === 'number' ? o['code'] : CHAT_CODE.network;
  return new ChatError(code, timErrorText(code, str(o['message'])));
}

/** 'C2C12' → to '12', C2C; 'GROUPg1' → to 'g1', GROUP. */
function target(conversationID: string): { to: string; conversationType: 'C2C' | 'GROUP' } {
  if (conversationID.startsWith('C2C')) return { to: conversationID.slice(3), conversationType: 'C2C' };
  if (conversationID.startsWith('GROUP')) return { to: conversationID.slice(5), conversationType: 'GROUP' };
  throw new ChatError(CHAT_CODE.badInput, '无法向该会话发送消息');
}

const SYSTEM = '@TIM#SYSTEM';

/** The SDK's event names (TIM.EVENT keys) and what each becomes in ChatEvents. */
const EVENT_KEYS = [
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

/** Extra group profile fields getGroupList must ask for (the SDK pulls only a few by default). */
const GROUP_FILTER = ['ownerID', 'createTime', 'memberNum', 'maxMemberNum', 'joinOption', 'introduction', 'notification', 'muteAllMembers'];

export function createTimClient(sdkAppID: number, deps: { load?: TimLoader; http?: TimHttp } = {}): ChatClient {
  const load = deps.load ?? loadSdk;
  const http = deps.http ?? postApi;
  const handlers = new Map<ChatEventName, Set<(d: never) => void>>();
  let tim: TimSdk | null = null;
  let sdkEvents: Record<string, string> = {};
  const attached: [string, (e: { name: string; data: unknown }) => void][] = [];
  let ready = false;
  /** Messages we sent, by clientID: a retry resends the same SDK message instead of a new one. */
  const sent = new Map<string, Raw>();
  /** Group applications already agreed/refused here (their notices stay in @TIM#SYSTEM). */
  const handled = new Set<string>();
  /** IDs already emitted: the SDK may repeat a message after a reconnect; the UI must see it once. */
  const seen = new Set<string>();
  const SEEN_MAX = 5000;
  function remember(ID: string): void {
    seen.add(ID);
    // Sets keep insertion order: forget the oldest so a long session stays bounded.
    if (seen.size > SEEN_MAX) for (const old of seen) if (seen.delete(old) && seen.size <= SEEN_MAX) break;
  }

  function emit<K extends ChatEventName>(event: K, payload: ChatEvents[K]): void {
    for (const h of handlers.get(event) ?? []) (h as (d: ChatEvents[K]) => void)(payload);
  }

  function sdk(): TimSdk {
    if (!tim || !ready) throw new ChatError(CHAT_CODE.notLoggedIn, timErrorText(CHAT_CODE.notLoggedIn, ''));
    return tim;
  }

  /** Calls an SDK method by name; rejections become ChatErrors. */
  async function call(method: string, ...args: unknown[]): Promise<SdkResponse> {
    const t = sdk();
    const fn = t[method] as SdkCall | undefined;
    if (typeof fn !== 'function') throw new ChatError(CHAT_CODE.badInput, TIM_TEXTS.unknown(CHAT_CODE.badInput));
    try {
      return await (fn as (...a: unknown[]) => Promise<SdkResponse>).apply(t, args);
    } catch (e) {
      throw toChatError(e);
    }
  }

  function translate(key: EventKey, d: unknown): void {
    switch (key) {
      case 'SDK_READY':
        ready = true;
        return emit('ready', undefined);
      case 'SDK_NOT_READY':
        ready = false;
        return emit('notReady', undefined);
      case 'MESSAGE_RECEIVED': {
        const fresh = arr(d)
          .map((m) => toMessage(m))
          .filter((m) => !seen.has(m.ID));
        fresh.forEach((m) => remember(m.ID));
        if (fresh.length)
          emit(
            'messageReceived',
            fresh.sort((a, b) => a.time - b.time || a.sequence - b.sequence),
          );
        return;
      }
      case 'MESSAGE_REVOKED':
        return emit(
          'messageRevoked',
          arr(d).map((m) => ({ conversationID: str(obj(m)['conversationID']), ID: str(obj(m)['ID']) })),
        );
      case 'MESSAGE_READ_BY_PEER': {
        const list = arr(d).map(obj);
        const first = list[0];
        if (!first) return;
        return emit('messageReadByPeer', {
          conversationID: str(first['conversationID']),
          sequence: Math.max(...list.map((m) => num(m['sequence']))),
          time: Math.max(...list.map((m) => num(m['time']))),
        });
      }
      case 'CONVERSATION_LIST_UPDATED':
        return emit('conversationListUpdated', arr(d).map(toConversation).filter(notRoom));
      case 'TOTAL_UNREAD_MESSAGE_COUNT_UPDATED':
        return emit('totalUnreadMessageCountUpdated', num(d));
      case 'GROUP_LIST_UPDATED':
        return emit(
          'groupListUpdated',
          arr(d)
            .map(toGroup)
            .filter((g) => g.type !== 'AVChatRoom'),
        );
      case 'GROUP_ATTRIBUTES_UPDATED':
        return emit('groupAttributesUpdated', { groupID: str(obj(d)['groupID']) });
      case 'FRIEND_LIST_UPDATED':
        return emit('friendListUpdated', arr(d).map(toFriend));
      case 'FRIEND_APPLICATION_LIST_UPDATED':
        return emit('friendApplicationListUpdated', {
          applicationList: arr(obj(d)['applicationList']).map(toFriendApplication),
          unreadCount: num(obj(d)['unreadCount']),
        });
      case 'FRIEND_GROUP_LIST_UPDATED':
        return emit('friendGroupListUpdated', arr(d).map(toFriendGroup));
      case 'BLACKLIST_UPDATED':
        return emit('blacklistUpdated', arr(d).map(str));
      case 'PROFILE_UPDATED':
        return emit('profileUpdated', arr(d).map(toProfile));
      case 'NET_STATE_CHANGE': {
        const s = obj(d)['state'];
        return emit('netStateChange', s === 'connected' || s === 'connecting' ? s : 'disconnected');
      }
      case 'KICKED_OUT': {
        ready = false;
        // REST_API_Kick: our server ended every login of the member (password change, reset, disable).
        const type = obj(d)['type'];
        return emit('kickedOut', {
          reason: type === 'userSigExpired' ? 'userSigExpired' : type === 'REST_API_Kick' ? 'sessionEnded' : 'multipleAccount',
        });
      }
      case 'ERROR': {
        const err = toChatError(d);
        return emit('error', { code: err.code, message: err.message });
      }
    }
  }

  function detach(): void {
    if (tim) for (const [name, h] of attached) tim.off(name, h);
    attached.length = 0;
  }

  async function sendDraft(
    draft: MessageDraft,
    opts: { onProgress?: (percent: number) => void; onlineUserOnly?: boolean },
  ): Promise<Message> {
    const t = sdk();
    const prior = sent.get(draft.clientID);
    if (prior) {
      if (prior['status'] === 'success') return toMessage(prior, draft.clientID);
      if (prior['status'] === 'fail') {
        try {
          const out = obj(data(await t.resendMessage(prior))['message']);
          return toMessage(Object.keys(out).length ? out : prior, draft.clientID);
        } catch (e) {
          throw toChatError(e);
        }
      }
    }
    const to = target(draft.conversationID);
    const common: Raw = { ...to, ...(draft.cloudCustomData ? { cloudCustomData: draft.cloudCustomData } : {}) };
    // The SDK reports upload progress as a fraction 0–1.
    const onProgress = (f: number) => opts.onProgress?.(Math.max(0, Math.min(100, Math.round((f <= 1 ? f * 100 : f) || 0))));
    let msg: Raw;
    try {
      switch (draft.type) {
        case 'TIMTextElem':
          msg = t.createTextMessage({ ...common, payload: { text: draft.payload.text } });
          break;
        case 'TIMLocationElem':
          msg = t.createLocationMessage({ ...common, payload: { ...draft.payload } });
          break;
        case 'TIMCustomElem':
          msg = t.createCustomMessage({ ...common, payload: { ...draft.payload } });
          break;
        case 'TIMImageElem':
          msg = t.createImageMessage({ ...common, payload: { file: draft.file }, onProgress });
          break;
        case 'TIMFileElem':
          msg = t.createFileMessage({ ...common, payload: { file: draft.file }, onProgress });
          break;
        case 'TIMVideoFileElem':
          msg = t.createVideoMessage({ ...common, payload: { file: draft.file }, onProgress });
          break;
        case 'TIMSoundElem':
          msg = t.createAudioMessage({ ...common, payload: { file: draft.file, second: draft.second ?? 0 }, onProgress });
          break;
      }
    } catch (e) {
      throw toChatError(e);
    }
    if (!opts.onlineUserOnly) sent.set(draft.clientID, msg);
    try {
      const r = await t.sendMessage(msg, opts.onlineUserOnly ? { onlineUserOnly: true } : undefined);
      const out = obj(data(r)['message']);
      const m = toMessage(Object.keys(out).length ? out : msg, draft.clientID);
      if (!opts.onlineUserOnly) remember(m.ID);
      return opts.onlineUserOnly ? { ...m, sequence: 0 } : m;
    } catch (e) {
      throw toChatError(e);
    }
  }

  /** A message the SDK holds in memory (revoke/delete need the object, not an ID). */
  function held(ID: string): Raw {
    const m = sdk().findMessage(ID);
    if (!m) throw new ChatError(CHAT_CODE.notFound, TIM_TEXTS.messageGone);
    return m;
  }

  const client: ChatClient = {
    provider: 'tim',

    async login({ userID, userSig }) {
      let loaded;
      try {
        loaded = await load();
      } catch {
        throw new ChatError(CHAT_CODE.network, timErrorText(CHAT_CODE.network, ''));
      }
      const { TIM, uploadPlugin } = loaded;
      detach();
      ready = false;
      tim = TIM.create({ SDKAppID: sdkAppID });
      tim.setLogLevel(1);
      if (uploadPlugin) tim.registerPlugin({ 'tim-upload-plugin': uploadPlugin });
      sdkEvents = TIM.EVENT;
      const sdkNow = tim;
      let stopWaiting = () => {};
      const readyNow = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChatError(CHAT_CODE.timeout, TIM_TEXTS.loginTimeout)), READY_TIMEOUT_MS);
        stopWaiting = () => clearTimeout(timer);
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        const name = sdkEvents['SDK_READY'] ?? 'sdkStateReady';
        attached.push([name, onReady]);
        sdkNow.on(name, onReady);
      });
      // A failed login must not leave the ready wait to reject unobserved later.
      readyNow.catch(() => {});
      for (const key of EVENT_KEYS) {
        const name = sdkEvents[key];
        if (!name) continue;
        const h = (e: { name: string; data: unknown }) => translate(key, e?.data);
        attached.push([name, h]);
        tim.on(name, h);
      }
      let res: SdkResponse;
      try {
        res = await tim.login({ userID, userSig });
      } catch (e) {
        stopWaiting();
        detach();
        throw toChatError(e);
      }
      // Already logged in (TIM.create hands back the same instance): the SDK is ready and says so only here.
      if (data(res)['repeatLogin'] === true) {
        stopWaiting();
        ready = true;
        return;
      }
      // Calls are refused until SDK_READY (the SDK's rule), so login resolves only then.
      await readyNow;
    },

    async logout() {
      if (!tim) return;
      try {
        await tim.logout();
      } catch (e) {
        throw toChatError(e);
      } finally {
        detach();
        ready = false;
        sent.clear();
        seen.clear();
      }
    },

    isReady: () => ready,

    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler as (d: never) => void);
      return () => set.delete(handler as (d: never) => void);
    },

    async getMyProfile() {
      return toProfile((await call('getMyProfile')).data);
    },
    async getUserProfile({ userIDList }) {
      return arr((await call('getUserProfile', { userIDList })).data).map(toProfile);
    },
    async searchUser({ keyword }) {
      // Tencent IM has no search by phone: our server answers (POST /api/im/searchUser).
      const d = await http('/im/searchUser', { keyword });
      const list = Array.isArray(d) ? d : arr(obj(d)['list']);
      return list.map((u): UserSearchResult => ({ ...toProfile(u), isFriend: obj(u)['isFriend'] === true }));
    },

    async getConversationList() {
      return arr(data(await call('getConversationList'))['conversationList'])
        .map(toConversation)
        .filter(notRoom);
    },
    async getConversationProfile(conversationID) {
      return toConversation(data(await call('getConversationProfile', conversationID))['conversation']);
    },
    async deleteConversation(conversationID) {
      await call('deleteConversation', conversationID);
    },
    async pinConversation({ conversationID, isPinned }) {
      await call('pinConversation', { conversationID, isPinned });
    },
    async setMessageRemindType({ conversationID, messageRemindType }) {
      const t = target(conversationID);
      await call(
        'setMessageRemindType',
        t.conversationType === 'C2C' ? { userIDList: [t.to], messageRemindType } : { groupID: t.to, messageRemindType },
      );
    },
    async setMessageRead({ conversationID }) {
      await call('setMessageRead', { conversationID });
    },
    getTotalUnreadMessageCount: () => (tim && ready ? tim.getTotalUnreadMessageCount() : 0),

    async getMessageList({ conversationID, nextReqMessageID }) {
      // The SDK pages 15 at a time (IM_LIMITS.historyPage), oldest first, as our model does.
      const d = data(await call('getMessageList', { conversationID, ...(nextReqMessageID ? { nextReqMessageID } : {}) }));
      const messageList = arr(d['messageList']).map((m) => toMessage(m));
      messageList.forEach((m) => remember(m.ID));
      const isCompleted = d['isCompleted'] === true;
      return { messageList, nextReqMessageID: isCompleted ? '' : str(d['nextReqMessageID']), isCompleted };
    },
    sendMessage: (draft, opts = {}) => sendDraft(draft, opts),
    async revokeMessage({ ID }) {
      const m = held(ID);
      try {
        await sdk().revokeMessage(m);
      } catch (e) {
        throw toChatError(e);
      }
    },
    async deleteMessage({ IDList }) {
      const list = IDList.map(held);
      try {
        await sdk().deleteMessage(list);
      } catch (e) {
        throw toChatError(e);
      }
    },
    async reportMessage({ conversationID, ID, reason }) {
      // Reports feed our operator console, not Tencent: send the content along (the server cannot read Tencent's store).
      const m = toMessage(held(ID));
      await http('/im/report', {
        conversationID,
        ID,
        reason,
        snapshot: { from: m.from, time: m.time, type: m.type, payload: JSON.stringify(m.payload) },
      });
    },

    async getFriendList() {
      return arr((await call('getFriendList')).data).map(toFriend);
    },
    async addFriend({ to, wording, remark, groupName }) {
      await call('addFriend', {
        to,
        source: 'AddSource_Type_Web',
        wording,
        type: 'Add_Type_Both',
        ...(remark ? { remark } : {}),
        ...(groupName ? { groupName } : {}),
      });
    },
    async deleteFriend({ userIDList }) {
      await call('deleteFriend', { userIDList, type: 'Delete_Type_Both' });
    },
    async updateFriend({ userID, remark }) {
      await call('updateFriend', { userID, remark });
    },
    async getFriendApplicationList() {
      const d = data(await call('getFriendApplicationList'));
      return { applicationList: arr(d['applicationList']).map(toFriendApplication), unreadCount: num(d['unreadCount']) };
    },
    async acceptFriendApplication({ userID, remark }) {
      await call('acceptFriendApplication', { userID, type: 'Response_Action_AgreeAndAdd', ...(remark ? { remark } : {}) });
    },
    async refuseFriendApplication({ userID }) {
      await call('refuseFriendApplication', { userID });
    },
    async getFriendGroupList() {
      return arr((await call('getFriendGroupList')).data).map(toFriendGroup);
    },
    async createFriendGroup({ name, userIDList }) {
      await call('createFriendGroup', { name, userIDList });
    },
    async deleteFriendGroup({ name }) {
      await call('deleteFriendGroup', { name });
    },
    async renameFriendGroup({ oldName, newName }) {
      await call('renameFriendGroup', { oldName, newName });
    },
    async addToFriendGroup({ name, userIDList }) {
      await call('addToFriendGroup', { name, userIDList });
    },
    async removeFromFriendGroup({ name, userIDList }) {
      await call('removeFromFriendGroup', { name, userIDList });
    },

    async getBlacklist() {
      return arr((await call('getBlacklist')).data).map(str);
    },
    async addToBlacklist({ userIDList }) {
      await call('addToBlacklist', { userIDList });
    },
    async removeFromBlacklist({ userIDList }) {
      await call('removeFromBlacklist', { userIDList });
    },

    async getGroupList() {
      return arr(data(await call('getGroupList', { groupProfileFilter: GROUP_FILTER }))['groupList'])
        .map(toGroup)
        .filter((g) => g.type !== 'AVChatRoom');
    },
    async getGroupProfile({ groupID }) {
      return toGroup(data(await call('getGroupProfile', { groupID }))['group']);
    },
    async searchGroupByID(groupID) {
      return toGroup(data(await call('searchGroupByID', groupID))['group']);
    },
    async createGroup({ type, name, avatar, introduction, joinOption: jo, memberList }) {
      const d = data(
        await call('createGroup', {
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
      return toGroup(data(await call('updateGroupProfile', { groupID, ...patch }))['group']);
    },
    async joinGroup({ groupID, applyMessage }) {
      const d = data(await call('joinGroup', { groupID, ...(applyMessage ? { applyMessage } : {}) }));
      const s = d['status'];
      return { status: s === 'WaitAdminApproval' ? 'WaitAdminOK' : s === 'AlreadyInGroup' ? 'AlreadyInGroup' : 'Success' };
    },
    async quitGroup(groupID) {
      await call('quitGroup', groupID);
    },
    async dismissGroup(groupID) {
      await call('dismissGroup', groupID);
    },
    async changeGroupOwner({ groupID, newOwnerID }) {
      await call('changeGroupOwner', { groupID, newOwnerID });
    },
    async getGroupMemberList({ groupID, offset = 0, count = IM_LIMITS.memberPage }) {
      const d = data(await call('getGroupMemberList', { groupID, offset, count }));
      const memberList = arr(d['memberList']).map(toMember);
      // Newer SDKs answer the next offset (0 = done); older ones do not, then a short page means done.
      const next = typeof d['offset'] === 'number' ? d['offset'] : memberList.length < count ? 0 : offset + memberList.length;
      const isCompleted = next === 0 || memberList.length < count;
      return { memberList, offset: isCompleted ? 0 : next, isCompleted };
    },
    async addGroupMember({ groupID, userIDList }) {
      const d = data(await call('addGroupMember', { groupID, userIDList }));
      return { successUserIDList: arr(d['successUserIDList']).map((x) => (typeof x === 'string' ? x : str(obj(x)['userID']))) };
    },
    async deleteGroupMember({ groupID, userIDList, reason }) {
      await call('deleteGroupMember', { groupID, userIDList, ...(reason ? { reason } : {}) });
    },
    async setGroupMemberRole({ groupID, userID, role: r }) {
      await call('setGroupMemberRole', { groupID, userID, role: r });
    },
    async setGroupMemberMuteTime({ groupID, userID, muteTime }) {
      await call('setGroupMemberMuteTime', { groupID, userID, muteTime });
    },
    async getGroupApplicationList() {
      // tim-js-sdk 2.x delivers join applications as group system notices (type 1) in @TIM#SYSTEM.
      const out: GroupApplication[] = [];
      let next: string | undefined;
      for (let page = 0; page < 10; page++) {
        const d = data(await call('getMessageList', { conversationID: SYSTEM, ...(next ? { nextReqMessageID: next } : {}) }));
        for (const raw of arr(d['messageList'])) {
          const m = toMessage(raw);
          if (m.type !== 'TIMGroupSystemNoticeElem' || m.payload.operationType !== 1 || handled.has(m.ID)) continue;
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
      const message = sdk().findMessage(applicationID);
      if (!message || handled.has(applicationID)) throw new ChatError(CHAT_CODE.notFound, TIM_TEXTS.applicationGone);
      await call('handleGroupApplication', { handleAction, message, ...(handleMessage ? { handleMessage } : {}) });
      handled.add(applicationID);
    },
  };
  return client;
}
