/** CSP directives every answer needs; pages also get Astro's script/style hashes (astro.config.mjs `security.csp`). */
const BASE_CSP = ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "form-action 'self'"];

/**
 * Adds the headers every answer of ours carries (pages, API, uploads). Astro writes the page's
 * Content-Security-Policy with the hashes of its inline scripts; this adds what it lacks
 * (frame-ancestors cannot be set by a <meta> policy) and the policy for answers Astro did not render.
 */
export function applySecurityHeaders(headers: Headers, siteUrl: string): void {
  const csp = headers.get('content-security-policy');
  const present = new Set((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)[0]?.toLowerCase()));
  const missing = BASE_CSP.filter((d) => !present.has(d.split(' ')[0]));
  if (missing.length) headers.set('Content-Security-Policy', [csp?.trim().replace(/;$/, ''), ...missing].filter(Boolean).join('; '));
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (siteUrl.startsWith('https:')) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
