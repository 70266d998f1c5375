import sanitizeHtml from 'sanitize-html';
import { toMobileHref } from '~/lib/rules/mobile-redirect';

/** Links leaving the site open in a new tab without handing it our window. */
const linkTag: sanitizeHtml.Transformer = (tag, attribs) => ({
  tagName: tag,
  attribs: /^https?:/i.test(attribs['href'] ?? '') ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
});

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'video',
    'source',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    source: ['src', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: linkTag,
    img: (tag, attribs) => ({ tagName: tag, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Rich text as it may be stored and shown: scripts, handlers, styles and foreign tags removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Stored rich text as a mobile page shows it: links to this site's desktop pages become their
 * mobile pages (no redirect hop, SPEC §2), and stay in the tab. Only `href` of same-site links
 * changes: the HTML goes through the same sanitiser again, so nothing else can slip in.
 * `origins` are this site's own origins (SITE_URL and the mobile host): absolute links to them count.
 */
export function mobileRichText(html: string, origins: readonly string[]): string {
  const own = new Set(origins.map((o) => new URL(o).origin));
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      a: (tag, attribs) => {
        const href = attribs['href'] ?? '';
        const local = sitePath(href, own);
        if (local === null) return linkTag(tag, attribs);
        const { target: _t, rel: _r, ...rest } = attribs;
        return { tagName: tag, attribs: { ...rest, href: toMobileHref(local) } };
      },
    },
  });
}

/** The path (with query and hash) of a link to one of `own` origins or a root-relative one; else null. */
function sitePath(href: string, own: ReadonlySet<string>): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    const u = new URL(href);
    return own.has(u.origin) ? `${u.pathname}${u.search}${u.hash}` : null;
  } catch {
    return null;
  }
}
