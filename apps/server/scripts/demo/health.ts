import { and, eq } from 'drizzle-orm';
import { kerongBoard, type LockAdapter, simulatedBridgeKey } from '../../src/adapters/locks';
import { VIRTUAL_RELATCH_SECONDS } from '../../src/adapters/locks/drivers/virtual';
import type { Db } from '../../src/db/client';
import { doorHealth } from '../../src/db/schema';
import type { ApiClient } from './client';
import type { DemoSetup } from './setup';

/** Locker numbers of the two Kerong doors behind the demo's bridge (after the virtual ones). */
const BRIDGE_DOORS = [901, 902];

/**
 * Two Kerong doors at the second location behind a simulated board's bridge (on this machine,
 * `127.0.0.1` in OUTBOUND_ALLOW for the demo's run), seen online once, then the bridge told to go
 * offline through the simulator's API. Answers the board, to be closed after the heartbeats.
 */
async function bridgeGoneOffline(admin: ApiClient, locks: LockAdapter, setup: DemoSetup) {
  const board = await kerongBoard(1);
  locks.boards?.set(simulatedBridgeKey(board), board);
  const place = setup.locations[1] ?? setup.locations[0]!;
  await admin.put(`locations/${place.id}/lock-settings`, {
    bridge_host: '127.0.0.1',
    bridge_port: board.port,
  });
  const size = [...setup.sizes.values()][0];
  for (const [i, n] of BRIDGE_DOORS.entries())
    await admin.post('devices', {
      name: `Bridge door ${n}`,
      locker_number: n,
      mode: 'storage',
      status: 'available',
      hardware_type: 'kerong',
      circuit_unit: '1',
      hook_port: String(i + 1),
      id_location: place.id,
      id_size: size,
    });
  await admin.post('fleet-health/poll');
  await admin.put(`fleet-health/locations/${place.id}/bridge-faults`, { offline: true });
  return { board, place: place.name };
}

/**
 * What Fleet health shows a new operator in the first minute: on the first location's wall a door
 * left open after a pickup ten minutes ago (the simulator's `left_open`, its command moved back)
 * and a door whose lock went offline, and at the second location a Kerong bridge gone offline with
 * its two doors; then three heartbeats, so the three alerts are raised with their issue, message
 * and webhook. After the demo the bridge stays silent (its simulator ran in the demo's process),
 * so the alert stays open until the bridge settings are changed.
 */
export async function showFleetHealth(opts: {
  admin: ApiClient;
  db: Db;
  locks: LockAdapter;
  organizationId: string;
  setup: DemoSetup;
}): Promise<{ leftOpen: string; offline: string; bridge: string }> {
  const { admin, db, organizationId, setup } = opts;
  const door = setup.devices.find((d) => d.locationIndex === 0 && d.mode === 'storage') ?? setup.devices[0]!;
  await admin.put(`fleet-health/devices/${door.id}/faults`, { door: 'left_open' });
  await db
    .update(doorHealth)
    .set({ commandedAt: new Date(Date.now() - 10 * 60_000) })
    .where(and(eq(doorHealth.organizationId, organizationId), eq(doorHealth.idDevice, door.id)));
  const dark = setup.devices.find((d) => d.locationIndex === 0 && d.id !== door.id) ?? setup.devices[1]!;
  await admin.put(`fleet-health/devices/${dark.id}/faults`, { offline: true });
  const bridge = await bridgeGoneOffline(admin, opts.locks, setup);
  try {
    // the doors the history just opened latch again first (a simulated door reports open that long)
    await new Promise((r) => setTimeout(r, VIRTUAL_RELATCH_SECONDS * 1000));
    for (let i = 0; i < 3; i++) await admin.post('fleet-health/poll');
  } finally {
    opts.locks.boards?.delete(simulatedBridgeKey(bridge.board));
    await bridge.board.close();
  }
  return { leftOpen: door.body.name, offline: dark.body.name, bridge: bridge.place };
}
