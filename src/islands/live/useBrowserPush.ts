import { useEffect, useRef, useState } from 'react';
import { startBrowserPush, type BrowserPushSession } from '~/lib/live/browser-push';
import { fetchPushCaps } from '~/lib/stores/live';
import { useLoad } from '../ui/useLoad';

/** Frames a second of the phone's canvas push. */
const PUSH_FPS = 15;

export type PushPhase = 'idle' | 'preview' | 'live';
export type Facing = 'user' | 'environment';

function cameraError(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  return name === 'NotAllowedError'
    ? '未授权摄像头或麦克风，请在浏览器设置中允许后重试'
    : name === 'NotFoundError'
      ? '没有找到摄像头或麦克风'
      : '无法打开摄像头或麦克风';
}

/**
 * 网页开播's logic, shared by the desktop console (BrowserPush) and 手机开播: whether the server can
 * take a browser push, the camera preview, and the push itself (MediaRecorder → /live/push → ffmpeg).
 *
 * `switchable` (the phone): the push records a canvas the preview is drawn onto, not the camera track,
 * so the front/back camera can change mid-broadcast — MediaRecorder stops for good when its stream's
 * track set changes. The microphone track stays; muting disables it (silence goes out).
 */
export function useBrowserPush(opts: { switchable?: boolean; portrait?: boolean } = {}) {
  const caps = useLoad(fetchPushCaps);
  const video = useRef<HTMLVideoElement>(null);
  const media = useRef<MediaStream | null>(null);
  const session = useRef<BrowserPushSession | null>(null);
  const stopFrames = useRef<(() => void) | null>(null);
  const restartFrames = useRef<(() => void) | null>(null);
  const [phase, setPhase] = useState<PushPhase>('idle');
  const [note, setNote] = useState('');
  const [facing, setFacing] = useState<Facing>('user');
  const [micOn, setMicOn] = useState(true);

  // A phone pushes qHD portrait: enough for a phone screen, and what a mobile uplink (and the server's encoder) keeps up with.
  const videoConstraints = (f: Facing): MediaTrackConstraints =>
    opts.portrait
      ? { facingMode: f, width: { ideal: 540 }, height: { ideal: 960 } }
      : { facingMode: f, width: { ideal: 1280 }, height: { ideal: 720 } };

  const release = () => {
    media.current?.getTracks().forEach((t) => t.stop());
    media.current = null;
  };
  const stopDrawing = () => {
    stopFrames.current?.();
    stopFrames.current = null;
    restartFrames.current = null;
  };
  useEffect(
    () => () => {
      session.current?.stop();
      stopDrawing();
      release();
    },
    [],
  );

  /** Opens the camera and microphone into the preview. */
  async function preview(): Promise<boolean> {
    setNote('');
    try {
      media.current = await navigator.mediaDevices.getUserMedia({ video: videoConstraints(facing), audio: true });
      media.current.getAudioTracks().forEach((t) => (t.enabled = micOn));
      if (video.current) video.current.srcObject = media.current;
      setPhase('preview');
      return true;
    } catch (err) {
      setNote(cameraError(err));
      return false;
    }
  }

  /** The stream MediaRecorder records: the camera's, or a canvas fed from the preview (see above). */
  function pushStream(cam: MediaStream): MediaStream {
    const v = video.current;
    if (!opts.switchable || !v) return cam;
    const canvas = document.createElement('canvas');
    // The size is fixed for the broadcast (the encoder does not follow a change): the first camera's.
    canvas.width = v.videoWidth || (opts.portrait ? 540 : 1280);
    canvas.height = v.videoHeight || (opts.portrait ? 960 : 720);
    const ctx = canvas.getContext('2d');
    const paint = () => {
      if (!ctx) return;
      // No camera frame (the cameras being switched): the last picture again, so the encoder never starves.
      if (!v.videoWidth) return ctx.drawImage(canvas, 0, 0);
      // Cover the canvas: another camera with another shape is cropped, not stretched.
      const s = Math.max(canvas.width / v.videoWidth, canvas.height / v.videoHeight);
      const w = v.videoWidth * s;
      const h = v.videoHeight * s;
      ctx.drawImage(v, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h);
    };
    // 15 frames a second: smooth enough for a phone broadcast, and light on a phone's CPU (the canvas
    // is drawn in software, then encoded).
    const loop = (): (() => void) => {
      paint();
      const timer = setInterval(paint, 1000 / PUSH_FPS);
      return () => clearInterval(timer);
    };
    stopFrames.current = loop();
    // A new camera in the preview: drawing starts again on it.
    restartFrames.current = () => {
      stopFrames.current?.();
      stopFrames.current = loop();
    };
    return new MediaStream([...canvas.captureStream(PUSH_FPS).getVideoTracks(), ...cam.getAudioTracks()]);
  }

  /** Pushes into the stream of `pushKey` (from /live/start). */
  function start(pushKey: string): void {
    if (!media.current || !caps.data) return;
    try {
      session.current = startBrowserPush({
        media: pushStream(media.current),
        wsPath: caps.data.ws_path,
        pushKey,
        onLive: () => {
          setPhase('live');
          setNote('正在推流，直播间几秒后开始播放');
        },
        onEnd: (reason) => {
          session.current = null;
          stopDrawing();
          setPhase(media.current ? 'preview' : 'idle');
          setNote(reason);
        },
      });
    } catch (err) {
      stopDrawing();
      setNote(err instanceof Error ? err.message : '无法开始推流');
    }
  }

  function stop(): void {
    session.current?.stop();
  }

  /** Front ↔ back camera: the old track goes first (phones open one camera at a time). */
  async function switchCamera(): Promise<void> {
    const cam = media.current;
    if (!cam) return setFacing((f) => (f === 'user' ? 'environment' : 'user'));
    const next: Facing = facing === 'user' ? 'environment' : 'user';
    const audio = cam.getAudioTracks();
    cam.getVideoTracks().forEach((t) => t.stop());
    let fresh = await navigator.mediaDevices.getUserMedia({ video: videoConstraints(next) }).catch((err: unknown) => {
      setNote(`无法切换摄像头：${cameraError(err)}`);
      return null;
    });
    if (fresh) setFacing(next);
    // Back to the camera we had.
    else fresh = await navigator.mediaDevices.getUserMedia({ video: videoConstraints(facing) }).catch(() => null);
    // A new stream object: a <video> does not follow a track swapped inside the one it plays.
    media.current = new MediaStream([...(fresh?.getVideoTracks() ?? []), ...audio]);
    if (video.current) {
      video.current.srcObject = media.current;
      void video.current.play().catch(() => undefined);
    }
    restartFrames.current?.();
  }

  function toggleMic(): void {
    const on = !micOn;
    media.current?.getAudioTracks().forEach((t) => (t.enabled = on));
    setMicOn(on);
  }

  return { caps, video, phase, note, facing, micOn, preview, start, stop, switchCamera, toggleMic };
}
