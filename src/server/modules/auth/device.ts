import Bowser from 'bowser';
import { isIP } from 'node:net';
import { LOCAL_PLACE, UNKNOWN_DEVICE, UNKNOWN_PLACE } from '~/lib/rules/sessions';

/** What the 登录设备 list shows of a session's browser, and what the new-device check compares. */
export interface DeviceInfo {
  /** "Chrome 140 · Windows 10" */
  label: string;
  kind: 'desktop' | 'mobile' | 'tablet';
  /** Browser + OS + platform without versions (an update is not a new device). */
  key: string;
}

const major = (v: string | null | undefined) => (v ?? '').split('.')[0] ?? '';

/** Parses a User-Agent (bowser). */
export function deviceOf(userAgent: string): DeviceInfo {
  const ua = userAgent.trim();
  if (!ua) return { label: UNKNOWN_DEVICE, kind: 'desktop', key: '||' };
  const p = Bowser.getParser(ua);
  const browser = p.getBrowserName();
  const os = p.getOSName();
  const platform = p.getPlatformType(true);
  const kind = platform === 'mobile' || platform === 'tablet' ? platform : 'desktop';
  // macOS user agents are frozen at 10.15 whatever the release, so no version is shown for it.
  const osVersion = os === 'macOS' ? '' : os === 'Windows' ? (p.getOS().versionName ?? '') : major(p.getOSVersion());
  const b = browser ? [browser, major(p.getBrowserVersion())].filter(Boolean).join(' ') : '';
  const o = os ? [os, osVersion].filter(Boolean).join(' ') : '';
  const label = [b || '未知浏览器', o].filter(Boolean).join(' · ');
  return { label: label.slice(0, 64), kind, key: `${browser}|${os}|${kind}`.toLowerCase() };
}

/** Loopback, private (RFC 1918), link-local and "this network" IPv4 ranges. */
function privateV4(a: number, b: number): boolean {
  return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

/**
 * A coarse place for an address: there is no GeoIP service, so the address masked to its first
 * half ("112.64.*.*", "2408:8207:*"), or 本机/局域网 for loopback and private ranges.
 */
export function placeOf(address: string): string {
  let ip = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) ip = mapped[1];
  const v = isIP(ip);
  if (v === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return privateV4(a, b) ? LOCAL_PLACE : `${a}.${b}.*.*`;
  }
  if (v === 6) {
    const lower = ip.toLowerCase();
    if (lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)) return LOCAL_PLACE;
    const groups = lower.split(':');
    return `${groups[0] || '0'}:${groups[1] || '0'}:*`;
  }
  return UNKNOWN_PLACE;
}
