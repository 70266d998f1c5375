import { map } from 'nanostores';
import type { DetailedError, Upload } from 'tus-js-client';
import { api, errorText } from '../api/client';
import type { UploadVoucher, VideoInfo } from '../api/contract/seller-content';
import { videoFileError } from '../rules/seller-content';
import { check, InputError } from './action';

/**
 * A resumable lesson-video upload (tus, `tus-js-client` loaded when first used): a voucher from
 * /api/public/updateVideoVoucher, the upload in 8 MB chunks with progress, pause and resume (also
 * after a reload: the client remembers unfinished uploads of the same file), then the server's
 * processing state polled until the video can play.
 */
export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'processing' | 'done' | 'error';

export interface UploadState {
  phase: UploadPhase;
  name: string;
  loaded: number;
  total: number;
  /** 0–100. */
  percent: number;
  error: string;
  video: VideoInfo | null;
}

const CHUNK = 8 * 1024 * 1024;
const POLL_MS = 2000;
const POLL_MAX = 900;

const idle: UploadState = { phase: 'idle', name: '', loaded: 0, total: 0, percent: 0, error: '', video: null };

/** The Chinese text of a failed tus request: our server's refusal text, else a generic line. */
function tusErrorText(err: Error): string {
  const res = (err as Partial<DetailedError>).originalResponse;
  const status = res?.getStatus() ?? 0;
  const body = res?.getBody()?.trim() ?? '';
  if (status >= 400 && status < 500 && body && /[\u4e00-\u9fa5]/.test(body)) return body;
  if (status === 413) return '视频文件太大';
  return '上传中断，请检查网络后点击「继续上传」';
}

/** Where a voucher and a video's state come from: a coach's lesson videos by default, a member's 功夫圈 video. */
export interface VideoEndpoints {
  voucher: () => Promise<UploadVoucher>;
  status: (id: number) => Promise<VideoInfo>;
}
const LESSON_VIDEOS: VideoEndpoints = {
  voucher: () => api('/public/updateVideoVoucher'),
  status: (id) => api('/coach/videoStatus', { id }),
};
export const CIRCLE_VIDEOS: VideoEndpoints = {
  voucher: () => api('/member/circleVideoVoucher', {}),
  status: (id) => api('/member/circleVideoStatus', { id }),
};

export function createVideoUpload(opts: { onVideo?: (v: VideoInfo) => void; pollMs?: number; endpoints?: VideoEndpoints } = {}) {
  const ends = opts.endpoints ?? LESSON_VIDEOS;
  const $upload = map<UploadState>({ ...idle });
  let upload: Upload | null = null;
  let polling = 0;
  // A phone that switches networks (Wi-Fi → 4G) drops the request and tus gives up after its
  // retries: when the browser is back online the upload goes on from the last chunk the server has.
  const onOnline = () => {
    if ($upload.get().phase === 'error') resume();
  };
  let listening = false;

  async function poll(id: number): Promise<void> {
    const mine = ++polling;
    for (let i = 0; i < POLL_MAX && mine === polling; i++) {
      let v: VideoInfo;
      try {
        v = await ends.status(id);
      } catch (err) {
        $upload.set({ ...$upload.get(), phase: 'error', error: errorText(err) });
        return;
      }
      if (mine !== polling) return;
      $upload.set({ ...$upload.get(), video: v, phase: v.status === 'processing' ? 'processing' : 'done' });
      opts.onVideo?.(v);
      if (v.status !== 'processing') return;
      await new Promise((r) => setTimeout(r, opts.pollMs ?? POLL_MS));
    }
  }

  /** Checks the file, gets a voucher and starts (or resumes) the upload. Throws InputError for what to show. */
  async function start(file: File): Promise<void> {
    if (upload && $upload.get().phase === 'uploading') return;
    polling++;
    const v = await ends.voucher();
    if (v.provider !== 'local') throw new InputError('平台已改用腾讯云点播上传，本页暂不支持，请联系平台');
    check(videoFileError(file, Math.floor(v.max_bytes / 1024 / 1024)));
    if (!v.types.includes(file.type) && !/\.(mp4|webm)$/i.test(file.name)) {
      check(v.ffmpeg ? null : '服务器未安装转码程序，请上传 MP4 或 WebM 格式的视频');
    }
    const { Upload: TusUpload } = await import('tus-js-client');
    $upload.set({ ...idle, phase: 'uploading', name: file.name, total: file.size });
    const u = new TusUpload(file, {
      endpoint: v.upload_url,
      chunkSize: CHUNK,
      retryDelays: [0, 1000, 3000, 5000],
      headers: { 'Upload-Voucher': v.voucher },
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      removeFingerprintOnSuccess: true,
      onProgress(loaded, total) {
        $upload.set({ ...$upload.get(), loaded, total, percent: total ? Math.floor((loaded / total) * 100) : 0 });
      },
      onSuccess(payload) {
        const id = Number(payload.lastResponse.getHeader('Upload-Video-Id'));
        upload = null;
        if (!id) {
          $upload.set({ ...$upload.get(), phase: 'error', error: '上传完成，但服务器没有返回视频编号，请重试' });
          return;
        }
        $upload.set({ ...$upload.get(), phase: 'processing', percent: 100 });
        void poll(id);
      },
      onError(err) {
        $upload.set({ ...$upload.get(), phase: 'error', error: tusErrorText(err) });
      },
    });
    upload = u;
    if (!listening && typeof window !== 'undefined') {
      window.addEventListener('online', onOnline);
      listening = true;
    }
    const previous = await u.findPreviousUploads();
    if (previous[0]) u.resumeFromPreviousUpload(previous[0]);
    u.start();
  }

  function pause(): void {
    if (!upload || $upload.get().phase !== 'uploading') return;
    void upload.abort();
    $upload.setKey('phase', 'paused');
  }

  function resume(): void {
    if (!upload || !['paused', 'error'].includes($upload.get().phase)) return;
    $upload.set({ ...$upload.get(), phase: 'uploading', error: '' });
    upload.start();
  }

  /** Shows an already attached video (editing a lesson) and keeps polling while it is processing. */
  function show(v: VideoInfo | null): void {
    if (!v) return;
    $upload.set({ ...idle, phase: v.status === 'processing' ? 'processing' : 'done', name: v.name, percent: 100, video: v });
    if (v.status === 'processing') void poll(v.id);
  }

  function stop(): void {
    polling++;
    if (listening) window.removeEventListener('online', onOnline);
    listening = false;
    if (upload) void upload.abort();
    upload = null;
  }

  return { $upload, start, pause, resume, show, stop };
}
