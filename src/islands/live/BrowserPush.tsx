import { useBrowserPush } from './useBrowserPush';

/**
 * 网页开播: the anchor's camera and microphone straight from the page, no OBS. Needs the embedded
 * ingest and ffmpeg on the server (`/live/pushCaps`); otherwise it says so plainly.
 */
export default function BrowserPush(props: { pushKey: string }) {
  const { caps, video, phase, note, preview, start: startPush, stop } = useBrowserPush();
  if (!caps.data) return null;
  if (!caps.data.browser_push) {
    return (
      <p className="gf-card p-4 text-sm text-ink-soft" data-testid="browser-push-missing">
        {caps.data.reason}
      </p>
    );
  }

  const start = () => startPush(props.pushKey);

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
        <button type="button" className="gf-btn-ghost w-full" onClick={stop} data-testid="browser-push-stop">
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
