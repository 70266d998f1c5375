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
export const openLogin = () => $dialog.set('login');
export const openForgot = () => $dialog.set('forgot');
export const openKefu = () => $dialog.set('kefu');
export const closeDialog = () => $dialog.set('none');
