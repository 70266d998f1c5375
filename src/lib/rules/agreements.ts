/**
 * The fixed documents of SPEC §2 — the nine /agreement/* pages and 关于我们 — and the one title every
 * link to each of them shows, so a label always names the document it opens.
 */
export const PAGE_SLUGS = [
  'administrativeprovisions',
  'coachagreement',
  'intellectualproperty',
  'liveagreemen',
  'mechantagreement',
  'privacyagreement',
  'serviceagreement',
  'shopagreement',
  'useragreement',
  'aboutus',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const DOCUMENT_TITLES: Record<PageSlug, string> = {
  administrativeprovisions: '功夫平台管理规定',
  coachagreement: '教练入驻协议',
  intellectualproperty: '知识产权保护声明',
  liveagreemen: '直播服务协议',
  mechantagreement: '商家入驻协议',
  privacyagreement: '隐私政策',
  serviceagreement: '服务商合作协议',
  shopagreement: '店铺经营规范',
  useragreement: '用户服务协议',
  aboutus: '关于我们',
};

/** Where a document is read on its own (about us lives in the account layout's "other" section). */
export const documentHref = (slug: PageSlug): string => (slug === 'aboutus' ? '/account/other/aboutus' : `/agreement/${slug}`);

/** A link to a document as forms show it: 《title》 and its page. */
export const documentLink = (slug: PageSlug): { label: string; href: string } => ({
  label: `《${DOCUMENT_TITLES[slug]}》`,
  href: documentHref(slug),
});

/**
 * SPEC §2 account layout, "other": feedback, service agreement, about us, privacy policy. The 服务协议
 * a member reads there is the platform's user service agreement (the provider contract is
 * 服务商合作协议, linked from the provider application). /account/other/useragree is the same document.
 */
export const ACCOUNT_DOCUMENTS = {
  '/account/other/agreement': { label: '服务协议', slug: 'useragreement' },
  '/account/other/aboutus': { label: '关于我们', slug: 'aboutus' },
  '/account/other/privacy': { label: '隐私政策', slug: 'privacyagreement' },
} as const satisfies Record<string, { label: string; slug: PageSlug }>;
export type AccountDocumentPath = keyof typeof ACCOUNT_DOCUMENTS;
