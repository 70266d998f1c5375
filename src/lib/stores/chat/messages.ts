import { ChatError, CHAT_CODE } from '../../chat/client';
import type { Message, MessageDraft, ImageInfo } from '../../chat/types';
import { IM_LIMITS } from '../../chat/protocol';
import { CHAT_T, CHAT_UPLOAD_MB, VOICE_MAX_S, VOICE_MIN_S } from '../../rules/chat';
import { check } from '../action';
import { isCallNegotiation } from './call';
import {
  $chatUser,
  $conversations,
  $currentID,
  $historyError,
  $historyLoading,
  $isCompleted,
  $messages,
  $nextReqMessageID,
  $progress,
  chat,
  learnNames,
} from './state';

// ---- pure reducers (unit-tested) ----

/**
 * Merges messages into a list: one entry per ID (a sent message's clientID entry is replaced by
 * the server's), ordered by sequence with unsent ones last in the order they were made.
 */
export function mergeMessages(list: readonly Message[], incoming: readonly Message[]): Message[] {
  const out = [...list];
  for (const m of incoming) {
    const i = out.findIndex((x) => x.ID === m.ID || (m.clientID && x.clientID === m.clientID && x.from === m.from));
    if (i >= 0) out[i] = m;
    else out.push(m);
  }
  return out.sort((a, b) => {
    const sa = a.sequence || Number.MAX_SAFE_INTEGER;
    const sb = b.sequence || Number.MAX_SAFE_INTEGER;
    return sa !== sb ? sa - sb : a.time - b.time;
  });
}

export function applyRevoked(list: readonly Message[], revoked: readonly { conversationID: string; ID: string }[]): Message[] {
  const ids = new Set(revoked.map((r) => r.ID));
  return list.map((m) => (ids.has(m.ID) ? { ...m, isRevoked: true } : m));
}

/** C2C read receipts: own messages up to `sequence` are read by the peer. */
export function applyPeerRead(list: readonly Message[], sequence: number): Message[] {
  return list.map((m) => (m.flow === 'out' && !m.isPeerRead && m.sequence > 0 && m.sequence <= sequence ? { ...m, isPeerRead: true } : m));
}

