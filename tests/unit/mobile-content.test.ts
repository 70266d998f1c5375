import { describe, expect, it } from 'vitest';
import { desktopUrlFor, mobileAlternateUrl, mobileRedirectUrl, toMobileHref } from '~/lib/rules/mobile-redirect';
import { mobileRichText } from '~/server/security/sanitize';

const SITE = 'https://www.gongfu.example';
const M = 'https://m.gongfu.example';

describe('help centre and agreements on the phone', () => {
  it('a help category, an agreement and the account documents have their mobile page', () => {
    expect(mobileRedirectUrl('/help/cate', '?id=3', '', M)).toBe(`${M}/m/help?id=3`);
    expect(mobileRedirectUrl('/help/detail', '?id=7', '', M)).toBe(`${M}/m/help/detail?id=7`);
    expect(mobileRedirectUrl('/agreement/privacyagreement', '', '', M)).toBe(`${M}/m/agreement?type=privacyagreement`);
    expect(mobileRedirectUrl('/account/other/aboutus', '', '', M)).toBe(`${M}/m/agreement?type=aboutus`);
    expect(mobileRedirectUrl('/account/other/useragree', '', '', M)).toBe(`${M}/m/agreement?type=useragreement`);
    expect(mobileRedirectUrl('/agreement/nosuch', '', '', M)).toBe(`${M}/m`);
  });
  it('and back: 电脑版 opens the same document or category', () => {
    expect(desktopUrlFor('/m/help', '?id=3')).toBe('/help/cate?id=3');
    expect(desktopUrlFor('/m/help', '')).toBe('/help');
    expect(desktopUrlFor('/m/agreement', '?type=liveagreemen')).toBe('/agreement/liveagreemen');
    expect(desktopUrlFor('/m/agreement', '?type=aboutus')).toBe('/account/other/aboutus');
    expect(desktopUrlFor('/m/agreement', '?type=%2F%2Fevil.example')).toBe('/');
  });
});

describe('toMobileHref', () => {
  it('leaves files and services of the site alone (they are no pages)', () => {
    expect(toMobileHref('/uploads/docs/guide.pdf')).toBe('/uploads/docs/guide.pdf');
    expect(toMobileHref('/imgs/logo.svg')).toBe('/imgs/logo.svg');
    expect(toMobileHref('/api/index/articleList')).toBe('/api/index/articleList');
    expect(toMobileHref('/train/courseDetail?id=5')).toBe('/m/course/detail?id=5');
  });
});

describe('<link rel="alternate"> of desktop detail pages', () => {
  it.each([
    ['/train/courseDetail', '?id=5', `${M}/m/course/detail?id=5`],
    ['/train/classDetail', '?id=6', `${M}/m/class/detail?id=6`],
    ['/shop/goodsDetail', '?id=7', `${M}/m/goods/detail?id=7`],
    ['/article/detail', '?id=8', `${M}/m/article/detail?id=8`],
    ['/anchor', '?type=mechant&id=9', `${M}/m/anchor?type=merchant&id=9`],
  ])('%s%s → %s', (path, search, mobile) => {
    expect(mobileAlternateUrl(path, search, M)).toBe(mobile);
  });
  it('none for other pages or a detail page without an id', () => {
    expect(mobileAlternateUrl('/', '', M)).toBeNull();
    expect(mobileAlternateUrl('/help/detail', '?id=1', M)).toBeNull();
    expect(mobileAlternateUrl('/article/detail', '', M)).toBeNull();
  });
});

describe('rich text on a mobile page', () => {
  const origins = [SITE, M];
  it('sends links to desktop pages of this site to their mobile pages, in the same tab', () => {
    const html = mobileRichText(
      `<p><a href="/train/courseDetail?id=3">课程</a> <a href="${SITE}/shop/goodsDetail?id=4" target="_blank" rel="noopener noreferrer">商品</a></p>`,
      origins,
    );
    expect(html).toBe('<p><a href="/m/course/detail?id=3">课程</a> <a href="/m/goods/detail?id=4">商品</a></p>');
  });
  it('keeps other sites, files, mail and mobile links as they are', () => {
    const html = mobileRichText(
      '<a href="https://other.example/train/courseDetail?id=3">x</a><a href="/uploads/a.pdf">f</a><a href="mailto:a@b.c">m</a><a href="/m/help">h</a>',
      origins,
    );
    expect(html).toBe(
      '<a href="https://other.example/train/courseDetail?id=3" target="_blank" rel="noopener noreferrer">x</a><a href="/uploads/a.pdf">f</a><a href="mailto:a@b.c">m</a><a href="/m/help">h</a>',
    );
  });
  it('is still the sanitiser: nothing but hrefs changes, nothing unsafe gets in', () => {
    const html = mobileRichText(
      '<a href="javascript:alert(1)" onclick="x()">j</a><img src="/uploads/a.png" onerror="x()"><script>x()</script><table><tr><td>1</td></tr></table>',
      origins,
    );
    expect(html).toBe('<a>j</a><img src="/uploads/a.png" loading="lazy" /><table><tr><td>1</td></tr></table>');
  });
});
