import { DEFAULT_HOST, defaultSiteUrl, env, urlHost, type Env } from './env';

/** Where server.mjs listens: HOST (default loopback) and PORT. */
export interface Listen {
  host: string;
  port: number;
  /** The listener as a URL (`http://0.0.0.0:4321` for a wildcard host). */
  url: string;
}

export function listenAddress(e: Env = env()): Listen {
  const host = e.HOST ?? DEFAULT_HOST;
  return { host, port: e.PORT, url: `http://${urlHost(host)}:${e.PORT}` };
}

/** Only this machine can connect (127.0.0.0/8, ::1, localhost). */
export const isLoopback = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i.test(host);

/** What the start line says about the site besides its address. */
export interface StartFacts {
  /** Seeded demo accounts are active (their password is published in the README). */
  demoData: boolean;
  sandbox: boolean;
  /** The embedded RTMP ingest could not listen: anchors cannot push to this instance. */
  liveUnavailable: boolean;
}

/**
 * The one line an operator reads at start: where to open the site, what kind of site it is, and how
 * to open it to other machines, e.g.
 * `功夫 listening on http://127.0.0.1:4321 (demo data, sandbox payments) — set HOST=0.0.0.0 to accept other machines`.
 */
export function startLine(e: Env, facts: StartFacts): string {
  const { host, url } = listenAddress(e);
  const site = e.SITE_URL.replace(/\/+$/, '');
  const siteSet = e.SITE_URL !== defaultSiteUrl(e.HOST, e.PORT);
  const notes = [
    facts.demoData && 'demo data',
    facts.sandbox && 'sandbox payments',
    facts.liveUnavailable && 'live push unavailable',
  ].filter(Boolean);
  let line = `功夫 listening on ${url}`;
  // Links, QR codes and callbacks use SITE_URL: say so when it is not the address just printed.
  if (site !== url) line += `, links use ${site}`;
  if (notes.length) line += ` (${notes.join(', ')})`;
  // A hint only for the defaults; an operator who set SITE_URL (behind a proxy) has chosen.
  if (!siteSet && e.HOST === undefined && isLoopback(host)) line += ' — set HOST=0.0.0.0 to accept other machines';
  else if (!siteSet && !isLoopback(host) && site !== url) line += ' — set SITE_URL to the address other machines use';
  return line;
}
