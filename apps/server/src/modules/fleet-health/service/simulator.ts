import {
  FLEET_HEALTH_MESSAGES,
  type TBridgeFaults,
  type TBridgeFaultsRequest,
  type TBridgeState,
} from '@lockerops/contract';
import { type LockAdapter, type LockTarget, lockEndpointOf } from '../../../adapters/locks';
import type { TxOrg } from '../../../auth/context';
import { Conflict, NotFound } from '../../../errors';
import { existsIn } from '../../../lib/crud/exists';
import { lockTargetsOf } from '../../devices';
import { serialDevicesOf } from '../queries/doors';

/** The `kerong:host:port` bridge of a serial door's target, or null when it names no bridge. */
function bridgeOfTarget(t: LockTarget): string | null {
  const endpoint = lockEndpointOf(t);
  const [, host, port] = endpoint.split(':');
  return host && port ? endpoint : null;
}

/** A bridge with the faults of the board simulator answering on it (none: not simulated). */
function bridgeState(locks: LockAdapter, bridge: string): TBridgeState {
  const sim = locks.boards?.get(bridge.split(':').slice(1).join(':'));
  return {
    bridge,
    simulated: !!sim,
    offline: sim?.behaviour.silent ?? false,
    jam: sim?.behaviour.jam ?? false,
  };
}

/** The bridges of the organization's serial doors (all at a location, or the one door `id`). */
async function bridgesOf({
  tx,
  organizationId,
  idLocation,
  id,
}: TxOrg<{ idLocation?: string; id?: string }>): Promise<string[]> {
  const rows = await serialDevicesOf({ tx, organizationId, idLocation, id });
  const targets = await lockTargetsOf({ tx, organizationId, rows });
  const out = new Set<string>();
  for (const { target } of targets) {
    const b = bridgeOfTarget(target);
    if (b) out.add(b);
  }
  return [...out].sort();
}

/**
 * The bridge a Kerong/Headleader door answers through and its simulator's faults (the device
 * details of Fleet health), or null for other hardware and a door whose bridge is not configured.
 */
export async function bridgeOfDoor({
  tx,
  organizationId,
  id,
  locks,
}: TxOrg<{ id: string; locks: LockAdapter }>): Promise<TBridgeState | null> {
  const [bridge] = await bridgesOf({ tx, organizationId, id });
  return bridge ? bridgeState(locks, bridge) : null;
}

/**
 * Tells the board simulators behind a location's bridges which faults to show (`PUT
 * fleet-health/locations/{id}/bridge-faults`): `offline` (the bridge reads and never answers, so
 * its doors go offline and one `bridge_offline` alert is raised at the heartbeats that follow),
 * `jam` (an open command is acknowledged, the door stays closed). The bridges are those of the
 * location's Kerong/Headleader doors (the location's bridge, or a board's own `ip`). 404 "Location
 * not found" for another organization's location; 409 "Only simulated bridges can be told to show
 * faults." when none of its bridges is a simulator of this server process.
 */
export async function setBridgeFaults({
  tx,
  organizationId,
  idLocation,
  body,
  locks,
}: TxOrg<{ idLocation: string; body: TBridgeFaultsRequest; locks: LockAdapter }>): Promise<TBridgeFaults> {
  if (!(await existsIn({ tx, organizationId, table: 'locations', id: idLocation })))
    throw NotFound(FLEET_HEALTH_MESSAGES.locationNotFound);
  const bridges = await bridgesOf({ tx, organizationId, idLocation });
  const simulated = bridges.filter((b) => bridgeState(locks, b).simulated);
  if (!simulated.length) throw Conflict(FLEET_HEALTH_MESSAGES.notSimulatedBridge);
  for (const b of simulated) {
    const sim = locks.boards!.get(b.split(':').slice(1).join(':'))!;
    if (body.offline !== undefined) sim.behaviour.silent = body.offline;
    if (body.jam !== undefined) sim.behaviour.jam = body.jam;
  }
  return { id_location: idLocation, bridges: bridges.map((b) => bridgeState(locks, b)) };
}
