/*
 * Button classes beside the `gf-btn`, `gf-btn-primary` and `gf-btn-ghost` shortcuts of uno.config.ts:
 * the console's compact sizes and text-like buttons.
 */

/** A compact button (the console's toolbars and rows). */
export const btn = 'gf-btn h-8 shrink-0 whitespace-nowrap px-4 text-sm';
/** A compact brand button. */
export const primaryBtn = `${btn} bg-brand text-white disabled:opacity-60`;
/** A small text button that looks like a link (row actions of the console's content tables). */
export const linkBtn = 'text-sm text-brand hover:underline disabled:opacity-50';
/** A text button at the size of the text around it (row actions of the console's queues). */
export const inlineLinkBtn = 'text-brand hover:underline disabled:text-ink-mute';
/** A text button for a destructive row action (take down, refuse, send back). */
export const dangerLinkBtn = 'text-danger-strong hover:underline';
