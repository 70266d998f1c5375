import { describe, expect, it } from 'vitest';
import { desktopUrlFor, mobileRedirectUrl } from '~/lib/rules/mobile-redirect';

const M = 'https://m.gongfu.example';
const to = (path: string, search = '') => mobileRedirectUrl(path, search, '', M);

describe('mobile redirect: live on the phone', () => {
  it.each([
    ['/live/liver', '', `${M}/m/live/anchor`],
    ['/live/room/12', '', `${M}/m/live/room?id=12`],
    ['/live/playback/5', '', `${M}/m/live/playback?id=5`],
    ['/live/coach', '', `${M}/m/live?share=1&type=0`],
    ['/live/shop', '', `${M}/m/live?share=1&type=1`],
  ])('%s%s → %s', (path, search, mobile) => {
    expect(to(path, search)).toBe(mobile);
  });
  it.each([
    ['/m/live/anchor', '', '/live/liver'],
    ['/m/live/room', '?id=12', '/live/room/12'],
    ['/m/live/playback', '?id=5', '/live/playback/5'],
    ['/m/live', '?type=1', '/live/shop'],
  ])('电脑版 of %s%s is %s', (path, search, desktop) => {
    expect(desktopUrlFor(path, search)).toBe(desktop);
  });
});
