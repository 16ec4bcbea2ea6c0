import { and, eq } from 'drizzle-orm';
import { VIRTUAL_RELATCH_SECONDS } from '../../src/adapters/locks/drivers/virtual';
import type { Db } from '../../src/db/client';
import { doorHealth } from '../../src/db/schema';
import type { ApiClient } from './client';
import type { DemoSetup } from './setup';

/**
 * What Fleet health shows a new operator in the first minute: on the first location's wall a door
 * left open after a pickup ten minutes ago (the simulator's `left_open`, its command moved back)
 * and a door whose lock went offline, then three heartbeats, so both alerts are raised with their
 * issue, message and webhook.
 */
export async function showFleetHealth(opts: {
  admin: ApiClient;
  db: Db;
  organizationId: string;
  setup: DemoSetup;
}): Promise<{ leftOpen: string; offline: string }> {
  const { admin, db, organizationId, setup } = opts;
  const door = setup.devices.find((d) => d.locationIndex === 0 && d.mode === 'storage') ?? setup.devices[0]!;
  await admin.put(`fleet-health/devices/${door.id}/faults`, { door: 'left_open' });
  await db
    .update(doorHealth)
    .set({ commandedAt: new Date(Date.now() - 10 * 60_000) })
    .where(and(eq(doorHealth.organizationId, organizationId), eq(doorHealth.idDevice, door.id)));
  const dark = setup.devices.find((d) => d.locationIndex === 0 && d.id !== door.id) ?? setup.devices[1]!;
  await admin.put(`fleet-health/devices/${dark.id}/faults`, { offline: true });
  // the doors the history just opened latch again first (a simulated door reports open that long)
  await new Promise((r) => setTimeout(r, VIRTUAL_RELATCH_SECONDS * 1000));
  for (let i = 0; i < 3; i++) await admin.post('fleet-health/poll');
  return { leftOpen: door.body.name, offline: dark.body.name };
}
