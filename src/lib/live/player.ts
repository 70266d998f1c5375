/**
 * Plays a live stream in a <video>: HTTP-FLV through mpegts.js (Media Source Extensions,
 * 1–3 s behind the anchor), HLS through the browser or hls.js. The libraries load with `import()`
 * only when a page actually plays something.
 */
export interface PlaySource {
  flv: string | null;
  hls: string | null;
}
export interface Player {
  destroy(): void;
}

export async function attachPlayer(video: HTMLVideoElement, src: PlaySource, onError: (text: string) => void): Promise<Player> {
  if (src.flv) {
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
  if (src.hls) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = src.hls;
      void video.play()?.catch(() => undefined);
      return { destroy: () => video.removeAttribute('src') };
    }
    const Hls = (await import('hls.js')).default;
    if (Hls.isSupported()) {
      const h = new Hls({ lowLatencyMode: true });
      h.on(Hls.Events.ERROR, (_e, d) => d.fatal && onError('直播信号中断'));
      h.loadSource(src.hls);
      h.attachMedia(video);
      void video.play()?.catch(() => undefined);
      return { destroy: () => h.destroy() };
    }
  }
  onError('当前浏览器无法播放直播，请使用最新版 Chrome、Edge 或 Safari');
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
