import { describe, expect, it } from 'vitest';
import { desktopUrlFor, mobileRedirectUrl } from '~/lib/rules/mobile-redirect';

const M = 'https://m.gongfu.example';
const to = (path: string, search = '') => mobileRedirectUrl(path, search, '', M);

describe('chat on the phone: desktop → mobile', () => {
  it.each([
    ['/chat', '', '/m/chat'],
    ['/chat/', '', '/m/chat'],
    ['/CHAT', '', '/m/chat'],
    // The conversation travels as cid; /m/chat sends it on to the thread.
    ['/chat', '?cid=C2C42', '/m/chat?cid=C2C42'],
    ['/chat', '?cid=GROUP%40TGS%231', '/m/chat?cid=GROUP%40TGS%231'],
  ])('%s%s → %s', (path, search, mobile) => {
    expect(to(path, search)).toBe(`${M}${mobile}`);
  });
});

describe('chat on the phone: mobile → desktop (电脑版)', () => {
  it.each([
    ['/m/chat', '', '/chat'],
    ['/m/chat/friends', '', '/chat'],
    ['/m/chat/group', '?id=7', '/chat'],
    ['/m/chat/thread', '?peer=42', '/chat?cid=C2C42'],
    ['/m/chat/thread', '?group=%40TGS%231', '/chat?cid=GROUP%40TGS%231'],
    ['/m/chat/thread', '?cid=%40TIM%23SYSTEM', '/chat?cid=%40TIM%23SYSTEM'],
    ['/m/chat/thread', '', '/chat'],
  ])('%s%s → %s', (path, search, desktop) => {
    expect(desktopUrlFor(path, search)).toBe(desktop);
  });
});
