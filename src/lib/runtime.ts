/**
 * Values the server hands the browser at render time (not build time), so operators can change
 * them with environment variables. Rendered by BaseLayout into #gf-boot.
 */
export interface Boot {
  mediaUrl: string;
  siteName: string;
  oauth: { wx: boolean; qq: boolean; wxmp?: boolean };
}

const FALLBACK: Boot = { mediaUrl: '', siteName: '功夫', oauth: { wx: false, qq: false } };
let boot: Boot | undefined;

/** The boot values (defaults on the server or before the page has them). */
export function runtime(): Boot {
  if (boot) return boot;
  if (typeof document === 'undefined') return FALLBACK;
  let read: Boot;
  try {
    read = { ...FALLBACK, ...JSON.parse(document.getElementById('gf-boot')?.textContent ?? '{}') };
  } catch {
    read = FALLBACK;
  }
  boot = read;
  return read;
}
