import { describe, expect, it } from 'vitest';
import { safeRedirect } from '~/lib/rules/redirect';

const ORIGIN = 'https://gongfu.example';

describe('safeRedirect (open redirect after login)', () => {
  it.each([
    // Another host, however it is spelt: browsers normalise all of these to //evil.example.
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/\\evil.example/', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/\r\n/evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['\\/evil.example', '/'],
    ['https://evil.example', '/'],
    ['https://evil.example/my', '/'],
    ['http:evil.example', '/'],
    ['http://gongfu.example/x', '/'],
    ['https://gongfu.example.evil.example/', '/'],
    ['https://gongfu.example@evil.example/', '/'],
    // Other schemes.
    ['javascript:alert(1)', '/'],
    ['JavaScript:alert(1)', '/'],
    [' javascript:alert(1)', '/'],
    ['java\tscript:alert(1)', '/'],
    ['data:text/html,<script>alert(1)</script>', '/'],
    ['blob:https://gongfu.example/1', '/'],
    // Nothing to follow.
    ['', '/'],
  ])('%j → %j', (raw, want) => expect(safeRedirect(raw, ORIGIN)).toBe(want));

  it.each([
    ['/ok?x=1#h', '/ok?x=1#h'],
    ['/my/notice', '/my/notice'],
    ['/my/notice?type=comment', '/my/notice?type=comment'],
    // Encoded slashes stay a path on this site.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    // Leading spaces are stripped by the URL parser, as by the browser.
    [' /x', '/x'],
    // Same origin written in full.
    ['https://gongfu.example/cart', '/cart'],
    ['HTTPS://GONGFU.EXAMPLE/cart', '/cart'],
    // A path that resolves to //host must not come back as one.
    ['/.//evil.example', '/evil.example'],
    ['/..//evil.example', '/evil.example'],
    ['https://gongfu.example//evil.example', '/evil.example'],
  ])('%j → %j (same site)', (raw, want) => expect(safeRedirect(raw, ORIGIN)).toBe(want));

  it('uses the fallback for missing or refused targets', () => {
    expect(safeRedirect(null, ORIGIN, '/my')).toBe('/my');
    expect(safeRedirect(undefined, ORIGIN, '/my')).toBe('/my');
    expect(safeRedirect('//evil.example', ORIGIN, '/my')).toBe('/my');
    expect(safeRedirect('/x', 'not a url', '/my')).toBe('/my');
  });

  it('every result resolves to this origin again', () => {
    for (const raw of ['//evil.example', '/.//evil.example', '/\\/evil.example', '/%2F/evil', '/ok', '?a=1', '#top', 'x/../..//evil']) {
      const out = safeRedirect(raw, ORIGIN);
      expect(out.startsWith('/')).toBe(true);
      expect(out.startsWith('//')).toBe(false);
      expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});
