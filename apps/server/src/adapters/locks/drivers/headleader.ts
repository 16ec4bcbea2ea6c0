import { createOutboundPolicy } from '../../../lib/outbound';
import { type LockDriver, type LockReport, type LockTarget, LockUnreachable } from '../types';
import type { SerialDriverOptions } from './kerong';
import { addressField, bridgeOf, exchange } from './serial-bridge';

/*
 * Headleader lock-control boards on RS-485, reached through a serial-to-TCP bridge.
 *
 * No protocol document from Headleader itself could be found; this driver follows the 5-byte
 * frame that the common RS-485 locker boards of this family publish (and that Headleader's
 * board numbering 1–25 with 8 ports per board matches):
 *   request  CMD BOARD LOCK FN XOR          open: 8A bb ll 11 xx     status: 80 bb ll 33 xx
 *   answer   CMD BOARD LOCK STATE XOR       STATE 0x11 = door open, 0x00 = door closed
 * BOARD is the device's `headboard` (1–25), LOCK its `port` (1–8), XOR the exclusive-or of the
 * four bytes before it. Should a board revision differ, only the constants below change.
 */
export const HEADLEADER = {
  OPEN: 0x8a,
  STATUS: 0x80,
  FN_OPEN: 0x11,
  FN_STATUS: 0x33,
  DOOR_OPEN: 0x11,
  DOOR_CLOSED: 0x00,
} as const;

/** Exclusive-or of `bytes`. */
export const headleaderChecksum = (bytes: Iterable<number>): number => {
  let x = 0;
  for (const b of bytes) x ^= b;
  return x & 0xff;
};

/** A frame: CMD BOARD LOCK FN/STATE XOR. */
export function headleaderFrame(cmd: number, board: number, lock: number, fn: number): Buffer {
  const body = [cmd, board, lock, fn];
  return Buffer.from([...body, headleaderChecksum(body)]);
}

/** Checks an answer (command echoed, board and lock, checksum) and returns its STATE byte. */
export function parseHeadleaderAnswer(b: Buffer, cmd: number, board: number, lock: number): number {
  if (b.length !== 5) throw new LockUnreachable('headleader', 'short answer');
  if (headleaderChecksum(b.subarray(0, 4)) !== b[4])
    throw new LockUnreachable('headleader', 'bad checksum in the answer');
  if (b[0] !== cmd || b[1] !== board || b[2] !== lock)
    throw new LockUnreachable('headleader', 'the answer is for another command, board or lock');
  return b[3]!;
}

/**
 * The Headleader driver. Settings: the location's bridge, the device's `headboard` and `port`;
 * missing ones answer `LockNotConfigured`, a silent, refusing or garbled bridge `LockUnreachable`.
 * The open answer already carries the door's state.
 */
export function createHeadleaderDriver(opts: SerialDriverOptions = {}): LockDriver {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const outbound = opts.outbound ?? createOutboundPolicy();
  const address = (t: LockTarget) => ({
    bridge: bridgeOf(t, 'Headleader'),
    board: addressField('Headleader', t.fields.headboard, 'headboard', 1, 25),
    lock: addressField('Headleader', t.fields.port, 'port', 1, 8),
  });
  const ask = async (t: LockTarget, cmd: number, fn: number): Promise<LockReport> => {
    const a = address(t);
    const answer = await exchange(
      'headleader',
      a.bridge,
      headleaderFrame(cmd, a.board, a.lock, fn),
      () => 5,
      timeoutMs,
      outbound,
    );
    const state = parseHeadleaderAnswer(answer, cmd, a.board, a.lock);
    return { lockStatus: state === HEADLEADER.DOOR_OPEN ? 'open' : 'locked' };
  };
  return {
    vendor: 'headleader',
    unlock: (t) => ask(t, HEADLEADER.OPEN, HEADLEADER.FN_OPEN),
    status: (t) => ask(t, HEADLEADER.STATUS, HEADLEADER.FN_STATUS),
  };
}
