import type { TLockStatus } from '@lockerops/contract';
import { createOutboundPolicy, type OutboundPolicy } from '../../../lib/outbound';
import { type LockDriver, type LockReport, type LockTarget, LockUnreachable } from '../types';
import { addressField, bridgeOf, exchange } from './serial-bridge';

/*
 * Kerong KR-CU lock-control boards on RS-485, reached through a serial-to-TCP bridge.
 *
 * Frame shape as published for the KR-CU (CU48) boards:
 *   request  STX(0x02) ADDR LOCK CMD ETX(0x03) SUM                         6 bytes
 *   answer   STX(0x02) ADDR LOCK STATUS LEN DATA[LEN] SUM                   6 + LEN bytes
 * ADDR is the board address (the device's `circuit_unit`, 0–255), LOCK the 0-based channel (the
 * device's `hook_port`, 1-based, minus one; 0 for a whole-board status). SUM is the low byte of
 * the sum of every byte before it. CMD 0x61 opens one lock, 0x60 reads the board. STATUS 0x75
 * means done (anything else: refused). The status answer carries the board's locks as a bitmap
 * (LEN bytes, lock 1 = bit 0 of the first byte; bit set = door closed, clear = open); the open
 * answer has LEN 0.
 * The public documents found describe the open answer as a fixed 6-byte frame with a reserved
 * byte after STATUS; read as LEN it is 0, so both answers are parsed with the one rule above.
 */
export const KERONG = {
  STX: 0x02,
  ETX: 0x03,
  OPEN: 0x61,
  STATUS: 0x60,
  OK: 0x75,
} as const;

/** Low byte of the sum of `bytes`. */
export const kerongChecksum = (bytes: Iterable<number>): number => {
  let s = 0;
  for (const b of bytes) s += b;
  return s & 0xff;
};

/** A request frame: STX ADDR LOCK CMD ETX SUM. */
export function kerongFrame(board: number, lock: number, cmd: number): Buffer {
  const body = [KERONG.STX, board, lock, cmd, KERONG.ETX];
  return Buffer.from([...body, kerongChecksum(body)]);
}

/** The length of an answer once its LEN byte arrived. */
export const kerongAnswerLength = (b: Buffer): number | undefined => (b.length >= 5 ? 6 + b[4]! : undefined);

/** Checks an answer frame (start byte, board, checksum) and returns STATUS and DATA. */
export function parseKerongAnswer(b: Buffer, board: number): { status: number; data: Buffer } {
  if (b[0] !== KERONG.STX) throw new LockUnreachable('kerong', 'the answer does not start with STX');
  if (kerongChecksum(b.subarray(0, b.length - 1)) !== b[b.length - 1])
    throw new LockUnreachable('kerong', 'bad checksum in the answer');
  if (b[1] !== board) throw new LockUnreachable('kerong', `answer from board ${b[1]}, not ${board}`);
  return { status: b[3]!, data: b.subarray(5, b.length - 1) };
}

/** Options: how long one exchange with the board may take, ms. */
export interface SerialDriverOptions {
  timeoutMs?: number;
  /** The outbound address policy the bridge must pass (default: public addresses only). */
  outbound?: OutboundPolicy;
}

/**
 * The Kerong driver. Settings: the bridge is the device's `ip` as `host:port`, else its
 * location's bridge; the board is `circuit_unit`, the lock `hook_port` (1-based). Missing ones
 * answer `LockNotConfigured`; a silent, refusing or garbled bridge answers `LockUnreachable`.
 * An accepted open answers `unknown` (the board fired the lock; the door's sensor tells whether
 * it opened), a refused one `locked`.
 */
export function createKerongDriver(opts: SerialDriverOptions = {}): LockDriver {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const outbound = opts.outbound ?? createOutboundPolicy();
  const address = (t: LockTarget) => ({
    bridge: bridgeOf(t, 'Kerong', t.fields.ip ?? null),
    board: addressField('Kerong', t.fields.circuit_unit, 'circuit unit (board address)', 0, 255),
    lock: addressField('Kerong', t.fields.hook_port, 'hook port (lock number)', 1, 256),
  });
  return {
    vendor: 'kerong',
    async unlock(t): Promise<LockReport> {
      const a = address(t);
      const answer = await exchange(
        'kerong',
        a.bridge,
        kerongFrame(a.board, a.lock - 1, KERONG.OPEN),
        kerongAnswerLength,
        timeoutMs,
        outbound,
      );
      const { status } = parseKerongAnswer(answer, a.board);
      return { lockStatus: status === KERONG.OK ? 'unknown' : 'locked' };
    },
    async status(t): Promise<LockReport> {
      const a = address(t);
      const answer = await exchange(
        'kerong',
        a.bridge,
        kerongFrame(a.board, 0, KERONG.STATUS),
        kerongAnswerLength,
        timeoutMs,
        outbound,
      );
      const { status, data } = parseKerongAnswer(answer, a.board);
      if (status !== KERONG.OK) return { lockStatus: 'unknown' };
      const byte = data[(a.lock - 1) >> 3];
      if (byte === undefined) return { lockStatus: 'unknown' };
      const closed = (byte >> ((a.lock - 1) & 7)) & 1;
      return { lockStatus: (closed ? 'locked' : 'open') as TLockStatus };
    },
  };
}
