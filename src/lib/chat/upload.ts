import { CHAT_CODE, ChatError } from './client';
import type { WireDraft } from './protocol';

/** Media drafts of the `local` adapter go up as multipart before the message is sent (POST /api/im/upload). */

export type MediaKind = 'image' | 'file' | 'video' | 'sound';
export const MEDIA: Record<string, MediaKind> = {
  TIMImageElem: 'image',
  TIMFileElem: 'file',
  TIMVideoFileElem: 'video',
  TIMSoundElem: 'sound',
};

export interface UploadTarget {
  /** Where to upload; defaults to /api/im/upload on this origin. */
  url?: string | undefined;
  /** The login session's token, sent as `authToken`. */
  authToken?: (() => string | null | undefined) | undefined;
}

function uploadUrl(to: UploadTarget): string {
  if (to.url) return to.url;
  const loc = globalThis.location;
  return loc ? `${loc.origin}/api/im/upload` : '/api/im/upload';
}

/** Multipart upload (XMLHttpRequest for progress in the browser, fetch elsewhere); answers the element's payload. */
export async function uploadMedia(
  to: UploadTarget,
  kind: MediaKind,
  file: File,
  onProgress?: (p: number) => void,
): Promise<WireDraft['payload']> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file, file.name || kind);
  const token = to.authToken?.() ?? '';
  const headers: Record<string, string> = { authSource: 'web', ...(token ? { authToken: token } : {}) };
  let text: string;
  if (typeof XMLHttpRequest !== 'undefined') {
    text = await new Promise<string>((ok, fail) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', uploadUrl(to));
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.round((e.loaded / e.total) * 100));
      xhr.onload = () => ok(xhr.responseText);
      xhr.onerror = () => fail(new ChatError(CHAT_CODE.network, '上传失败，请检查网络'));
      xhr.ontimeout = () => fail(new ChatError(CHAT_CODE.timeout, '上传超时，请稍后再试'));
      xhr.send(form);
    });
  } else {
    const res = await fetch(uploadUrl(to), { method: 'POST', headers, body: form }).catch(() => {
      throw new ChatError(CHAT_CODE.network, '上传失败，请检查网络');
    });
    text = await res.text();
    onProgress?.(100);
  }
  let env: { code?: number; msg?: string; data?: { payload?: WireDraft['payload'] } };
  try {
    env = JSON.parse(text) as typeof env;
  } catch {
    throw new ChatError(CHAT_CODE.network, '上传失败，请稍后再试');
  }
  if (env.code !== 200 || !env.data?.payload) throw new ChatError(CHAT_CODE.badInput, env.msg || '上传失败');
  return env.data.payload;
}
