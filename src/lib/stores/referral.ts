import { api } from '../api/client';
import { INVITE_KEEP_MS, INVITE_PARAM, INVITE_STORAGE_KEY, REFERRAL_TEXTS, userIdOfInvite } from '../rules/referral';
import { T } from '../texts';
import { toast } from '../toast';

/**
 * 推荐好友 in the browser: an invitation link's code is kept in local storage from
 * the page it opens until registration — by phone, or through a WeChat/QQ first login that
 * leaves the site and comes back — and sent with it.
 */
type Kept = { code: string; at: number };

/** Keeps the `?inviter=` code of the current URL (a later link replaces an earlier one). */
export function rememberInviter(search = globalThis.location?.search ?? ''): void {
  const code = new URLSearchParams(search).get(INVITE_PARAM)?.trim() ?? '';
  if (!userIdOfInvite(code)) return;
  try {
    localStorage.setItem(INVITE_STORAGE_KEY, JSON.stringify({ code, at: Date.now() } satisfies Kept));
  } catch {
    // Storage blocked: the code still rides on this page's URL.
  }
}

/** The kept code, if any and not older than INVITE_KEEP_MS. */
export function keptInviter(now = Date.now()): string | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(INVITE_STORAGE_KEY) ?? 'null') as Kept | null;
    if (kept && typeof kept.code === 'string' && userIdOfInvite(kept.code) && now - kept.at < INVITE_KEEP_MS) return kept.code;
  } catch {
    // Unreadable: no inviter.
  }
  return undefined;
}

export function forgetInviter(): void {
  try {
    localStorage.removeItem(INVITE_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

export const fetchInviteInfo = () => api('/member/inviteInfo', {});
export const fetchInviteList = (page: number) => api('/member/inviteList', { page, limit: 10 });

export async function copyInvite(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    toast.success(REFERRAL_TEXTS.copied);
  } catch {
    toast.error(T.copyFailed);
  }
}

/** The link as a QR code image (data URL); the encoder loads only on this page. */
export async function inviteQr(link: string): Promise<string> {
  const QR = await import('qrcode');
  return QR.toDataURL(link, { width: 220, margin: 1, errorCorrectionLevel: 'M' });
}
