import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { attemptGuards } from '~/server/db/schema';
import { AttemptGuard } from '~/server/security/limiter';
import { startApi, type TestApi } from '../helpers/api';

/**
 * AttemptGuard (login, pay password, console login): only wrong answers count, at most `points`
 * checks run before a block, and checks in flight on another instance are waited for.
 */
let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

const row = async (key: string) => (await t.db.select().from(attemptGuards).where(eq(attemptGuards.key, key)))[0];

/** A check that answers `right` once `gate` opens. */
function gated(right: boolean) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  return {
    open,
    check: async () => {
      await gate;
      return right;
    },
  };
}

describe('AttemptGuard', () => {
  it('a check on another instance waits for the five in flight here, then goes ahead', async () => {
    const here = new AttemptGuard('g1', 5, 900, 900);
    const there = new AttemptGuard('g1', 5, 900, 900); // another instance: it hears no local wake-up
    const held = Array.from({ length: 5 }, () => gated(true));
    const running = held.map((h) => here.attempt('k', h.check));
    await vi.waitFor(async () => expect((await row('g1:k'))?.pending).toBe(5), { timeout: 10_000 });
    let checked = false;
    const late = there.attempt('k', async () => {
      checked = true;
      return true;
    });
    for (const h of held) h.open();
    expect(await Promise.all(running)).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(await late).toEqual({ ok: true });
    expect(checked).toBe(true);
    // Nothing in flight and nothing wrong: the key's row is gone.
    expect(await row('g1:k')).toBeUndefined();
  });

  it('five wrong answers in flight block the ones waiting behind them, unchecked', async () => {
    const guard = new AttemptGuard('g2', 5, 900, 900);
    const held = Array.from({ length: 5 }, () => gated(false));
    const running = held.map((h) => guard.attempt('k', h.check));
    await vi.waitFor(async () => expect((await row('g2:k'))?.pending).toBe(5), { timeout: 10_000 });
    let checked = 0;
    const waiting = Array.from({ length: 3 }, () =>
      guard.attempt('k', async () => {
        checked++;
        return true;
      }),
    );
    for (const h of held) h.open();
    const first = await Promise.all(running);
    expect(first.filter((r) => !r.ok && r.blocked === 0)).toHaveLength(4);
    expect(first.filter((r) => !r.ok && r.blocked === 900)).toHaveLength(1);
    for (const r of await Promise.all(waiting)) expect(r).toMatchObject({ ok: false, busy: false });
    expect(checked).toBe(0);
    expect(await guard.blockedFor('k')).toBeGreaterThan(890);
  });

  it('a check that throws gives its slot back without counting', async () => {
    const guard = new AttemptGuard('g3', 2, 900, 900);
    for (let i = 0; i < 3; i++) {
      await expect(
        guard.attempt('k', async () => {
          throw new Error('database gone');
        }),
      ).rejects.toThrow('database gone');
    }
    expect(await row('g3:k')).toMatchObject({ pending: 0, failures: 0 });
    expect(await guard.attempt('k', async () => true)).toEqual({ ok: true });
  });

  it('slots of an instance that died mid-check lapse with their lease', async () => {
    const guard = new AttemptGuard('g4', 5, 900, 900);
    await t.db.insert(attemptGuards).values({
      key: 'g4:k',
      failures: 0,
      windowUntil: sql`now() + interval '10 minutes'`,
      pending: 5,
      pendingUntil: sql`now() - interval '1 second'`,
    });
    expect(await guard.attempt('k', async () => true)).toEqual({ ok: true });
  });

  it('when a block ends the count starts afresh; a right answer resets it', async () => {
    const guard = new AttemptGuard('g5', 3, 900, 900);
    for (let i = 0; i < 2; i++) expect(await guard.attempt('k', async () => false)).toEqual({ ok: false, blocked: 0, busy: false });
    expect(await guard.attempt('k', async () => false)).toEqual({ ok: false, blocked: 900, busy: false });
    expect(await guard.attempt('k', async () => true)).toMatchObject({ ok: false, busy: false });
    await t.db
      .update(attemptGuards)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(attemptGuards.key, 'g5:k'));
    expect(await guard.attempt('k', async () => false)).toEqual({ ok: false, blocked: 0, busy: false });
    expect(await guard.attempt('k', async () => true)).toEqual({ ok: true });
    for (let i = 0; i < 2; i++) expect(await guard.attempt('k', async () => false)).toEqual({ ok: false, blocked: 0, busy: false });
  });
});
