/**
 * Plays a live stream in a <video>: HTTP-FLV through mpegts.js (Media Source Extensions,
 * 1–3 s behind the anchor), HLS through the browser or hls.js (`pickLive`). The libraries load with `import()`
 * only when a page actually plays something.
 */
export interface PlaySource {
  flv: string | null;
  hls: string | null;
}
export interface Player {
  destroy(): void;
}

/** How a live stream plays in this browser. */
export type LivePick = 'flv' | 'hls-native' | 'hls.js' | null;
export interface PlayCaps {
  /** Media Source Extensions: `MediaSource`, or Safari 17.1+'s `ManagedMediaSource` (iPhone). */
  mse: boolean;
  /** The browser plays HLS in a <video> itself (Safari, iOS). */
  nativeHls: boolean;
}

/**
 * The pick, as a pure function: HTTP-FLV through mpegts.js wherever MSE exists (lowest latency);
 * else HLS natively (iPhone before 17.1), else HLS through hls.js (which needs MSE too); else none.
 */
export function pickLive(src: PlaySource, caps: PlayCaps): LivePick {
  if (src.flv && caps.mse) return 'flv';
  if (src.hls && caps.nativeHls) return 'hls-native';
  if (src.hls && caps.mse) return 'hls.js';
  return null;
}

/** This browser's capabilities for `pickLive`. */
export function playCaps(video: HTMLVideoElement): PlayCaps {
  return {
    mse: typeof window.MediaSource !== 'undefined' || 'ManagedMediaSource' in window,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
  };
}

export async function attachPlayer(video: HTMLVideoElement, src: PlaySource, onError: (text: string) => void): Promise<Player> {
  const pick = pickLive(src, playCaps(video));
  if (pick === 'flv' && src.flv) {
    const mpegts = (await import('mpegts.js')).default;
    if (mpegts.getFeatureList().mseLivePlayback) {
      const p = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: new URL(src.flv, location.href).href },
        // Low latency: no stash buffer, and catch up when the buffer grows behind the live edge.
        { enableStashBuffer: false, liveBufferLatencyChasing: true, liveBufferLatencyMaxLatency: 3, liveBufferLatencyMinRemain: 0.5 },
      );
      p.on(mpegts.Events.ERROR, () => onError('直播信号中断'));
      p.attachMediaElement(video);
      p.load();
      void video.play()?.catch(() => undefined);
      return {
        destroy() {
          p.pause();
          p.unload();
          p.detachMediaElement();
          p.destroy();
        },
      };
    }
  }
  if (src.hls && (pick === 'hls-native' || (pick === 'flv' && playCaps(video).nativeHls))) {
    video.src = src.hls;
    void video.play()?.catch(() => undefined);
    return { destroy: () => video.removeAttribute('src') };
  }
  if (src.hls && pick !== null) {
    const Hls = (await import('hls.js')).default;
    if (Hls.isSupported()) {
      const h = new Hls({ lowLatencyMode: true, manifestLoadingMaxRetry: 6 });
      h.on(Hls.Events.ERROR, (_e, d) => d.fatal && onError('直播信号中断'));
      h.loadSource(src.hls);
      h.attachMedia(video);
      void video.play()?.catch(() => undefined);
      return { destroy: () => h.destroy() };
    }
  }
  onError(
    src.hls
      ? '当前浏览器无法播放直播，请使用最新版 Chrome、Edge 或 Safari'
      : '当前浏览器无法播放此直播（需要 iOS 17.1 以上或安卓、电脑浏览器），请升级系统或换用其他浏览器',
  );
  return { destroy() {} };
}

/**
 * Plays a recorded broadcast: MP4 natively (seekable through Range requests), FLV through mpegts.js
 * (kept when the server had no ffmpeg to remux it), HLS VOD through the browser or hls.js.
 */
export async function attachVod(
  video: HTMLVideoElement,
  rec: { url: string; format: 'mp4' | 'flv' | 'hls' },
  onError: (text: string) => void,
): Promise<Player> {
  if (rec.format === 'mp4' || (rec.format === 'hls' && video.canPlayType('application/vnd.apple.mpegurl'))) {
    video.src = rec.url;
    return { destroy: () => video.removeAttribute('src') };
  }
  if (rec.format === 'flv') {
    const mpegts = (await import('mpegts.js')).default;
    if (mpegts.getFeatureList().mseLivePlayback) {
      const p = mpegts.createPlayer({ type: 'flv', isLive: false, url: new URL(rec.url, location.href).href });
      p.on(mpegts.Events.ERROR, () => onError('回放加载失败'));
      p.attachMediaElement(video);
      p.load();
      return {
        destroy() {
          p.unload();
          p.detachMediaElement();
          p.destroy();
        },
      };
    }
  } else {
    const Hls = (await import('hls.js')).default;
    if (Hls.isSupported()) {
      const h = new Hls();
      h.on(Hls.Events.ERROR, (_e, d) => d.fatal && onError('回放加载失败'));
      h.loadSource(rec.url);
      h.attachMedia(video);
      return { destroy: () => h.destroy() };
    }
  }
  onError('当前浏览器无法播放回放，请使用最新版 Chrome、Edge 或 Safari');
  return { destroy() {} };
}