export function newClientID(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

// ---- actions ----

/** Drafts of messages that failed, by clientID, so 重试 sends the very same message again. */
const failedDrafts = new Map<string, MessageDraft>();
let openRound = 0;

/**
 * SPEC §4: switching conversation marks the previous and the new one read and loads the newest 15.
 * A C2C id not yet in the list (联系TA) is created by asking for its profile.
 */
export async function openConversation(conversationID: string): Promise<void> {
  const prev = $currentID.get();
  if (prev === conversationID) return;
  const round = ++openRound;
  $currentID.set(conversationID);
  $messages.set([]);
  $nextReqMessageID.set('');
  $isCompleted.set(false);
  $historyError.set('');
  const c = chat();
  if (prev) void c.setMessageRead({ conversationID: prev }).catch(() => undefined);
  if (!conversationID) return;
  if (!$conversations.get().some((x) => x.conversationID === conversationID)) {
    const conv = await c.getConversationProfile(conversationID);
    if (round !== openRound) return;
    if (!$conversations.get().some((x) => x.conversationID === conversationID)) $conversations.set([conv, ...$conversations.get()]);
  }
  await loadHistory(round);
  if (round === openRound) await c.setMessageRead({ conversationID }).catch(() => undefined);
}

/** Older messages, 15 at a time, until complete (then the pane shows 没有更多历史消息). */
export async function loadMoreHistory(): Promise<void> {
  if ($isCompleted.get() || $historyLoading.get() || !$currentID.get()) return;
  await loadHistory(openRound);
}

async function loadHistory(round: number): Promise<void> {
  const conversationID = $currentID.get();
  $historyLoading.set(true);
  $historyError.set('');
  try {
    const next = $nextReqMessageID.get();
    const page = await chat().getMessageList(next ? { conversationID, nextReqMessageID: next } : { conversationID });
    if (round !== openRound) return;
    learnNames(page.messageList.filter((m) => m.flow === 'in' && m.nick).map((m) => [m.from, m.nick] as [string, string]));
    $messages.set(mergeMessages($messages.get(), page.messageList));
    $nextReqMessageID.set(page.nextReqMessageID);
    $isCompleted.set(page.isCompleted || !page.nextReqMessageID);
  } catch (err) {
    if (round === openRound) $historyError.set(err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    if (round === openRound) $historyLoading.set(false);
  }
}

/** The local echo shown while a message is being sent. */
function echo(draft: MessageDraft): Message {
  const me = $chatUser.get()?.userID ?? '';
  const conversationID = draft.conversationID;
  const type = conversationID.startsWith('GROUP') ? 'GROUP' : 'C2C';
  const base = {
    ID: draft.clientID,
    clientID: draft.clientID,
    conversationID,
    conversationType: type,
    from: me,
    to: conversationID.replace(/^(C2C|GROUP)/, ''),
    flow: 'out',
    time: Math.floor(Date.now() / 1000),
    sequence: 0,
    status: 'unSend',
    isRevoked: false,
    isPeerRead: false,
    nick: '',
    avatar: '',
    cloudCustomData: draft.cloudCustomData ?? '',
  } as const;
  if ('file' in draft) {
    const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(draft.file) : '';
    const size = draft.file.size;
    switch (draft.type) {
      case 'TIMImageElem': {
        const info: ImageInfo = { type: 0, url, width: 0, height: 0, size };
        return {
          ...base,
          type: draft.type,
          payload: { imageFormat: draft.file.type, imageInfoArray: [info, { ...info, type: 1 }, { ...info, type: 2 }] },
        };
      }
      case 'TIMFileElem':
        return { ...base, type: draft.type, payload: { fileName: draft.file.name, fileSize: size, fileUrl: '' } };
      case 'TIMVideoFileElem':
        return {
          ...base,
          type: draft.type,
          payload: {
            videoUrl: url,
            videoSecond: 0,
            videoSize: size,
            videoFormat: draft.file.type,
            thumbUrl: '',
            thumbWidth: 0,
            thumbHeight: 0,
          },
        };
      case 'TIMSoundElem':
        return { ...base, type: draft.type, payload: { url, second: draft.second ?? 0, size } };
    }
  }
  return { ...base, type: draft.type, payload: draft.payload } as Message;
}

/** Sends a draft with an optimistic echo; a failure leaves the echo in the fail state with 重试. */
export async function sendDraft(draft: MessageDraft): Promise<Message> {
  const shown = draft.conversationID === $currentID.get();
  if (shown) $messages.set(mergeMessages($messages.get(), [echo(draft)]));
  failedDrafts.delete(draft.clientID);
  try {
    const sent = await chat().sendMessage(draft, 'file' in draft ? { onProgress: (p) => $progress.setKey(draft.clientID, p) } : {});
    if (sent.conversationID === $currentID.get()) $messages.set(mergeMessages($messages.get(), [sent]));
    return sent;
  } catch (err) {
    failedDrafts.set(draft.clientID, draft);
    if (draft.conversationID === $currentID.get()) {
      $messages.set($messages.get().map((m) => (m.clientID === draft.clientID && m.status !== 'success' ? { ...m, status: 'fail' } : m)));
    }
    throw err;
  } finally {
    const { [draft.clientID]: _, ...rest } = $progress.get();
    $progress.set(rest);
  }
}

export async function sendText(conversationID: string, raw: string): Promise<Message> {
  const text = raw.replace(/^\s+|\s+$/g, '');
  check(text ? null : CHAT_T.emptyText, 'warning');
  check(text.length > IM_LIMITS.textMax ? CHAT_T.textTooLong : null);
  return sendDraft({ conversationID, clientID: newClientID(), type: 'TIMTextElem', payload: { text } });
}

export async function sendFile(conversationID: string, kind: 'image' | 'file' | 'video', file: File): Promise<Message> {
  const mb = CHAT_UPLOAD_MB[kind];
  check(file.size > mb * 1024 * 1024 ? CHAT_T.fileTooLarge(mb) : null);
  const type = kind === 'image' ? 'TIMImageElem' : kind === 'video' ? 'TIMVideoFileElem' : 'TIMFileElem';
  return sendDraft({ conversationID, clientID: newClientID(), type, file });
}

/**
 * A voice message recorded in the browser (MediaRecorder): TIMSoundElem with its length in whole
 * seconds (at least 1, at most VOICE_MAX_S); the upload keeps the recorder's container (webm/mp4/ogg).
 */
export async function sendVoice(conversationID: string, blob: Blob, seconds: number): Promise<Message> {
  const second = Math.min(VOICE_MAX_S, Math.max(1, Math.round(seconds)));
  check(seconds < VOICE_MIN_S ? CHAT_T.voiceTooShort : null, 'warning');
  const type = blob.type.split(';')[0] || 'audio/webm';
  const ext = type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm';
  const file = new File([blob], `voice.${ext}`, { type });
  return sendDraft({ conversationID, clientID: newClientID(), type: 'TIMSoundElem', file, second });
}

export function sendCustom(conversationID: string, data: object, description: string): Promise<Message> {
  return sendDraft({
    conversationID,
    clientID: newClientID(),
    type: 'TIMCustomElem',
    payload: { data: JSON.stringify(data), description, extension: '' },
  });
}

/** 重试: the same clientID, so a send that did reach the server is not stored twice. */
export function retrySend(clientID: string): Promise<Message> {
  const draft = failedDrafts.get(clientID);
  if (!draft) throw new ChatError(CHAT_CODE.notFound, '这条消息已无法重发，请重新发送');
  return sendDraft(draft);
}

export async function recallMessage(m: Message): Promise<void> {
  await chat().revokeMessage({ conversationID: m.conversationID, ID: m.ID });
  $messages.set(applyRevoked($messages.get(), [{ conversationID: m.conversationID, ID: m.ID }]));
}

export async function deleteMessage(m: Message): Promise<void> {
  if (m.status !== 'success') failedDrafts.delete(m.clientID);
  else await chat().deleteMessage({ conversationID: m.conversationID, IDList: [m.ID] });
  $messages.set($messages.get().filter((x) => x.ID !== m.ID));
}

export async function reportMessage(m: Message, reason: string): Promise<void> {
  const r = reason.trim();
  check(r ? null : CHAT_T.reportReasonRequired, 'warning');
  await chat().reportMessage({ conversationID: m.conversationID, ID: m.ID, reason: r });
}

// ---- event reducers wired by connect.ts ----

export function onMessagesReceived(list: Message[]): void {
  const cur = $currentID.get();
  // Call negotiation (offer/answer/candidate) travels as online-only messages: not for the pane.
  const mine = list.filter((m) => m.conversationID === cur && !isCallNegotiation(m));
  learnNames(list.filter((m) => m.flow === 'in' && m.nick).map((m) => [m.from, m.nick] as [string, string]));
  if (!mine.length) return;
  $messages.set(mergeMessages($messages.get(), mine));
  // The open conversation is being read; keep its unread at zero.
  if (typeof document === 'undefined' || document.visibilityState === 'visible')
    void chat()
      .setMessageRead({ conversationID: cur })
      .catch(() => undefined);
}

/**
 * After a reconnect: the newest page of the open conversation again, merged by ID, so what arrived
 * while the socket was down shows once (the resume replay covers only conversations whose sequence
 * the client held; an empty conversation opened by 联系TA has none), and own messages' read state
 * is current. The conversation is then marked read if the page is in view.
 */
export async function refreshOpenConversation(): Promise<void> {
  const conversationID = $currentID.get();
  if (!conversationID) return;
  const page = await chat().getMessageList({ conversationID });
  if (conversationID !== $currentID.get()) return;
  const fresh = page.messageList.filter((m) => !isCallNegotiation(m));
  // Keep the peer-read and recall marks the live events already gave (a page never un-reads).
  const held = new Map($messages.get().map((m) => [m.ID, m]));
  $messages.set(
    mergeMessages(
      $messages.get(),
      fresh.map((m) => {
        const h = held.get(m.ID);
        return h ? { ...m, isPeerRead: m.isPeerRead || h.isPeerRead, isRevoked: m.isRevoked || h.isRevoked } : m;
      }),
    ),
  );
  if (typeof document === 'undefined' || document.visibilityState === 'visible')
    await chat()
      .setMessageRead({ conversationID })
      .catch(() => undefined);
}

export function onRevoked(list: { conversationID: string; ID: string }[]): void {
  const cur = $currentID.get();
  const mine = list.filter((r) => r.conversationID === cur);
  if (mine.length) $messages.set(applyRevoked($messages.get(), mine));
}

export function onReadByPeer(p: { conversationID: string; sequence: number }): void {
  if (p.conversationID === $currentID.get()) $messages.set(applyPeerRead($messages.get(), p.sequence));
}
