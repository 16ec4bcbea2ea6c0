import {
  FLEET_HEALTH_MESSAGES,
  type TDeviceAlert,
  type TDeviceHealth,
  type TDoorFaultsRequest,
  type TDoorHealth,
  type TFleetHealth,
  type TFleetPlace,
} from '@lockerops/contract';
import type { LockAdapter } from '../../adapters/locks';
import type { TxOrg } from '../../auth/context';
import { Conflict, NotFound } from '../../errors';
import {
  type AlertRow,
  alertsOfDevice,
  deviceBrief,
  doorsAt,
  openAlertsOf,
  placesOf,
} from './queries/alerts';
import { type DoorHealthRow, healthOf, type SampleRow, samplesOf, saveFaults } from './queries/doors';
import { doorState, NEW_DOOR, STATE_RANK } from './service/rules';
import { bridgeOfDoor } from './service/simulator';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** An alert on the wire. */
export const alertToWire = (a: AlertRow): TDeviceAlert => ({
  id: a.id,
  kind: a.kind as TDeviceAlert['kind'],
  state: a.state as TDeviceAlert['state'],
  subject: a.subject,
  id_device: a.idDevice,
  id_location: a.idLocation,
  id_issue: a.idIssue,
  detail: a.detail,
  opened_at: a.openedAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
  resolved_at: iso(a.resolvedAt),
});

/**
 * The open alert kinds of each door: its own, and a bridge's for the doors of the bridge's
 * location that are offline (the doors behind it).
 */
function alertKindsByDoor(
  open: AlertRow[],
  doors: { id: string; idLocation: string }[],
  health: Map<string, DoorHealthRow>,
) {
  const out = new Map<string, TDeviceAlert['kind'][]>();
  const add = (id: string, kind: string) =>
    out.set(id, [...(out.get(id) ?? []), kind as TDeviceAlert['kind']]);
  for (const a of open) {
    if (a.idDevice) add(a.idDevice, a.kind);
    else
      for (const d of doors)
        if (d.idLocation === a.idLocation && health.get(d.id)?.online === false) add(d.id, a.kind);
  }
  return out;
}

/** A door's health on the wire (a door never polled yet: unknown, online). */
export function healthToWire(
  id: string,
  h: DoorHealthRow | undefined,
  alerts: TDeviceAlert['kind'][],
): TDoorHealth {
  const r = h ?? { ...NEW_DOOR, faults: {} };
  return {
    id_device: id,
    commanded: r.commanded as TDoorHealth['commanded'],
    commanded_by: r.commandedBy,
    commanded_at: iso(r.commandedAt),
    sensed: r.sensed as TDoorHealth['sensed'],
    sensed_at: iso(r.sensedAt),
    sensed_since: iso(r.sensedSince),
    online: r.online,
    last_seen_at: iso(r.lastSeenAt),
    battery: r.battery,
    signal: r.signal,
    state: doorState(r, alerts),
    alerts,
    faults: r.faults,
  };
}

/**
 * The Fleet health page: every location with its doors online and offline, its open alerts and
 * its worst door state, worst first (then by name), and the organization's open alerts.
 */
export async function fleetOverview({
  tx,
  organizationId,
  pollSeconds,
}: TxOrg<{ pollSeconds: number }>): Promise<TFleetHealth> {
  const { places, doors } = await placesOf({ tx, organizationId });
  const health = await healthOf({ tx, organizationId });
  const open = await openAlertsOf({ tx, organizationId });
  const kinds = alertKindsByDoor(open, doors, health);
  const out: TFleetPlace[] = places.map((p) => {
    const here = doors.filter((d) => d.idLocation === p.id);
    const states = here.map((d) => doorState(health.get(d.id) ?? NEW_DOOR, kinds.get(d.id) ?? []));
    const offline = here.filter((d) => health.get(d.id)?.online === false).length;
    return {
      id_location: p.id,
      name: p.name,
      time_zone: p.timeZone,
      latitude: p.latitude,
      longitude: p.longitude,
      doors: here.length,
      online: here.length - offline,
      offline,
      open_alerts: open.filter((a) => a.idLocation === p.id).length,
      worst: states.length ? states.reduce((w, s) => (STATE_RANK[s] < STATE_RANK[w] ? s : w)) : 'unknown',
    };
  });
  out.sort(
    (a, b) =>
      STATE_RANK[a.worst] - STATE_RANK[b.worst] ||
      b.open_alerts - a.open_alerts ||
      b.offline - a.offline ||
      a.name.localeCompare(b.name),
  );
  return { places: out, alerts: open.map(alertToWire), poll_seconds: pollSeconds };
}

