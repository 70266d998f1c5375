import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api/client';
import { createListQuery } from '~/lib/stores/list-query';
import type { Page } from '~/lib/stores/paged';

type Row = { id: number };
const page = (ids: number[], p = 1): Page<Row> => ({ list: ids.map((id) => ({ id })), total: ids.length, page: p, limit: 20 });

/** A fetch whose answers the test releases in any order. */
function gated() {
  const calls: { q: { filter: string; page: number }; done: (p: Page<Row>) => void; fail: (e: unknown) => void }[] = [];
  const fetch = (q: { filter: string; page: number }) =>
    new Promise<Page<Row>>((done, fail) => {
      calls.push({ q, done, fail });
    });
  return { calls, fetch };
}

describe('console list store (queues, member search, ledgers)', () => {
  it('asks for the filter and page, with the limit; a new filter starts at page 1', async () => {
    const seen: unknown[] = [];
    const q = createListQuery<Row, 'open' | ''>(
      async (x) => {
        seen.push(x);
        return page([1]);
      },
      'open',
      10,
    );
    await q.reload();
    await q.setPage(3);
    await q.setFilter('');
    expect(seen).toEqual([
      { filter: 'open', page: 1, limit: 10 },
      { filter: 'open', page: 3, limit: 10 },
      { filter: '', page: 1, limit: 10 },
    ]);
    expect(q.$state.get()).toMatchObject({ filter: '', page: 1, data: page([1]), error: '' });
  });

  it('shows only the newest answer and keeps the last rows while the next page loads', async () => {
    const g = gated();
    const q = createListQuery<Row, 'open'>(g.fetch, 'open', 20);
    void q.reload();
    g.calls[0]!.done(page([1, 2]));
    await Promise.resolve();
    expect(q.$state.get().data).toEqual(page([1, 2]));
    const first = q.setPage(2);
    const second = q.setPage(3);
    expect(q.$state.get().data).toEqual(page([1, 2]));
    g.calls[2]!.done(page([5], 3));
    g.calls[1]!.done(page([3], 2));
    await Promise.all([first, second]);
    expect(q.$state.get()).toMatchObject({ page: 3, data: page([5], 3) });
  });

  it('a failure keeps the rows and says whether a retry may help', async () => {
    const g = gated();
    const q = createListQuery<Row, 'open'>(g.fetch, 'open', 20);
    const a = q.reload();
    g.calls[0]!.fail(new ApiError('网络连接失败', 0));
    await a;
    expect(q.$state.get()).toMatchObject({ data: null, error: '网络连接失败', retryable: true });
    const b = q.reload();
    g.calls[1]!.done(page([1]));
    await b;
    const c = q.reload();
    g.calls[2]!.fail(new ApiError('没有权限', 100));
    await c;
    expect(q.$state.get()).toMatchObject({ data: page([1]), error: '没有权限', retryable: false });
  });
});
