/**
 * Asks the islands declared `client:demand="name"` to hydrate now (src/directives/demand.ts). The
 * name is also remembered on window, so an island whose directive starts later still hydrates.
 * A no-op on the server.
 */
export function demand(name: string): void {
  if (typeof window === 'undefined') return;
  const w = window as Window & { __gfDemanded?: Set<string> };
  (w.__gfDemanded ??= new Set()).add(name);
  window.dispatchEvent(new CustomEvent('gf:demand', { detail: name }));
}
