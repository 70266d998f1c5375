import { describe, expect, it } from 'vitest';
import { pickLive } from '~/lib/live/player';

const both = { flv: '/media/live/s.flv', hls: '/media/live/hls/s/index.m3u8' };
const flvOnly = { flv: '/media/live/s.flv', hls: null };
const hlsOnly = { flv: null, hls: 'https://cdn.example/hls/s.m3u8' };

describe('pickLive: how a live stream plays', () => {
  it.each([
    // Android, desktop Chrome/Edge/Firefox, iPhone 17.1+ (ManagedMediaSource): HTTP-FLV, lowest latency.
    ['MSE, both', both, { mse: true, nativeHls: false }, 'flv'],
    ['MSE and native HLS (Safari 17.1+), both', both, { mse: true, nativeHls: true }, 'flv'],
    ['MSE, FLV only (no ffmpeg on the server)', flvOnly, { mse: true, nativeHls: false }, 'flv'],
    // iPhone before 17.1: no MSE, native HLS.
    ['native HLS only, both', both, { mse: false, nativeHls: true }, 'hls-native'],
    ['native HLS only, HLS only (nginx)', hlsOnly, { mse: false, nativeHls: true }, 'hls-native'],
    // nginx's HLS on a browser with MSE but no native HLS: hls.js.
    ['MSE, HLS only', hlsOnly, { mse: true, nativeHls: false }, 'hls.js'],
    ['native HLS preferred over hls.js', hlsOnly, { mse: true, nativeHls: true }, 'hls-native'],
    // Nothing plays: an old iPhone and a server without ffmpeg (FLV only).
    ['no MSE, FLV only', flvOnly, { mse: false, nativeHls: true }, null],
    ['nothing at all', both, { mse: false, nativeHls: false }, null],
  ] as const)('%s', (_name, src, caps, want) => {
    expect(pickLive(src, caps)).toBe(want);
  });
});
