import net from 'node:net';
import { type CheckedAddress, type OutboundPolicy, OutboundRefused } from '../../../lib/outbound';
import { LockNotConfigured, type LockTarget, LockUnreachable } from '../types';

/** Host and port of the serial-to-TCP bridge in front of an RS-485 bus. */
export interface BridgeAddress {
  host: string;
  port: number;
}

/**
 * The bridge of a board: `own` (a board's own `host:port`, e.g. a Kerong device's `ip`) when set,
 * else the location's bridge; `LockNotConfigured` naming the settings when neither is there.
 */
export function bridgeOf(t: LockTarget, vendor: string, own?: string | number | null): BridgeAddress {
  if (typeof own === 'string' && own.trim()) {
    const m = /^\s*([A-Za-z0-9.-]+):(\d{1,5})\s*$/.exec(own);
    if (m && Number(m[2]) > 0 && Number(m[2]) < 65536) return { host: m[1]!, port: Number(m[2]) };
  }
  const { bridgeHost, bridgePort } = t.settings;
  if (bridgeHost && bridgePort) return { host: bridgeHost, port: bridgePort };
  throw new LockNotConfigured(
    vendor,
    `The ${vendor} lock is not configured. Fill in the bridge host and port of its location's lock settings${
      own === undefined ? '' : ' (or the board ip as host:port)'
    }.`,
  );
}

/**
 * Sends one request frame to the bridge and reads the answer: a fresh TCP connection per
 * exchange (an RS-485 bus answers one request at a time), closed after the answer. `lengthOf`
 * answers the whole frame's length once enough of it has arrived (undefined: read on).
 * `LockUnreachable` when the bridge refuses the connection, closes it early, or nothing complete
 * arrives within `timeoutMs`. The bridge's host passes the outbound policy first (`outbound`:
 * resolved once, private and special addresses refused unless `OUTBOUND_ALLOW` lists them), and the
 * connection goes to the checked address; a refused one answers `LockNotConfigured`.
 */
export async function exchange(
  vendor: string,
  to: BridgeAddress,
  frame: Buffer,
  lengthOf: (received: Buffer) => number | undefined,
  timeoutMs: number,
  outbound: OutboundPolicy,
): Promise<Buffer> {
  // resolved and checked once; the socket goes to that address (no second look-up)
  let checked: CheckedAddress;
  try {
    checked = await outbound.resolve(to.host);
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    throw new LockNotConfigured(
      vendor,
      `The ${vendor} bridge ${to.host} may not be reached: ${err.message}. An on-premises bridge must be listed in OUTBOUND_ALLOW.`,
    );
  }
  return new Promise<Buffer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    let done = false;
    const socket = net.connect({ host: checked.address, port: to.port });
    const finish = (err: Error | null, answer?: Buffer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(answer!);
    };
    const timer = setTimeout(
      () => finish(new LockUnreachable(vendor, `no answer from the board within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('connect', () => socket.write(frame));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const n = lengthOf(received);
      if (n !== undefined && received.length >= n) finish(null, received.subarray(0, n));
    });
    socket.on('error', (e) =>
      finish(new LockUnreachable(vendor, `bridge ${to.host}:${to.port}: ${e.message}`)),
    );
    socket.on('close', () => finish(new LockUnreachable(vendor, 'the bridge closed the connection')));
  });
}

/** An integer field of a device within [min, max], else `LockNotConfigured` naming the field. */
export function addressField(
  vendor: string,
  value: string | number | null | undefined,
  field: string,
  min: number,
  max: number,
): number {
  const n = typeof value === 'number' ? value : value == null ? Number.NaN : Number(String(value).trim());
  if (!Number.isInteger(n) || n < min || n > max)
    throw new LockNotConfigured(
      vendor,
      `The ${vendor} lock is not configured. Fill in the device's ${field} (${min}–${max}).`,
    );
  return n;
}
