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
