/**
 * Going live from the browser: the camera and microphone go through MediaRecorder
 * (WebM chunks every 500 ms) over a WebSocket to the server, whose ffmpeg pushes them into the
 * room's stream with the signed key. `stop()` ends both; `onEnd` reports why it ended.
 */
export interface BrowserPushSession {
  stop(): void;
}

const CLOSE_TEXT: Record<number, string> = {
  4001: '推流密钥无效或已过期，请重新开始直播',
  4002: '服务器未安装 ffmpeg，请使用 OBS 推流',
  4003: '服务器编码中断，请重新开始推流',
  4004: '网络上行太慢，推流已停止',
};

/** The first WebM flavour this browser records (VP8/Opus is everywhere MediaRecorder is). */
export function pickMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return (
    ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm;codecs=h264,opus', 'video/webm'].find((t) =>
      MediaRecorder.isTypeSupported(t),
    ) ?? null
  );
}

export function startBrowserPush(opts: {
  media: MediaStream;
  wsPath: string;
  pushKey: string;
  onLive: () => void;
  onEnd: (reason: string) => void;
}): BrowserPushSession {
  const mimeType = pickMimeType();
  if (!mimeType) throw new Error('当前浏览器不支持网页开播，请使用最新版 Chrome 或 Edge，或使用 OBS 推流');
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${opts.wsPath}?key=${encodeURIComponent(opts.pushKey)}`;
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';
  const rec = new MediaRecorder(opts.media, { mimeType, videoBitsPerSecond: 2_000_000, audioBitsPerSecond: 96_000 });
  let stopped = false;
  rec.ondataavailable = (e) => {
    if (e.data.size && ws.readyState === WebSocket.OPEN) ws.send(e.data);
  };
  ws.onopen = () => {
    rec.start(500);
    opts.onLive();
  };
  ws.onclose = (e) => {
    if (rec.state !== 'inactive') rec.stop();
    if (!stopped) opts.onEnd(CLOSE_TEXT[e.code] ?? (e.code === 1000 ? '推流已结束' : '与服务器的连接断开，推流已停止'));
  };
  return {
    stop() {
      stopped = true;
      if (rec.state !== 'inactive') rec.stop();
      // The last chunk goes out before the socket closes.
      setTimeout(() => ws.close(1000, 'stopped'), 300);
      opts.onEnd('推流已结束');
    },
  };
}
