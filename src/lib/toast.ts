import { toast as sonner } from 'sonner';

/** SPEC §9: toasts last 2000 ms, 40 px from the top. */
export const TOAST_DURATION = 2000;
export const TOAST_OFFSET = 40;

/** App-wide toasts (one Toaster is mounted by BaseLayout). */
export const toast = {
  success: (msg: string) => sonner.success(msg),
  error: (msg: string) => sonner.error(msg),
  warning: (msg: string) => sonner.warning(msg),
  info: (msg: string) => sonner.info(msg),
};
