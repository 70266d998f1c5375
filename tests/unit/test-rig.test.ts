import { spawnSync } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { canBind, freePorts, takePorts } from '../../scripts/free-ports.mjs';

/** The test rigs' ports and `npm test`'s first check: what lets two checkouts, or a bare machine, run the suites. */
const held: net.Server[] = [];
const hold = (port: number) =>
  new Promise<number>((ok, fail) => {
    const s = net.createServer();
    held.push(s);
    s.once('error', fail);
    s.listen(port, '127.0.0.1', () => ok((s.address() as AddressInfo).port));
  });
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((done) => s.close(done))));
  for (const k of ['GF_TEST_A', 'GF_TEST_B', 'GF_TEST_BLOCK']) Reflect.deleteProperty(process.env, k);
});

describe('free ports for the rigs (scripts/free-ports.mjs)', () => {
  it('gives distinct ports that are free now, below the ephemeral range', async () => {
    const ports = await freePorts(3);
    expect(new Set(ports).size).toBe(3);
    for (const p of ports) {
      expect(p).toBeGreaterThanOrEqual(20000);
      expect(p).toBeLessThan(32000);
      expect(await canBind(p)).toBe(true);
    }
  });

  it('passes over a port something else listens on (another checkout’s rig)', async () => {
    const taken = await hold((await freePorts(1))[0]!);
    // The first draw lands on the taken port, the next anywhere.
    const draws = [(taken - 20000 + 0.5) / (32000 - 20000 - 1)];
    let first = 0;
    const [port] = await freePorts(1, {
      random: () => {
        const r = draws.shift();
        if (r !== undefined) first = Math.floor(r * (32000 - 20000 - 1)) + 20000;
        return r ?? Math.random();
      },
    });
    expect(first).toBe(taken);
    expect(port).not.toBe(taken);
    expect(await canBind(port!)).toBe(true);
  });

  it('gives a block of consecutive free ports for the cluster rig', async () => {
    const block = await freePorts(5, { block: true });
    expect(block.map((p) => p - block[0]!)).toEqual([0, 1, 2, 3, 4]);
    for (const p of block) expect(await canBind(p)).toBe(true);
  });

  it('keeps ports the caller set and fills the others into the environment the rig and workers inherit', () => {
    process.env['GF_TEST_A'] = '4391';
    const ports = takePorts(['GF_TEST_A', 'GF_TEST_B']);
    expect(ports['GF_TEST_A']).toBe(4391);
    expect(ports['GF_TEST_B']).toBeGreaterThanOrEqual(20000);
    expect(process.env['GF_TEST_B']).toBe(String(ports['GF_TEST_B']));
    expect(takePorts(['GF_TEST_B'])).toEqual({ GF_TEST_B: ports['GF_TEST_B'] });
    expect(takePorts(['GF_TEST_BLOCK'], { block: 5 })['GF_TEST_BLOCK']).toBeGreaterThanOrEqual(20000);
  });
});

describe('npm test on a machine without Chromium', () => {
  it('stops before the build with the command that installs it', () => {
    const run = spawnSync(process.execPath, ['scripts/test.mjs'], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no Chromium at /nonexistent/chromium');
    expect(run.stderr).toContain('apt-get install chromium fonts-noto-cjk');
    expect(run.stderr).toContain('CHROMIUM_PATH');
    // Nothing ran: no estimate, no build, no suite.
    expect(run.stdout).toBe('');
  });
});
