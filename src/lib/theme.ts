/**
 * A theme colour for code that draws (charts on a canvas, which takes no classes): read from the
 * custom properties uno.config.ts puts on :root (`--gf-brand-accent`), so the palette is written once.
 * `name` is the class name's colour part: 'brand-accent', 'info-bright', 'ink-mute'.
 */
export function themeColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--gf-${name}`).trim();
}
