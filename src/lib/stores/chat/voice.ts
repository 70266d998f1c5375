import { atom } from 'nanostores';
import { CHAT_T, VOICE_MAX_S } from '../../rules/chat';
import { check } from '../action';
import { sendVoice } from './messages';

/** The voice recorder of the composer: idle, or recording since `startedAt` (ms). */
export const $voice = atom<{ phase: 'idle' | 'starting' | 'recording'; startedAt: number }>({ phase: 'idle', startedAt: 0 });

/** Containers MediaRecorder may make, best first (Safari records mp4, Chrome and Firefox webm/ogg). */
const TYPES = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/webm'];

let recorder: MediaRecorder | null = null;
let chunks: Blob[] = [];
let limit: ReturnType<typeof setTimeout> | null = null;
let conversation = '';
/** Released before the microphone answered: the recording must not start. */
let aborted = false;

export function voiceSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** Starts recording for `conversationID` (asks for the microphone); stops by itself at VOICE_MAX_S and sends. */
export async function startVoice(conversationID: string): Promise<void> {
  if ($voice.get().phase !== 'idle') return;
  check(voiceSupported() ? null : CHAT_T.voiceUnsupported);
  $voice.set({ phase: 'starting', startedAt: 0 });
  aborted = false;
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    $voice.set({ phase: 'idle', startedAt: 0 });
    check(CHAT_T.voiceDenied);
    return;
  }
  if (aborted) {
    for (const t of stream.getTracks()) t.stop();
    $voice.set({ phase: 'idle', startedAt: 0 });
    return;
  }
  const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  const r = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  recorder = r;
  chunks = [];
  conversation = conversationID;
  r.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  r.start();
  $voice.set({ phase: 'recording', startedAt: Date.now() });
  limit = setTimeout(() => void stopVoice(true).catch(() => undefined), VOICE_MAX_S * 1000);
}

/** Ends the recording; `send` sends it (refused under a second: 说话时间太短), otherwise it is dropped. */
export async function stopVoice(send: boolean): Promise<void> {
  const r = recorder;
  const { startedAt, phase } = $voice.get();
  if (phase === 'starting') {
    aborted = true;
    check(send ? CHAT_T.voiceTooShort : null, 'warning');
    return;
  }
  if (limit) clearTimeout(limit);
  limit = null;
  recorder = null;
  $voice.set({ phase: 'idle', startedAt: 0 });
  if (!r || phase !== 'recording') return;
  const seconds = (Date.now() - startedAt) / 1000;
  const done = new Promise<void>((resolve) => {
    r.onstop = () => resolve();
  });
  r.stop();
  for (const t of r.stream.getTracks()) t.stop();
  await done;
  if (!send) return;
  const blob = new Blob(chunks, { type: r.mimeType || 'audio/webm' });
  chunks = [];
  await sendVoice(conversation, blob, seconds);
}
