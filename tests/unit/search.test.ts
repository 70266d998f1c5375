import { describe, expect, it } from 'vitest';
import { searchContext, searchTarget } from '~/lib/rules/search';
import { T } from '~/lib/texts';

const go = (path: string, keyword: string, opts: { type?: string; placeholder?: string; requireKeyword?: boolean } = {}) =>
  searchTarget({
    context: searchContext(path, opts.type),
    keyword,
    placeholder: opts.placeholder ?? '默认词',
    requireKeyword: opts.requireKeyword ?? false,
  });

describe('search target by section (SPEC §2)', () => {
  it.each([
    ['/live/coach', '/livesearch?q=%E5%92%8F%E6%98%A5'],
    ['/live/list', '/livesearch?q=%E5%92%8F%E6%98%A5'],
    ['/livesearch', '/livesearch?q=%E5%92%8F%E6%98%A5'],
    ['/firendscircle', '/friendSearch?q=%E5%92%8F%E6%98%A5'],
    ['/friendSearch', '/friendSearch?q=%E5%92%8F%E6%98%A5'],
    ['/shop', '/shopsearch?q=%E5%92%8F%E6%98%A5'],
    ['/shop/goodsDetail', '/shopsearch?q=%E5%92%8F%E6%98%A5'],
    ['/shopsearch', '/shopsearch?q=%E5%92%8F%E6%98%A5'],
    ['/train/course', '/search?q=%E5%92%8F%E6%98%A5&type=course'],
    ['/train/courseList', '/search?q=%E5%92%8F%E6%98%A5&type=course'],
    ['/train/class', '/search?q=%E5%92%8F%E6%98%A5&type=class'],
    ['/train/classDetail', '/search?q=%E5%92%8F%E6%98%A5&type=class'],
    ['/train/coach', '/search?q=%E5%92%8F%E6%98%A5&type=coach'],
    ['/train/coachList', '/search?q=%E5%92%8F%E6%98%A5&type=coach'],
    ['/', '/search?q=%E5%92%8F%E6%98%A5&type=course'],
    ['/article', '/search?q=%E5%92%8F%E6%98%A5&type=course'],
  ])('%s → %s', (path, url) => expect(go(path, '咏春')).toEqual({ ok: true, url }));

  it('keeps the current type on the search page', () => {
    expect(go('/search', 'x', { type: 'coach' })).toEqual({ ok: true, url: '/search?q=x&type=coach' });
    expect(go('/search', 'x', { type: 'bogus' })).toEqual({ ok: true, url: '/search?q=x&type=course' });
  });

  it('uses the section placeholder key', () => {
    expect(searchContext('/live/shop').placeholderKey).toBe('live_search_keyword');
    expect(searchContext('/shop').placeholderKey).toBe('shop_search_keyword');
    expect(searchContext('/firendscircle').placeholderKey).toBe('dongtai_search_keyword');
    expect(searchContext('/train/class').placeholderKey).toBe('search_keyword');
    expect(searchContext('/').placeholderKey).toBe('search_keyword');
  });

  it('falls back to the placeholder for an empty key in the main layout', () => {
    expect(go('/shop', '   ', { placeholder: '练功服' })).toEqual({ ok: true, url: '/shopsearch?q=%E7%BB%83%E5%8A%9F%E6%9C%8D' });
  });

  it('warns 请输入搜索关键字 where a keyword is required (chat, download)', () => {
    expect(go('/download', '', { requireKeyword: true })).toEqual({ ok: false, error: T.searchKeywordRequired });
    expect(go('/download', '太极', { requireKeyword: true })).toEqual({ ok: true, url: '/search?q=%E5%A4%AA%E6%9E%81&type=course' });
  });

  it('warns when there is neither a keyword nor a placeholder', () => {
    expect(go('/', '', { placeholder: '' })).toEqual({ ok: false, error: T.searchKeywordRequired });
  });
});
