import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundPolicy } from '../../lib/outbound';
import {
  createHeadleaderDriver,
  createKerongDriver,
  createLockAdapter,
  LockNotConfigured,
  type LockTarget,
  LockUnreachable,
  NO_LOCK_SETTINGS,
} from './index';
import { type BoardSimulator, headleaderBoard, kerongBoard } from './simulators/boards';

/** The test boards listen on loopback: allowed as an on-premises bridge would be. */
const loopback = createOutboundPolicy({ allow: ['127.0.0.1'] });

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const adapter = createLockAdapter({
  drivers: {
    kerong: createKerongDriver({ timeoutMs: 300, outbound: loopback }),
    headleader: createHeadleaderDriver({ timeoutMs: 300, outbound: loopback }),
  },
  openTimeoutMs: 200,
  pollMs: 20,
});

const target = (over: Partial<LockTarget>): LockTarget => ({
  id: 'd1',
  hardwareType: 'kerong',
  lockStatus: 'locked',
  lockStatusAt: null,
  fields: {},
  settings: NO_LOCK_SETTINGS,
  ...over,
});

describe('Kerong KR-CU driver against a board simulator', () => {
  let board: BoardSimulator;
  beforeAll(async () => {
    board = await kerongBoard(1);
  });
  afterAll(() => board.close());
  const kerong = (lock: number, ip?: string | null) =>
    target({
      hardwareType: 'kerong',
      fields: { circuit_unit: '1', hook_port: String(lock), ip: ip ?? null },
      settings: { ...NO_LOCK_SETTINGS, bridgeHost: '127.0.0.1', bridgePort: board.port },
    });

  it('unlocks with the documented frame, then reads the door open from the board status', async () => {
    board.frames.length = 0;
    const r = await adapter.unlock(kerong(3));
    expect(r).toEqual({ outcome: 'opened', lockStatus: 'open' });
    // STX ADDR LOCK(0-based) CMD ETX SUM: 02+01+02+61+03 = 0x69
    expect([...board.frames[0]!]).toEqual([0x02, 0x01, 0x02, 0x61, 0x03, 0x69]);
    expect([...board.frames[1]!]).toEqual([0x02, 0x01, 0x00, 0x60, 0x03, 0x66]);
    expect(board.doors.get(3)).toBe(true);
  });

  it('reads each lock from the status bitmap', async () => {
    board.doors.set(9, true);
    board.doors.set(10, false);
    expect((await adapter.status(kerong(9))).lockStatus).toBe('open');
    expect((await adapter.status(kerong(10))).lockStatus).toBe('locked');
  });

  it("uses the board's own ip as host:port before the location's bridge", async () => {
    const t = kerong(4, `127.0.0.1:${board.port}`);
    t.settings = NO_LOCK_SETTINGS;
    expect((await adapter.unlock(t)).outcome).toBe('opened');
  });

  it('reports a jam when the board acknowledges but the door never reports open', async () => {
    board.behaviour.jam = true;
    try {
      expect(await adapter.unlock(kerong(5))).toEqual({ outcome: 'jammed', lockStatus: 'locked' });
    } finally {
      board.behaviour.jam = false;
    }
  });

  it('refuses an answer with a bad checksum', async () => {
    board.behaviour.badChecksum = true;
    try {
      await expect(adapter.unlock(kerong(6))).rejects.toThrow(/bad checksum/);
    } finally {
      board.behaviour.badChecksum = false;
    }
  });

  it('times out on a board that does not answer', async () => {
    board.behaviour.silent = true;
    try {
      await expect(adapter.unlock(kerong(7))).rejects.toThrow(/no answer from the board within 300 ms/);
    } finally {
      board.behaviour.silent = false;
    }
  });

  it('answers unreachable when the bridge is offline, and not configured without a bridge or addresses', async () => {
    const t = kerong(8);
    t.settings = { ...NO_LOCK_SETTINGS, bridgeHost: '127.0.0.1', bridgePort: await closedPort() };
    await expect(adapter.unlock(t)).rejects.toBeInstanceOf(LockUnreachable);
    await expect(adapter.unlock(target({ fields: { circuit_unit: '1', hook_port: '1' } }))).rejects.toThrow(
      LockNotConfigured,
    );
    const noLock = kerong(1);
    noLock.fields.hook_port = null;
    await expect(adapter.unlock(noLock)).rejects.toThrow(/hook port/);
  });
});

describe('Headleader driver against a board simulator', () => {
  let board: BoardSimulator;
  beforeAll(async () => {
    board = await headleaderBoard(2);
  });
  afterAll(() => board.close());
  const hl = (port: number) =>
    target({
      hardwareType: 'headleader',
      fields: { headboard: 2, port },
      settings: { ...NO_LOCK_SETTINGS, bridgeHost: '127.0.0.1', bridgePort: board.port },
    });

  it('unlocks with the 8A frame and takes the door state from the answer', async () => {
    board.frames.length = 0;
    expect(await adapter.unlock(hl(3))).toEqual({ outcome: 'opened', lockStatus: 'open' });
    // 8A ^ 02 ^ 03 ^ 11 = 0x9A
    expect([...board.frames[0]!]).toEqual([0x8a, 0x02, 0x03, 0x11, 0x9a]);
    expect(board.frames).toHaveLength(1);
  });

  it('reads the status with the 80 frame', async () => {
    board.frames.length = 0;
    expect((await adapter.status(hl(3))).lockStatus).toBe('open');
    expect((await adapter.status(hl(4))).lockStatus).toBe('locked');
    expect([...board.frames[1]!]).toEqual([0x80, 0x02, 0x04, 0x33, 0x80 ^ 0x02 ^ 0x04 ^ 0x33]);
  });

  it('reports a jam, refuses a bad checksum, times out, and answers unreachable when offline', async () => {
    board.behaviour.jam = true;
    expect((await adapter.unlock(hl(5))).outcome).toBe('jammed');
    board.behaviour.jam = false;
    board.behaviour.badChecksum = true;
    await expect(adapter.unlock(hl(6))).rejects.toThrow(/bad checksum/);
    board.behaviour.badChecksum = false;
    board.behaviour.silent = true;
    await expect(adapter.status(hl(6))).rejects.toThrow(/no answer/);
    board.behaviour.silent = false;
    const off = hl(7);
    off.settings = { ...off.settings, bridgePort: await closedPort() };
    await expect(adapter.unlock(off)).rejects.toBeInstanceOf(LockUnreachable);
    const badAddress = hl(9);
    await expect(adapter.unlock(badAddress)).rejects.toThrow(/port \(1–8\)/);
  });
});
