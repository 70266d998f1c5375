import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { T } from '~/lib/texts';
import { hashPassword } from '~/server/security/password';
import { users } from '~/server/db/schema';
import { startApi, type TestApi } from '../helpers/api';

/** The login lockout holds under a concurrent burst (checks are reserved first) and counts wrong passwords only. */
let t: TestApi;
const phone = '13700000042';
beforeAll(async () => {
  t = await startApi();
  await t.db.insert(users).values({ phone, nickName: '锁定测试', passwordHash: await hashPassword('right-pw1') });
});
afterAll(() => t.stop());

describe('login lockout', () => {
  it('a burst of forty guesses gets five checks at most: the right password at the end of it is refused', async () => {
    // 39 wrong guesses and the right password, all at once (an attacker racing the counter).
    const guesses = [...Array.from({ length: 39 }, (_, i) => `wrong-${i}`), 'right-pw1'];
    const burst = await Promise.all(
      guesses.map((password, i) => t.post('/login', { type: 1, phone, password }, undefined, { 'x-forwarded-for': `10.9.${i}.1` })),
    );
    expect(burst.filter((r) => r.body.code === 200)).toHaveLength(0);
    const wrong = burst.filter((r) => r.body.code === 100);
    // Four plain refusals; the fifth failure locks (429) like the 35 that were never checked.
    expect(wrong).toHaveLength(4);
    expect(wrong.every((r) => r.body.msg === T.badCredentials)).toBe(true);
    expect(burst.filter((r) => r.body.code === 429)).toHaveLength(36);
    const right = await t.post('/login', { type: 1, phone, password: 'right-pw1' }, undefined, { 'x-forwarded-for': '10.9.99.1' });
    expect(right.body.code).toBe(429);
    expect(right.body.msg).toMatch(/锁定/);
  });

  it('ten logins at once with the right password all succeed (logins in flight are not failures)', async () => {
    const busy = '13700000044';
    await t.db.insert(users).values({ phone: busy, nickName: '并发登录', passwordHash: await hashPassword('right-pw1') });
    const all = await Promise.all(Array.from({ length: 10 }, () => t.post('/login', { type: 1, phone: busy, password: 'right-pw1' })));
    expect(all.map((r) => r.body.code)).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('a right password within the limit logs in and clears the count', async () => {
    const other = '13700000043';
    await t.db.insert(users).values({ phone: other, nickName: '计数测试', passwordHash: await hashPassword('right-pw1') });
    for (let i = 0; i < 4; i++) expect((await t.post('/login', { type: 1, phone: other, password: 'nope' })).body.code).toBe(100);
    expect((await t.post('/login', { type: 1, phone: other, password: 'right-pw1' })).body.code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await t.post('/login', { type: 1, phone: other, password: 'nope' })).body.code).toBe(100);
    expect((await t.post('/login', { type: 1, phone: other, password: 'right-pw1' })).body.code).toBe(200);
  });
});
