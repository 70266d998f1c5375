import { useEffect, useRef, useState } from 'react';
import { startBrowserPush, type BrowserPushSession } from '~/lib/live/browser-push';
import { fetchPushCaps } from '~/lib/stores/live';
import { useLoad } from '../ui/useLoad';

type Phase = 'idle' | 'preview' | 'live';

/**
 * 网页开播: the anchor's camera and microphone straight from the page, no OBS. Needs the embedded
 * ingest and ffmpeg on the server (`/live/pushCaps`); otherwise it says so plainly.
 */
export default function BrowserPush(props: { pushKey: string }) {
  const caps = useLoad(fetchPushCaps);
  const video = useRef<HTMLVideoElement>(null);
  const media = useRef<MediaStream | null>(null);
  const session = useRef<BrowserPushSession | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [note, setNote] = useState('');

  const release = () => {
    media.current?.getTracks().forEach((t) => t.stop());
    media.current = null;
  };
  useEffect(
    () => () => {
      session.current?.stop();
      release();
    },
    [],
  );

  if (!caps.data) return null;
  if (!caps.data.browser_push) {
    return (
      <p className="gf-card p-4 text-sm text-ink-soft" data-testid="browser-push-missing">
        {caps.data.reason}
      </p>
    );
  }

  async function preview() {
    setNote('');
    try {
      media.current = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 }, audio: true });
      if (video.current) video.current.srcObject = media.current;
      setPhase('preview');
    } catch (err) {
      const name = err instanceof DOMException ? err.name : '';
      setNote(
        name === 'NotAllowedError'
          ? '未授权摄像头或麦克风，请在浏览器地址栏允许后重试'
          : name === 'NotFoundError'
            ? '没有找到摄像头或麦克风'
            : '无法打开摄像头或麦克风',
      );
    }
  }

  function start() {
    if (!media.current || !caps.data) return;
    try {
      session.current = startBrowserPush({
        media: media.current,
        wsPath: caps.data.ws_path,
        pushKey: props.pushKey,
        onLive: () => {
          setPhase('live');
          setNote('正在推流，直播间几秒后开始播放');
        },
        onEnd: (reason) => {
          session.current = null;
          setPhase(media.current ? 'preview' : 'idle');
          setNote(reason);
        },
      });
    } catch (err) {
      setNote(err instanceof Error ? err.message : '无法开始推流');
    }
  }

  return (
    <div className="gf-card p-4 text-sm" data-testid="browser-push" data-phase={phase}>
      <p className="mb-2 font-600">网页开播（无需 OBS）</p>
      <div className="mb-2 aspect-video overflow-hidden rounded bg-night-video">
        <video ref={video} autoPlay muted playsInline className="h-full w-full object-cover" />
      </div>
      {phase === 'idle' && (
        <button type="button" className="gf-btn-ghost w-full" onClick={() => void preview()} data-testid="browser-push-camera">
          打开摄像头
        </button>
      )}
      {phase === 'preview' && (
        <button type="button" className="gf-btn-primary w-full" onClick={start} data-testid="browser-push-start">
          开始推流
        </button>
      )}
      {phase === 'live' && (
        <button type="button" className="gf-btn-ghost w-full" onClick={() => session.current?.stop()} data-testid="browser-push-stop">
          停止推流
        </button>
      )}
      {note && (
        <p className="mt-2 text-xs text-ink-mute" role="status" data-testid="browser-push-state">
          {note}
        </p>
      )}
    </div>
  );
}
