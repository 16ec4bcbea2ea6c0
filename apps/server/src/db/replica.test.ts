import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createReplicaRouter, lsnBytes, type ReplicaRouter } from './replica';

/**
 * The router's reasoning on positions and times, with stand-ins for the two pools (the real pair
 * runs in replica.api.test.ts): `primary` is the primary's flushed position, `replayed` the
 * replica's, `clock` the time in ms.
 */
function harness() {
  const s = {
    primary: '0/100',
    replayed: '0/100' as string | null,
    recovery: true,
    down: false,
    clock: 1000,
  };
  const pool = (answer: () => Record<string, unknown>) =>
    ({
      query: async () => {
        if (s.down && answer === replicaAnswer) throw new Error('connection refused');
        return { rows: [answer()] };
      },
    }) as unknown as pg.Pool;
  const replicaAnswer = () => ({ lsn: s.replayed, recovery: s.recovery });
  const router = createReplicaRouter({
    primary: pool(() => ({ lsn: s.primary })),
    replica: pool(replicaAnswer),
    maxLagMs: 1000,
    pollMs: 60_000,
    now: () => s.clock,
  });
  return { s, router };
}

describe('the read replica router', () => {
  let router: ReplicaRouter | undefined;
  afterEach(() => router?.close());

  it('reads WAL positions as byte counts', () => {
    expect(lsnBytes('0/10')).toBe(16);
    expect(lsnBytes('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xb374d848);
  });

  it('serves while the replica keeps up, and skips it past the lag bound', async () => {
    const h = harness();
    router = h.router;
    await h.router.poll();
    expect(h.router.serves(undefined)).toBe(true);
    // the primary moves on, the replica does not replay it
    h.s.primary = '0/200';
    h.s.clock += 100;
    await h.router.poll();
    expect(h.router.state().lagMs).toBe(100);
    h.s.clock += 1200;
    await h.router.poll();
    expect(h.router.serves(undefined)).toBe(false);
    // replayed: fresh again
    h.s.replayed = '0/200';
    await h.router.poll();
    expect(h.router.serves(undefined)).toBe(true);
  });

  it("sends a writer's reads to the primary until a position sampled after the write is replayed", async () => {
    const h = harness();
    router = h.router;
    await h.router.poll();
    h.s.clock += 10;
    h.router.wrote('member-1');
    expect(h.router.serves('member-1')).toBe(false);
    expect(h.router.serves('member-2')).toBe(true);
    h.s.primary = '0/300';
    h.s.clock += 10;
    await h.router.poll();
    expect(h.router.serves('member-1')).toBe(false);
    h.s.replayed = '0/300';
    h.s.clock += 10;
    await h.router.poll();
    expect(h.router.serves('member-1')).toBe(true);
  });

  it('skips a replica that does not answer, or is not in recovery', async () => {
    const h = harness();
    router = h.router;
    await h.router.poll();
    h.s.down = true;
    await h.router.poll();
    expect(h.router.state().up).toBe(false);
    expect(h.router.serves(undefined)).toBe(false);
    h.s.down = false;
    await h.router.poll();
    expect(h.router.serves(undefined)).toBe(true);
    h.s.recovery = false;
    h.s.replayed = null;
    await h.router.poll();
    expect(h.router.serves(undefined)).toBe(false);
    h.router.down();
    expect(h.router.state().up).toBe(false);
  });
});
