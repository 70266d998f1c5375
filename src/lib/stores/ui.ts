import { atom } from 'nanostores';

/** Which global dialog is open (SPEC §2 login, forgot-password and customer-service dialogs). */
export type Dialog = 'none' | 'login' | 'forgot' | 'kefu';
export const $dialog = atom<Dialog>('none');

/** SPEC §3 showLogin: the login dialog opens from the login button, cart and guarded links. */
export const openLogin = () => $dialog.set('login');
export const openForgot = () => $dialog.set('forgot');
export const openKefu = () => $dialog.set('kefu');
export const closeDialog = () => $dialog.set('none');
