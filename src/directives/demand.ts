/**
 * `client:demand="name"` — hydrate an island only when the page asks for it with `demand(name)`
 * (`src/lib/demand.ts`: opening a dialog, showing a toast), or as soon as the user first presses
 * a pointer or a key anywhere, so that the island's code is usually there by the time the click
 * that needs it completes. Pages nobody touches never load it.
 *
 * Built by Astro with esbuild and inlined into the page: it shares nothing with the app bundle but
 * the `gf:demand` event and the `__gfDemanded` set on window (see src/lib/demand.ts).
 */
import type { ClientDirective } from 'astro';

const FIRST_INPUT = ['pointerdown', 'touchstart', 'keydown'] as const;

const demandDirective: ClientDirective = (load, options) => {
  const name = String(options.value);
  let started = false;

  const onDemand = (e: Event) => {
    if ((e as CustomEvent<string>).detail === name) start();
  };
  function start() {
    if (started) return;
    started = true;
    window.removeEventListener('gf:demand', onDemand);
    for (const type of FIRST_INPUT) window.removeEventListener(type, start, { capture: true });
    void (async () => {
      const hydrate = await load();
      await hydrate();
    })();
  }

  if ((window as { __gfDemanded?: Set<string> }).__gfDemanded?.has(name)) return start();
  window.addEventListener('gf:demand', onDemand);
  for (const type of FIRST_INPUT) window.addEventListener(type, start, { capture: true, passive: true });
};

export default demandDirective;
