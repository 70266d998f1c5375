import { demand } from './demand';

/** SPEC §9: toasts last 2000 ms, 40 px from the top. */
export const TOAST_DURATION = 2000;
export const TOAST_OFFSET = 40;

type Kind = 'success' | 'error' | 'warning' | 'info';
let sonner: Promise<typeof import('sonner')> | undefined;

/**
 * The toaster (sonner, and the AppToaster island that BaseLayout declares `client:demand="toaster"`)
 * loads with the first toast, not with the page. A toast raised before the toaster has mounted is
 * kept by sonner and shown when it mounts.
 */
function show(kind: Kind, msg: string): void {
  if (typeof window === 'undefined') return;
  demand('toaster');
  void (sonner ??= import('sonner')).then((m) => m.toast[kind](msg));
}

/** App-wide toasts (one Toaster is mounted by BaseLayout). */
export const toast = {
  success: (msg: string) => show('success', msg),
  error: (msg: string) => show('error', msg),
  warning: (msg: string) => show('warning', msg),
  info: (msg: string) => show('info', msg),
};

/** Where a toast for the next page waits (session storage); src/scripts/shell.ts looks for the same key. */
export const FLASH_KEY = 'gf-flash';

/**
 * A toast for the page the browser is about to open (registered → back where the member was,
 * published → the feed): kept in session storage and shown by that page (showFlash).
 */
export function flash(kind: Kind, msg: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, msg, doc: thisDocument() }));
  } catch {
    // Storage blocked: show it here, for the moment the page has left.
    show(kind, msg);
  }
}

/** Shows (once) the toast the previous page left; the toaster runs it when it mounts (hydrated for it by src/scripts/shell.ts). */
export function showFlash(): void {
  const kept = takeFlash();
  const kinds: readonly Kind[] = ['success', 'error', 'warning', 'info'];
  const kind = kinds.find((k) => k === kept?.kind);
  if (kind && typeof kept?.msg === 'string' && kept.msg) show(kind, kept.msg);
}

/** Which document this is: its time origin, different for every page load (a reload included). */
const thisDocument = (): number => performance.timeOrigin;

/**
 * The kept toast, removed from storage (null when none, unreadable or storage is blocked). One this
 * same document left is not taken: the toaster can mount on the page that is leaving (the click
 * that logs out also hydrates it) between flash() and the navigation, and would show it there.
 */
function takeFlash(): { kind?: unknown; msg?: unknown } | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    const kept = raw ? (JSON.parse(raw) as { kind?: unknown; msg?: unknown; doc?: unknown } | null) : null;
    if (kept?.doc === thisDocument()) return null;
    sessionStorage.removeItem(FLASH_KEY);
    return kept;
  } catch {
    return null;
  }
}
