import { TIM_TEXTS } from '../../rules/chat-tim';
import { CHAT_CODE, ChatError, type ChatClient } from '../client';
import type { Message, MessageDraft } from '../types';
import { target, toChatError } from './map';
import { toMessage } from './message';
import { arr, data, obj, str, type Raw } from './sdk';
import { call, remember, sdk, type TimState } from './state';

async function sendDraft(
  s: TimState,
  draft: MessageDraft,
  opts: { onProgress?: (percent: number) => void; onlineUserOnly?: boolean },
): Promise<Message> {
  const t = sdk(s);
  const prior = s.sent.get(draft.clientID);
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
  if (!opts.onlineUserOnly) s.sent.set(draft.clientID, msg);
  try {
    const r = await t.sendMessage(msg, opts.onlineUserOnly ? { onlineUserOnly: true } : undefined);
    const out = obj(data(r)['message']);
    const m = toMessage(Object.keys(out).length ? out : msg, draft.clientID);
    if (!opts.onlineUserOnly) remember(s, m.ID);
    return opts.onlineUserOnly ? { ...m, sequence: 0 } : m;
  } catch (e) {
    throw toChatError(e);
  }
}

/** A message the SDK holds in memory (revoke/delete need the object, not an ID). */
function held(s: TimState, ID: string): Raw {
  const m = sdk(s).findMessage(ID);
  if (!m) throw new ChatError(CHAT_CODE.notFound, TIM_TEXTS.messageGone);
  return m;
}

/** History, sending (with upload progress and retry), revoke, delete and reports to our console. */
export function messagePart(
  s: TimState,
): Pick<ChatClient, 'getMessageList' | 'sendMessage' | 'revokeMessage' | 'deleteMessage' | 'reportMessage'> {
  return {
    async getMessageList({ conversationID, nextReqMessageID }) {
      // The SDK pages 15 at a time (IM_LIMITS.historyPage), oldest first, as our model does.
      const d = data(await call(s, 'getMessageList', { conversationID, ...(nextReqMessageID ? { nextReqMessageID } : {}) }));
      const messageList = arr(d['messageList']).map((m) => toMessage(m));
      messageList.forEach((m) => remember(s, m.ID));
      const isCompleted = d['isCompleted'] === true;
      return { messageList, nextReqMessageID: isCompleted ? '' : str(d['nextReqMessageID']), isCompleted };
    },
    sendMessage: (draft, opts = {}) => sendDraft(s, draft, opts),
    async revokeMessage({ ID }) {
      const m = held(s, ID);
      try {
        await sdk(s).revokeMessage(m);
      } catch (e) {
        throw toChatError(e);
      }
    },
    async deleteMessage({ IDList }) {
      const list = IDList.map((ID) => held(s, ID));
      try {
        await sdk(s).deleteMessage(list);
      } catch (e) {
        throw toChatError(e);
      }
    },
    async reportMessage({ conversationID, ID, reason }) {
      // Reports feed our operator console, not Tencent: send the content along (the server cannot read Tencent's store).
      const m = toMessage(held(s, ID));
      await s.http('/im/report', {
        conversationID,
        ID,
        reason,
        snapshot: { from: m.from, time: m.time, type: m.type, payload: JSON.stringify(m.payload) },
      });
    },
  };
}
