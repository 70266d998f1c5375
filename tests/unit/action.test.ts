import { beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: [string, string][] = [];
vi.mock('~/lib/toast', () => ({
  toast: {
    success: (m: string) => toasts.push(['success', m]),
    error: (m: string) => toasts.push(['error', m]),
    warning: (m: string) => toasts.push(['warning', m]),
    info: (m: string) => toasts.push(['info', m]),
  },
}));
const { createAction, createRunner, check, InputError } = await import('~/lib/stores/action');
const { ApiError } = await import('~/lib/api/client');

beforeEach(() => {
  toasts.length = 0;
});

describe('the action runner', () => {
  it('is busy while running, toasts the success text, and clears the error', async () => {
    const r = createRunner();
    let release!: () => void;
    const p = r.run(() => new Promise<number>((res) => (release = () => res(7))), { done: (n) => `done ${n}` });
    expect(r.$state.get()).toEqual({ busy: true, error: '' });
    release();
    expect(await p).toBe(7);
    expect(r.$state.get()).toEqual({ busy: false, error: '' });
    expect(toasts).toEqual([['success', 'done 7']]);
  });

  it('ignores a second run while the first is busy (a double click)', async () => {
    const fn = vi.fn(() => new Promise((res) => setTimeout(res, 5)));
    const a = createAction(fn);
    await Promise.all([a.run(), a.run(), a.run()]);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('keeps the server refusal as the error and toasts it', async () => {
    const r = createRunner();
    expect(await r.run(() => Promise.reject(new ApiError('库存不足', 100)))).toBeUndefined();
    expect(r.$state.get()).toEqual({ busy: false, error: '库存不足' });
    expect(toasts).toEqual([['error', '库存不足']]);
  });

  it('shows form-rule warnings as warnings and can leave toasting to the island', async () => {
    const r = createRunner();
    await r.run(async () => check('两次密码不一致', 'warning'));
    expect(toasts).toEqual([['warning', '两次密码不一致']]);
    await r.run(() => Promise.reject(new InputError('请填写收货人')), { toastErrors: false });
    expect(toasts).toHaveLength(1);
    expect(r.$state.get().error).toBe('请填写收货人');
  });
});
