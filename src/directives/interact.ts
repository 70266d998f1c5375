/**
 * `client:interact` — hydrate an island when the browser is idle, or sooner when the user reaches
 * for it (pointer down or over, focus, a key). React is then fetched off the critical path, yet
 * an early first click still works: a click or submit that arrives before the island is hydrated
 * is held (nothing navigates, nothing submits) and dispatched again, to the same element, once
 * React owns it. Options: `client:interact={{ timeout: 2000 }}` bounds the wait for idle.
 *
 * Built by Astro with esbuild and inlined into the page: no imports from the app bundle.
 */
import type { ClientDirective } from 'astro';

/** Signs that the user is about to act on the island: start hydrating now. */
const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** Actions that must not be lost or acted on natively while the island is not hydrated yet. */
const HELD = ['click', 'submit'] as const;

const interact: ClientDirective = (load, options, el) => {
  const opts = typeof options.value === 'object' && options.value ? (options.value as { timeout?: number }) : {};
  const held: Event[] = [];
  let started = false;

  const hold = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
    held.push(e);
    start();
  };

  function start() {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start, { capture: true });
    void (async () => {
      const hydrate = await load();
      await hydrate();
      for (const type of HELD) el.removeEventListener(type, hold, { capture: true });
      // React's listeners are on the island now; a replayed click makes React finish hydrating
      // the island at once (click is one of its replayable discrete events) and handle it.
      for (const e of held.splice(0)) replay(e);
    })();
  }

  for (const type of TRIGGERS) el.addEventListener(type, start, { capture: true, passive: true });
  for (const type of HELD) el.addEventListener(type, hold, { capture: true });
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, opts.timeout ? { timeout: opts.timeout } : {});
  else setTimeout(start, 200);
};

function replay(e: Event) {
  const target = e.target instanceof Element && e.target.isConnected ? e.target : null;
  if (!target) return;
  if (e.type === 'submit') {
    const form = target as HTMLFormElement;
    const submitter = (e as SubmitEvent).submitter;
    // Clicking the submitter is a discrete event React replays after hydrating; requestSubmit
    // covers a form submitted without a button.
    if (submitter?.isConnected) submitter.click();
    else requestAnimationFrame(() => form.requestSubmit());
    return;
  }
  const m = e as MouseEvent;
  target.dispatchEvent(
    new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      detail: m.detail,
      button: m.button,
      buttons: m.buttons,
      clientX: m.clientX,
      clientY: m.clientY,
      screenX: m.screenX,
      screenY: m.screenY,
      ctrlKey: m.ctrlKey,
      shiftKey: m.shiftKey,
      altKey: m.altKey,
      metaKey: m.metaKey,
    }),
  );
}

export default interact;
