import {
  DEVICE_MESSAGES,
  type TLocationLockSettings,
  ZLocationLockSettings,
  ZLocationLockSettingsRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import type { TxAuth } from '../../../auth/context';
import { NotFound } from '../../../errors';
import { writeAudit } from '../../../lib/crud/audit';
import { existsIn } from '../../../lib/crud/exists';
import { fromWire, wireOf } from '../../../lib/wire';
import { type LockSettingsRow, lockSettingsRow, upsertLockSettings } from '../queries/unlocks';

/** A location's lock settings on the wire (defaults when it has none). */
export function lockSettingsToWire(
  idLocation: string,
  r: LockSettingsRow | undefined,
  defaultJamLimit: number,
): TLocationLockSettings {
  if (r) {
    return wireOf(ZLocationLockSettings, r, {
      id_location: idLocation,
      effective_jam_limit: r.jamLimit ?? defaultJamLimit,
    });
  }
  return {
    id_location: idLocation,
    bridge_host: null,
    bridge_port: null,
    virtual_latency_ms: 0,
    virtual_jam_rate: 0,
    virtual_offline_rate: 0,
    jam_limit: null,
    effective_jam_limit: defaultJamLimit,
  };
}

/**
 * A location's lock settings on the wire (`GET locations/{id}/lock-settings`): the defaults when
 * never saved; `defaultJamLimit` is the server's `LOCK_JAM_LIMIT`. 404 "Location not found" for a
 * location of another organization. spec: CONTRIBUTING.md "Adapters (outside systems)" (locks).
 */
export async function locationLockSettingsOf({
  tx,
  auth,
  locationId,
  defaultJamLimit,
}: TxAuth<{ locationId: string; defaultJamLimit: number }>): Promise<TLocationLockSettings> {
  if (!(await existsIn({ tx, organizationId: auth.organizationId, table: 'locations', id: locationId })))
    throw NotFound(DEVICE_MESSAGES.locationNotFound);
  const row = await lockSettingsRow({ tx, organizationId: auth.organizationId, locationId });
  return lockSettingsToWire(locationId, row, defaultJamLimit);
}

/**
 * Saves a location's whole lock settings object (`PUT locations/{id}/lock-settings`; absent fields
 * took their defaults in the request schema) with an audit entry `lock_settings` on the location,
 * and answers the settings on the wire. 404 "Location not found" for a location of another
 * organization. spec: CONTRIBUTING.md "Adapters (outside systems)" (locks).
 */
export async function saveLocationLockSettings({
  tx,
  auth,
  locationId,
  b,
  defaultJamLimit,
}: TxAuth<{
  locationId: string;
  b: z.output<typeof ZLocationLockSettingsRequest>;
  defaultJamLimit: number;
}>): Promise<TLocationLockSettings> {
  if (!(await existsIn({ tx, organizationId: auth.organizationId, table: 'locations', id: locationId })))
    throw NotFound(DEVICE_MESSAGES.locationNotFound);
  const values = {
    ...fromWire(ZLocationLockSettingsRequest, b),
    bridgeHost: b.bridge_host || null,
    updatedAt: new Date(),
  };
  const before = await lockSettingsRow({ tx, organizationId: auth.organizationId, locationId });
  const row = await upsertLockSettings({ tx, auth, locationId, values });
  const wireBefore = lockSettingsToWire(locationId, before, defaultJamLimit);
  const wire = lockSettingsToWire(locationId, row, defaultJamLimit);
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'location',
      entityId: locationId,
      action: 'lock_settings',
      before: wireBefore as unknown as Record<string, unknown>,
      after: wire as unknown as Record<string, unknown>,
    },
  });
  return wire;
}
