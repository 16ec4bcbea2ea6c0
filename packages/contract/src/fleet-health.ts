import { z } from 'zod';
import { ZId, ZLocationZone } from './common';
import type { TLanguage } from './language';

/**
 * Fleet health: the two facts of each door (commanded and sensed), heartbeats of locks and
 * bridges, and alerts that open one issue, notify the team and fire one webhook each.
 */

/** The conditions an alert is raised for. */
export const ALERT_KINDS = [
  'door_left_open',
  'forced_open',
  'unlock_not_confirmed',
  'lock_offline',
  'bridge_offline',
  'battery_low',
  'unlock_failures',
] as const;
export type TAlertKind = (typeof ALERT_KINDS)[number];

/** The state a door is shown in on the wall and in lists, worst first. */
export const DOOR_HEALTH_STATES = ['alert', 'offline', 'open', 'closed', 'unknown'] as const;
export type TDoorHealthState = (typeof DOOR_HEALTH_STATES)[number];

/** Battery percentage under which a `battery_low` alert is raised. */
export const BATTERY_LOW_PERCENT = 20;

export const ZDoorHealth = z.object({
  id_device: z.uuid(),
  /** What the door was told: `unlocked` by an unlock, `locked` once seen closed after it. */
  commanded: z.enum(['locked', 'unlocked']),
  commanded_by: z.string().nullable(),
  commanded_at: z.string().nullable(),
  /** What the lock reports: the door open, closed, or unknown (no report yet). */
  sensed: z.enum(['open', 'closed', 'unknown']),
  sensed_at: z.string().nullable(),
  sensed_since: z.string().nullable(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  /** Percent, where the lock reports it. */
  battery: z.number().int().nullable(),
  /** Percent, where the lock reports it. */
  signal: z.number().int().nullable(),
  state: z.enum(DOOR_HEALTH_STATES),
  /** The kinds of the door's open alerts (and of its bridge's). */
  alerts: z.array(z.enum(ALERT_KINDS)),
  faults: z.object({
    offline: z.boolean().optional(),
    stuck_sensor: z.enum(['open', 'closed']).optional(),
    door_open: z.boolean().optional(),
    battery: z.number().int().optional(),
  }),
});
export type TDoorHealth = z.infer<typeof ZDoorHealth>;

export const ZDeviceAlert = z.object({
  id: z.uuid(),
  kind: z.enum(ALERT_KINDS),
  state: z.enum(['open', 'resolved']),
  subject: z.string(),
  id_device: z.uuid().nullable(),
  id_location: z.uuid().nullable(),
  /** The issue the alert opened or updated (`ISS-…` on the issues page). */
  id_issue: z.uuid().nullable(),
  detail: z.string(),
  opened_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type TDeviceAlert = z.infer<typeof ZDeviceAlert>;

export const ZDoorSample = z.object({
  at: z.string(),
  commanded: z.enum(['locked', 'unlocked']),
  sensed: z.enum(['open', 'closed', 'unknown']),
  online: z.boolean(),
  battery: z.number().int().nullable(),
  signal: z.number().int().nullable(),
});
export type TDoorSample = z.infer<typeof ZDoorSample>;

/** One place of the Fleet health page: its doors by state, worst first. */
export const ZFleetPlace = z.object({
  id_location: z.uuid(),
  name: z.string(),
  time_zone: ZLocationZone,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  doors: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  open_alerts: z.number().int(),
  /** The place's worst door state. */
  worst: z.enum(DOOR_HEALTH_STATES),
});
export type TFleetPlace = z.infer<typeof ZFleetPlace>;

export const ZFleetHealth = z.object({
  places: z.array(ZFleetPlace),
  alerts: z.array(ZDeviceAlert),
  /** Seconds between two heartbeats of a door. */
  poll_seconds: z.number(),
});
export type TFleetHealth = z.infer<typeof ZFleetHealth>;

export const ZDoorHealthQuery = z.object({ id_location: ZId });
export const ZDoorHealthList = z.array(ZDoorHealth);

/** The serial bridge a Kerong/Headleader door answers through, and its simulator's faults. */
export const ZBridgeState = z.object({
  /** `kerong:host:port` (the bridge alert's subject without `bridge:`). */
  bridge: z.string(),
  /** A board simulator of this server answers on it (its faults can be set). */
  simulated: z.boolean(),
  offline: z.boolean(),
  jam: z.boolean(),
});
export type TBridgeState = z.infer<typeof ZBridgeState>;

/** The door a device-health answer is about. */
export const ZHealthDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  locker_number: z.number().int(),
  hardware_type: z.string(),
  id_location: z.uuid(),
  location_name: z.string(),
  location_time_zone: ZLocationZone,
  /** Kerong/Headleader doors: their bridge (null for other hardware, or a bridge not configured). */
  bridge: ZBridgeState.nullable(),
});
export type THealthDevice = z.infer<typeof ZHealthDevice>;

export const ZDeviceHealth = z.object({
  device: ZHealthDevice,
  health: ZDoorHealth,
  timeline: z.array(ZDoorSample),
  alerts: z.array(ZDeviceAlert),
});
export type TDeviceHealth = z.infer<typeof ZDeviceHealth>;

/** The faults a simulated lock is told to show (virtual locks). Absent fields change nothing; false/null clears. */
export const ZDoorFaultsRequest = z.object({
  offline: z.boolean().optional(),
  stuck_sensor: z.enum(['open', 'closed']).nullable().optional(),
  /** `left_open`: opened by a pickup and never closed; `forced`: opened without any command; null: closed. */
  door: z.enum(['left_open', 'forced']).nullable().optional(),
  battery_low: z.boolean().optional(),
});
export type TDoorFaultsRequest = z.infer<typeof ZDoorFaultsRequest>;

/** The faults the board simulators behind a location's bridges are told to show. Absent fields change nothing. */
export const ZBridgeFaultsRequest = z.object({
  /** The bridge reads requests and never answers (a bridge gone offline). */
  offline: z.boolean().optional(),
  /** Boards acknowledge an open command, and the door stays closed. */
  jam: z.boolean().optional(),
});
export type TBridgeFaultsRequest = z.infer<typeof ZBridgeFaultsRequest>;

export const ZBridgeFaults = z.object({
  id_location: z.uuid(),
  bridges: z.array(ZBridgeState),
});
export type TBridgeFaults = z.infer<typeof ZBridgeFaults>;

export const ZPollResponse = z.object({
  polled: z.number().int(),
  raised: z.number().int(),
  resolved: z.number().int(),
});

export const FLEET_HEALTH_MESSAGES = {
  deviceNotFound: 'Device not found',
  notSimulated: 'Only virtual locks can be told to show faults.',
  locationNotFound: 'Location not found',
  notSimulatedBridge: 'Only simulated bridges can be told to show faults.',
} as const;

/** The words of an alert's e-mail and SMS to the team, per language; `{door}`, `{place}` are filled in. */
export interface AlertTexts {
  subject: string;
  recovered: string;
  kinds: Record<TAlertKind, string>;
}

export const ALERT_TEXTS: Record<TLanguage, AlertTexts> = {
  en: {
    subject: 'Alert at {place}: {what}',
    recovered: 'Resolved at {place}: {what}',
    kinds: {
      door_left_open: 'door {door} was left open after it was unlocked',
      forced_open: 'door {door} opened without an unlock (forced)',
      unlock_not_confirmed: 'door {door} did not open after an unlock',
      lock_offline: 'the lock of door {door} is offline',
      bridge_offline: 'the lock bridge {door} is offline',
      battery_low: 'the battery of door {door} is low',
      unlock_failures: 'door {door} failed several unlocks in a row and went to maintenance',
    },
  },
  es: {
    subject: 'Alerta en {place}: {what}',
    recovered: 'Resuelto en {place}: {what}',
    kinds: {
      door_left_open: 'la puerta {door} quedó abierta después de desbloquearla',
      forced_open: 'la puerta {door} se abrió sin desbloqueo (forzada)',
      unlock_not_confirmed: 'la puerta {door} no se abrió tras un desbloqueo',
      lock_offline: 'la cerradura de la puerta {door} está desconectada',
      bridge_offline: 'el puente de cerraduras {door} está desconectado',
      battery_low: 'la batería de la puerta {door} está baja',
      unlock_failures: 'la puerta {door} falló varios desbloqueos seguidos y pasó a mantenimiento',
    },
  },
  de: {
    subject: 'Alarm in {place}: {what}',
    recovered: 'Behoben in {place}: {what}',
    kinds: {
      door_left_open: 'Tür {door} wurde nach dem Entriegeln offen gelassen',
      forced_open: 'Tür {door} wurde ohne Entriegelung geöffnet (aufgebrochen)',
      unlock_not_confirmed: 'Tür {door} hat sich nach dem Entriegeln nicht geöffnet',
      lock_offline: 'das Schloss von Tür {door} ist offline',
      bridge_offline: 'die Schlossbrücke {door} ist offline',
      battery_low: 'der Akku von Tür {door} ist schwach',
      unlock_failures: 'Tür {door} ist mehrmals hintereinander nicht aufgegangen und in Wartung gesetzt',
    },
  },
};
