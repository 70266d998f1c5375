import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const shown: [string, string][] = [];
vi.mock('sonner', () => ({
  toast: Object.fromEntries(['success', 'error', 'warning', 'info'].map((k) => [k, (msg: string) => shown.push([k, msg])])),
}));

const { flash, showFlash, FLASH_KEY } = await import('~/lib/toast');

/** Session storage as a browser tab has it. */
class TabStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

/** The toasts sonner was asked for once its import settled. */
async function toasts(): Promise<[string, string][]> {
  await vi.dynamicImportSettled();
  await new Promise((r) => setTimeout(r, 0));
  return shown;
}

describe('a toast left for the next page (flash)', () => {
  beforeEach(() => {
    shown.length = 0;
    vi.stubGlobal('sessionStorage', new TabStorage());
    vi.stubGlobal('window', { dispatchEvent: () => true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is not taken by the page that left it (its toaster mounting between flash and the navigation)', async () => {
    flash('success', '退出成功');
    showFlash();
    expect(await toasts()).toEqual([]);
    expect(sessionStorage.getItem(FLASH_KEY)).toContain('退出成功');
  });

  it('is shown once by the next page', async () => {
    flash('success', '退出成功');
    const next = performance.timeOrigin + 1;
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(next);
    showFlash();
    showFlash();
    expect(await toasts()).toEqual([['success', '退出成功']]);
    expect(sessionStorage.getItem(FLASH_KEY)).toBeNull();
  });
});
