import type { ChatClient } from '../client';
import { conversationPart } from './conversations';
import { friendPart } from './friends';
import { groupPart } from './groups';
import { messagePart } from './messages';
import { loadSdk, postApi, type TimHttp, type TimLoader } from './sdk';
import { sessionPart } from './session';
import { createState } from './state';

/**
 * The `tim` adapter (DESIGN §6): ChatClient over Tencent Cloud IM's web SDK, tim-js-sdk 2.x
 * (API: https://web.sdk.qcloud.com/im/doc/en/SDK.html; shapes from the package's tim-js-friendship.d.ts).
 * Our chat types are shaped after the SDK's, so this is mostly pass-through plus normalisation
 * (group type 'Private' ↔ 'Work', gender strings, join status names, image format codes, 0–1
 * upload progress → percent) and every SDK rejection turned into a ChatError with the SDK's code
 * and a Chinese message. The SDK is loaded with import() inside login, so it is in the bundle only
 * for deployments that configure IM_PROVIDER=tim; this module itself is only imported dynamically.
 *
 * Files: sdk (the SDK's surface and loader), map + message (SDK objects → our chat model), state (what
 * one client holds), events (SDK events → ChatEvents), and one part per area of ChatClient.
 */
export function createTimClient(sdkAppID: number, deps: { load?: TimLoader; http?: TimHttp } = {}): ChatClient {
  const s = createState(sdkAppID, deps.load ?? loadSdk, deps.http ?? postApi);
  return {
    provider: 'tim',
    ...sessionPart(s),
    ...conversationPart(s),
    ...messagePart(s),
    ...friendPart(s),
    ...groupPart(s),
  };
}

export { groupType, toChatError, toConversation, toFriend, toFriendApplication, toFriendGroup, toGroup, toMember, toProfile } from './map';
export { toMessage } from './message';
export type { TimHttp, TimLoader, TimModule, TimSdk } from './sdk';
