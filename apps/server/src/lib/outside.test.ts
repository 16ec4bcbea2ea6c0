import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import {
  CircuitOpen,
  GateBusy,
  guardAdapter,
  inTransaction,
  OutsideCallInTransaction,
  OutsideGate,
  trackTransactions,
} from './outside';

/** A database handle whose `transaction` only runs its callback, as drizzle's does around a real one. */
const fakeDb = () =>
  ({ transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn({}) }) as unknown as Db;

describe('the open-transaction marker', () => {
  it('is set inside a tracked transaction and in what it awaits, and nowhere else', async () => {
    const db = fakeDb();
    trackTransactions({ db });
    trackTransactions({ db }); // idempotent
    expect(inTransaction()).toBe(false);
    const seen = await db.transaction(async () => {
      await new Promise((r) => setTimeout(r, 1));
      return inTransaction();
    });
    expect(seen).toBe(true);
    expect(inTransaction()).toBe(false);
  });

  it('fails an adapter call made inside a transaction, and lets the same call through outside', async () => {
    const db = fakeDb();
    trackTransactions({ db });
    const reports: string[] = [];
    const sent: string[] = [];
    const mail = { driver: 'outbox', send: async (to: string) => void sent.push(to) };
    const strict = guardAdapter('mail', mail, 'throw', (e) => reports.push(e.message), ['send']);
    await strict.send('a@x.test');
    await expect(db.transaction(async () => strict.send('b@x.test'))).rejects.toBeInstanceOf(
      OutsideCallInTransaction,
    );
    const lenient = guardAdapter('mail', mail, 'log', (e) => reports.push(e.message), ['send']);
    await db.transaction(async () => lenient.send('c@x.test'));
    expect(sent).toEqual(['a@x.test', 'c@x.test']);
    expect(reports).toEqual(['mail.send was called while a database transaction was open']);
    expect(strict.driver).toBe('outbox');
  });
});

describe('OutsideGate', () => {
  it('opens a target after failures in a row, skips it at once, then lets one trial through', async () => {
    let now = 0;
    const gate = new OutsideGate({ failureThreshold: 2, cooldownMs: 1000, now: () => now });
    const fail = () => Promise.reject(new Error('timeout'));
    await expect(gate.run('org', 'bridge', 100, fail)).rejects.toThrow('timeout');
    expect(gate.state('org', 'bridge')).toBe('closed');
    await expect(gate.run('org', 'bridge', 100, fail)).rejects.toThrow('timeout');
    expect(gate.state('org', 'bridge')).toBe('open');
    let called = 0;
    await expect(gate.run('org', 'bridge', 100, async () => ++called)).rejects.toBeInstanceOf(CircuitOpen);
    expect(called).toBe(0);
    // another organization, and another target, are not affected
    expect(await gate.run('other', 'bridge', 100, async () => 'ok')).toBe('ok');
    expect(await gate.run('org', 'vendor', 100, async () => 'ok')).toBe('ok');
    now = 1000;
    expect(gate.state('org', 'bridge')).toBe('half_open');
    expect(await gate.run('org', 'bridge', 100, async () => 'back')).toBe('back');
    expect(gate.state('org', 'bridge')).toBe('closed');
  });

  it("limits one organization's calls in flight without touching another's", async () => {
    const gate = new OutsideGate({ perOrganization: 2 });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const a = gate.run('busy', 'x', 1000, () => held);
    const b = gate.run('busy', 'x', 1000, () => held);
    // a third call of the same organization waits for a slot, and gives up at its deadline
    await expect(gate.run('busy', 'x', 20, async () => 'late')).rejects.toBeInstanceOf(GateBusy);
    // another organization goes at once
    expect(await gate.run('calm', 'x', 20, async () => 'now')).toBe('now');
    const c = gate.run('busy', 'x', 1000, async () => 'next');
    release();
    await Promise.all([a, b]);
    expect(await c).toBe('next');
  });
});
