import { describe, expect, it } from 'vitest';
import { cursorPages, M_LIST_LIMIT } from '~/lib/stores/train-lists';

// The 功夫圈 tab of /m/anchor: a cursor feed read as numbered pages by the infinite list.
describe('cursorPages', () => {
  it('continues each page from the cursor the previous one answered, and ends when there is none', async () => {
    const asked: (number | undefined)[] = [];
    const feed = [
      { list: [1, 2], next_cursor: 42 },
      { list: [3], next_cursor: null },
    ];
    const pages = cursorPages<number>(async (cursor) => {
      asked.push(cursor);
      return feed[asked.length - 1]!;
    });
    const one = await pages(1);
    expect(one).toEqual({ list: [1, 2], page: 1, limit: M_LIST_LIMIT, total: 3 });
    const two = await pages(2);
    expect(two).toEqual({ list: [3], page: 2, limit: M_LIST_LIMIT, total: 3 });
    expect(asked).toEqual([undefined, 42]);
  });

  it('refuses a page whose cursor is not known yet', async () => {
    const pages = cursorPages<number>(async () => ({ list: [], next_cursor: null }));
    await expect(pages(3)).rejects.toThrow();
  });
});
