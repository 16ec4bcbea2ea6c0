import net from 'node:net';
import { HEADLEADER, headleaderChecksum } from '../drivers/headleader';
import { KERONG, kerongChecksum } from '../drivers/kerong';

/**
 * A lock-control board behind a serial-to-TCP bridge, simulated (tests, the demo, fleet health's
 * simulator): listens on a free local port and answers the vendor's frames from its own door
 * state. `behaviour` switches faults on:
 * `badChecksum` (answers with a wrong checksum), `silent` (reads and never answers), `jam` (an
 * open command is acknowledged but the door stays closed). `frames` keeps every request.
 */
export interface BoardSimulator {
  port: number;
  /** Door state by 1-based lock number: true = open. */
  doors: Map<number, boolean>;
  behaviour: { badChecksum: boolean; silent: boolean; jam: boolean };
  frames: Buffer[];
  close(): Promise<void>;
}

/**
 * The board simulators this server process runs, by the bridge's `host:port` (fleet health's
 * simulator sets their faults through the API: a bridge goes offline, its boards jam).
 */
export type BoardSimulators = Map<string, BoardSimulator>;

/** The key of a simulated bridge in `BoardSimulators`. */
export const simulatedBridgeKey = (sim: BoardSimulator, host = '127.0.0.1') => `${host}:${sim.port}`;

async function listen(
  answer: (frame: Buffer, sim: BoardSimulator) => Buffer | undefined,
  frameLength: (b: Buffer) => number | undefined,
): Promise<BoardSimulator> {
  const sockets = new Set<net.Socket>();
  const sim: BoardSimulator = {
    port: 0,
    doors: new Map(),
    behaviour: { badChecksum: false, silent: false, jam: false },
    frames: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (let n = frameLength(buf); n !== undefined && buf.length >= n; n = frameLength(buf)) {
        const frame = buf.subarray(0, n);
        buf = buf.subarray(n);
        sim.frames.push(Buffer.from(frame));
        if (sim.behaviour.silent) continue;
        const out = answer(frame, sim);
        if (!out) continue;
        if (sim.behaviour.badChecksum) out[out.length - 1] = (out[out.length - 1]! + 1) & 0xff;
        socket.write(out);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sim.port = (server.address() as net.AddressInfo).port;
  return sim;
}

/** A Kerong KR-CU board with `address` and `locks` channels (frames as in drivers/kerong.ts). */
export function kerongBoard(address: number, locks = 16): Promise<BoardSimulator> {
  return listen(
    (f, sim) => {
      if (f[0] !== KERONG.STX || f[4] !== KERONG.ETX || kerongChecksum(f.subarray(0, 5)) !== f[5])
        return undefined;
      if (f[1] !== address) return undefined; // another board on the bus answers, not this one
      const reply = (lock: number, status: number, data: number[]) => {
        const body = [KERONG.STX, address, lock, status, data.length, ...data];
        return Buffer.from([...body, kerongChecksum(body)]);
      };
      if (f[3] === KERONG.OPEN) {
        const lock = f[2]! + 1;
        if (lock > locks) return reply(f[2]!, 0x00, []);
        if (!sim.behaviour.jam) sim.doors.set(lock, true);
        return reply(f[2]!, KERONG.OK, []);
      }
      if (f[3] === KERONG.STATUS) {
        const bytes = new Array(Math.ceil(locks / 8)).fill(0);
        for (let lock = 1; lock <= locks; lock++)
          if (!sim.doors.get(lock)) bytes[(lock - 1) >> 3] |= 1 << ((lock - 1) & 7); // bit set: closed
        return reply(0, KERONG.OK, bytes);
      }
      return undefined;
    },
    (b) => (b.length >= 6 ? 6 : undefined),
  );
}

/** A Headleader board with `address` (1–25) and 8 ports (frames as in drivers/headleader.ts). */
export function headleaderBoard(address: number): Promise<BoardSimulator> {
  return listen(
    (f, sim) => {
      if (headleaderChecksum(f.subarray(0, 4)) !== f[4] || f[1] !== address) return undefined;
      const lock = f[2]!;
      if (f[0] === HEADLEADER.OPEN && f[3] === HEADLEADER.FN_OPEN) {
        if (!sim.behaviour.jam) sim.doors.set(lock, true);
      } else if (!(f[0] === HEADLEADER.STATUS && f[3] === HEADLEADER.FN_STATUS)) return undefined;
      const state = sim.doors.get(lock) ? HEADLEADER.DOOR_OPEN : HEADLEADER.DOOR_CLOSED;
      const body = [f[0]!, address, lock, state];
      return Buffer.from([...body, headleaderChecksum(body)]);
    },
    (b) => (b.length >= 5 ? 5 : undefined),
  );
}