/** The doors of a location with their health (the locker wall's colours). */
export async function doorsHealth({ tx, organizationId, idLocation }: TxOrg<{ idLocation: string }>) {
  const doors = await doorsAt({ tx, organizationId, idLocation });
  const health = await healthOf({ tx, organizationId, ids: doors.map((d) => d.id) });
  const open = await openAlertsOf({ tx, organizationId });
  const kinds = alertKindsByDoor(
    open,
    doors.map((d) => ({ id: d.id, idLocation })),
    health,
  );
  return doors.map((d) => healthToWire(d.id, health.get(d.id), kinds.get(d.id) ?? []));
}

const sampleToWire = (s: SampleRow) => ({
  at: s.at.toISOString(),
  commanded: s.commanded as 'locked' | 'unlocked',
  sensed: s.sensed as 'open' | 'closed' | 'unknown',
  online: s.online,
  battery: s.battery,
  signal: s.signal,
});

/**
 * A device's health: the door (name, place, hardware, its bridge and the simulator's faults of
 * that bridge), its state timeline (newest first, 100 at most) and its alerts (50). 404 for
 * another organization's.
 */
export async function deviceHealth({
  tx,
  organizationId,
  id,
  locks,
}: TxOrg<{ id: string; locks: LockAdapter }>): Promise<TDeviceHealth> {
  const d = await deviceBrief({ tx, organizationId, id });
  if (!d) throw NotFound(FLEET_HEALTH_MESSAGES.deviceNotFound);
  const health = await healthOf({ tx, organizationId, ids: [id] });
  const open = await openAlertsOf({ tx, organizationId });
  const kinds = alertKindsByDoor(open, [{ id, idLocation: d.idLocation }], health);
  const alerts = await alertsOfDevice({ tx, organizationId, idDevice: id, limit: 50 });
  const timeline = await samplesOf({ tx, organizationId, idDevice: id, limit: 100 });
  return {
    device: {
      id,
      name: d.name,
      locker_number: d.lockerNumber,
      hardware_type: d.hardwareType,
      id_location: d.idLocation,
      location_name: d.locationName,
      location_time_zone: d.locationTimeZone,
      bridge: await bridgeOfDoor({ tx, organizationId, id, locks }),
    },
    health: healthToWire(id, health.get(id), kinds.get(id) ?? []),
    timeline: timeline.map(sampleToWire),
    alerts: alerts.map(alertToWire),
  };
}

/**
 * Tells a virtual lock which faults to show (the simulator): `offline`, a `stuck_sensor`, a
 * `door` left open after a pickup (recorded as an unlock by "Simulator" now) or forced, a low
 * battery (10 %). Stored with the door's health and applied to this process's simulated locks at
 * once (the others at their next heartbeat tick). 404 for another organization's device, 409 for a
 * lock that is not virtual.
 */
export async function setFaults({
  tx,
  organizationId,
  id,
  body,
  locks,
}: TxOrg<{ id: string; body: TDoorFaultsRequest; locks: LockAdapter }>): Promise<TDoorHealth> {
  const d = await deviceBrief({ tx, organizationId, id });
  if (!d) throw NotFound(FLEET_HEALTH_MESSAGES.deviceNotFound);
  if (d.hardwareType !== 'virtual') throw Conflict(FLEET_HEALTH_MESSAGES.notSimulated);
  const prev = (await healthOf({ tx, organizationId, ids: [id] })).get(id)?.faults ?? {};
  const faults: DoorHealthRow['faults'] = { ...prev };
  const set = <K extends keyof typeof faults>(k: K, v: (typeof faults)[K] | undefined | null | false) => {
    if (v === undefined) return;
    if (v === null || v === false) delete faults[k];
    else faults[k] = v;
  };
  if (body.offline !== undefined) set('offline', body.offline);
  if (body.stuck_sensor !== undefined) set('stuck_sensor', body.stuck_sensor);
  if (body.door !== undefined) set('door_open', body.door !== null);
  if (body.battery_low !== undefined) set('battery', body.battery_low ? 10 : null);
  const row = await saveFaults({
    tx,
    organizationId,
    idDevice: id,
    faults,
    command: body.door === 'left_open' ? { by: 'Simulator', at: new Date() } : undefined,
  });
  if (locks.simulator) {
    if (Object.keys(faults).length) locks.simulator.set(id, faults);
    else locks.simulator.delete(id);
  }
  const open = await openAlertsOf({ tx, organizationId });
  const kinds = alertKindsByDoor(open, [{ id, idLocation: d.idLocation }], new Map([[id, row]]));
  return healthToWire(id, row, kinds.get(id) ?? []);
}
