import { atom } from 'nanostores';
import { api } from '../api/client';
import { CRITIQUE_LIMITS } from '../rules/critique';
import { CHAT_T } from '../rules/chat';
import { check } from './action';

/**
 * The coach's voice comment: recorded with MediaRecorder (the chat composer's containers and messages),
 * stopped by the coach or at CRITIQUE_LIMITS.voiceMaxS, then uploaded as a private file whose path the
 * critique keeps. Re-recording replaces it; deleting clears it.
 */

/** Containers MediaRecorder may make, best first (Safari records mp4, Chrome and Firefox webm/ogg). */
const TYPES = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/webm'];

export const VOICE_T = {
  tooShort: '录音太短，请至少说 1 秒',
  recording: '录音中…',
} as const;

export function voiceSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** Whole seconds of a recording, as the server keeps them (1..voiceMaxS). */
export const voiceSeconds = (ms: number): number => Math.min(CRITIQUE_LIMITS.voiceMaxS, Math.max(1, Math.round(ms / 1000)));

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((ok, fail) => {
    const r = new FileReader();
    r.onload = () => ok(String(r.result));
    r.onerror = () => fail(new Error('read failed'));
    r.readAsDataURL(blob);
  });
}

export function createVoiceRecorder() {
  /** Set when the recording reached voiceMaxS: the view stops and uploads it. */
  const $atLimit = atom(false);
  const $phase = atom<'idle' | 'starting' | 'recording'>('idle');
  const $startedAt = atom(0);
  let recorder: MediaRecorder | null = null;
  let chunks: Blob[] = [];
  let limit: ReturnType<typeof setTimeout> | null = null;

  async function start(): Promise<void> {
    if ($phase.get() !== 'idle') return;
    check(voiceSupported() ? null : CHAT_T.voiceUnsupported);
    $phase.set('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      $phase.set('idle');
      check(CHAT_T.voiceDenied);
      return;
    }
    const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t));
    const r = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    recorder = r;
    chunks = [];
    r.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    r.start();
    $startedAt.set(Date.now());
    $phase.set('recording');
    $atLimit.set(false);
    limit = setTimeout(() => $atLimit.set(true), CRITIQUE_LIMITS.voiceMaxS * 1000);
  }

  /** Ends the recording and uploads it: the stored path, a URL to play it and its seconds. */
  async function stop(): Promise<{ path: string; url: string; seconds: number } | null> {
    const r = recorder;
    if (limit) clearTimeout(limit);
    limit = null;
    recorder = null;
    const ms = Date.now() - $startedAt.get();
    $phase.set('idle');
    if (!r) return null;
    const done = new Promise<void>((resolve) => {
      r.onstop = () => resolve();
    });
    r.stop();
    for (const t of r.stream.getTracks()) t.stop();
    await done;
    check(ms < 1000 ? VOICE_T.tooShort : null, 'warning');
    const blob = new Blob(chunks, { type: r.mimeType || 'audio/webm' });
    chunks = [];
    const seconds = voiceSeconds(ms);
    const up = await api('/seller/homework/critiqueVoice', { audio: await dataUrl(blob), seconds });
    return { ...up, seconds };
  }

  return { $phase, $startedAt, $atLimit, start, stop };
}
export type VoiceRecorder = ReturnType<typeof createVoiceRecorder>;
