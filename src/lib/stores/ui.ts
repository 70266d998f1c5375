import { atom } from 'nanostores';
import { demand } from '../demand';

/** Which global dialog is open (SPEC §2 login, forgot-password and customer-service dialogs). */
export type Dialog = 'none' | 'login' | 'forgot' | 'kefu';
export const $dialog = atom<Dialog>('none');

// The dialogs are islands that hydrate on demand (BaseLayout: client:demand="login" …): opening
// one asks for it; it reads the store when it hydrates and shows itself.
$dialog.listen((d) => {
  if (d !== 'none') demand(d);
});

/** SPEC §3 showLogin: the login dialog opens from the login button, cart and guarded links. */
export const openLogin = () => (onMobileSite() ? toMobilePage('/m/login') : $dialog.set('login'));
export const openForgot = () => (onMobileSite() ? toMobilePage('/m/forgot') : $dialog.set('forgot'));

/** The mobile site (src/layouts/MobileLayout.astro) has pages, not dialogs, for signing in. */
export function onMobileSite(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset['site'] === 'm';
}

/** Opens a mobile page that returns here afterwards (`?redirect=`, a same-site path only). */
function toMobilePage(path: string): void {
  if (location.pathname === path) return;
  location.assign(`${path}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
}
export const openKefu = () => $dialog.set('kefu');
export const closeDialog = () => $dialog.set('none');
