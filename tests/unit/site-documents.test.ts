import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DOCUMENTS, DOCUMENT_TITLES, PAGE_SLUGS, documentHref, documentLink } from '~/lib/rules/agreements';
import { KIND_INFO } from '~/lib/rules/applications';
import { configValueError } from '~/lib/rules/admin-content';
import { PAGES } from '~/server/seed/data/pages';
import { defaultConfig } from '~/server/seed/site';
import { resetEnv } from '~/server/env';
import { mobileSiteUrl } from '~/server/modules/site/download';

describe('fixed documents (SPEC §2 agreements, account "other")', () => {
  it('every label names the document it opens', () => {
    // The account nav's 服务协议 is the platform's user service agreement, not the provider contract.
    expect(ACCOUNT_DOCUMENTS['/account/other/agreement']).toEqual({ label: '服务协议', slug: 'useragreement' });
    expect(DOCUMENT_TITLES.useragreement).toBe('用户服务协议');
    expect(ACCOUNT_DOCUMENTS['/account/other/privacy'].slug).toBe('privacyagreement');
    expect(ACCOUNT_DOCUMENTS['/account/other/aboutus'].slug).toBe('aboutus');
    expect(documentLink('serviceagreement')).toEqual({ label: '《服务商合作协议》', href: '/agreement/serviceagreement' });
    expect(KIND_INFO.coach.agreement).toEqual(['教练入驻协议', '/agreement/coachagreement']);
    expect(KIND_INFO.shop.agreement).toEqual(['商家入驻协议', '/agreement/mechantagreement']);
    expect(documentHref('aboutus')).toBe('/account/other/aboutus');
  });

  it('the seeded documents carry the titles the links show and one date (their own), not a second one in the body', () => {
    expect(PAGES.map((p) => p.slug).sort()).toEqual([...PAGE_SLUGS].sort());
    for (const p of PAGES) {
      expect(p.title, p.slug).toBe(DOCUMENT_TITLES[p.slug]);
      expect(p.content, p.slug).not.toMatch(/更新日期|生效日期|最近更新/);
      if (p.slug !== 'aboutus') expect(p.updated?.toISOString(), p.slug).toBe('2026-10-31T16:00:00.000Z');
    }
  });
});

describe('/download: app store links are operator config', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnv();
  });

  it('the seed sets no store link and no absolute address', () => {
    const c = defaultConfig();
    expect(c['app_ios_url']?.[0]).toBe('');
    expect(c['app_android_url']?.[0]).toBe('');
    for (const [key, [value]] of Object.entries(c)) expect(/^[a-z]+:/i.test(value), `${key} = ${value}`).toBe(false);
    // An operator may clear a link again.
    expect(configValueError('url', '')).toBeNull();
    expect(configValueError('url', 'http://x')).not.toBeNull();
  });

  it('the QR code opens the mobile home, on the mobile host when one is configured', () => {
    process.env = { ...saved, SITE_URL: 'https://www.site.test/' };
    delete process.env.MOBILE_SITE_ORIGIN;
    resetEnv();
    expect(mobileSiteUrl()).toBe('https://www.site.test/m');
    process.env['MOBILE_SITE_ORIGIN'] = 'https://m.site.test';
    resetEnv();
    expect(mobileSiteUrl()).toBe('https://m.site.test/m');
    // The same origin named twice is not a second host.
    process.env['MOBILE_SITE_ORIGIN'] = 'https://www.site.test';
    resetEnv();
    expect(mobileSiteUrl()).toBe('https://www.site.test/m');
  });
});
