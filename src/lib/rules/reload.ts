/** SPEC §4/§9: a failed chunk load reloads the page at most once a minute. */
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;

/** Whether to reload now, given when we last reloaded for this reason (ms epoch, 0 = never). */
export function shouldReloadForChunk(lastReloadAt: number, now: number): boolean {
  return now - lastReloadAt >= CHUNK_RELOAD_THROTTLE_MS;
}

/** True for the errors browsers raise when a code-split chunk cannot be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? reason.message : String(reason ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    text,
  );
}

/** SPEC §9 loading bar: shown only after 200 ms, creeping to 90% over 5 s. */
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000 } as const;
