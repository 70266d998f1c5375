/** The project's own client directives (registered in astro.config.mjs). */
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when idle, or at once when the user reaches for the island; early clicks are replayed. */
    'client:interact'?: boolean | { timeout?: number };
    /** Hydrate when `demand(name)` is called, or at the user's first pointer press or key anywhere. */
    'client:demand'?: string;
  }
}
