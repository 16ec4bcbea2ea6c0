import { z } from 'zod';
import { ZListQuery } from './common';

/**
 * Steps of one unlock, in order: requested (who, why) → sent to the driver → acknowledged by the
 * lock → opened; or it ends jammed (acknowledged but no open report in time) or offline (the lock
 * did not answer). ARCHITECTURE: Adapters — locks.
 */
export const UNLOCK_STATES = ['requested', 'sent', 'acknowledged', 'opened', 'jammed', 'offline'] as const;
export type TUnlockState = (typeof UNLOCK_STATES)[number];
export const UNLOCK_STATE_LABELS: Record<TUnlockState, string> = {
  requested: 'Requested',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  opened: 'Opened',
  jammed: 'Jammed',
  offline: 'Offline',
};
/** Days the devices list looks back for its "Jams (30 days)" column and filter. */
export const JAM_WINDOW_DAYS = 30;

/** Texts of the lock adapter and the unlock timeline (ours: the spec gives none). */
export const LOCK_MESSAGES = {
  jammed: 'The door did not report open. It may be jammed.',
  autoMaintenance: (n: number) => `The door jammed ${n} times in a row and was put into maintenance.`,
  notConfigured: (vendor: string, settings: string) =>
    `The ${vendor} lock is not configured. Fill in ${settings}.`,
  bridgeHost: 'Bridge host must be a host name or IP address',
  bridgePort: 'Bridge port must be between 1 and 65535',
  rate: 'Rates must be between 0 and 1',
  latency: 'Latency must be between 0 and 60000 ms',
  jamLimit: 'Jams in a row must be between 1 and 100',
  settingsSaved: 'Lock settings saved.',
};

/** One unlock of a device with the time of each step (null: not reached). */
export const ZDeviceUnlock = z.object({
  id: z.uuid(),
  id_device: z.uuid(),
  state: z.enum(UNLOCK_STATES),
  actor_type: z.string(),
  actor_name: z.string().nullable(),
  reason: z.string(),
  detail: z.string().nullable(),
  requested_at: z.string(),
  sent_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  jammed_at: z.string().nullable(),
  offline_at: z.string().nullable(),
});
export type TDeviceUnlock = z.infer<typeof ZDeviceUnlock>;

/** `GET devices/{id}/unlocks`: newest first, paged. */
export const ZDeviceUnlocksQuery = ZListQuery.pick({ page: true, size: true });

/** A location's lock settings: its serial-to-TCP bridge, its simulated virtual fleet, its jam limit. */
export const ZLocationLockSettings = z.object({
  id_location: z.uuid(),
  /** Serial-to-TCP bridge of the location's Kerong/Headleader boards (a Kerong board's `ip` wins). */
  bridge_host: z.string().nullable(),
  bridge_port: z.number().int().nullable(),
  /** Virtual locks: milliseconds each call takes. */
  virtual_latency_ms: z.number().int(),
  /** Virtual locks: share of unlocks (0–1) that jam. */
  virtual_jam_rate: z.number(),
  /** Virtual locks: share of unlocks (0–1) that find the lock offline. */
  virtual_offline_rate: z.number(),
  /** Jams in a row that put a door into maintenance; null: the server's default. */
  jam_limit: z.number().int().nullable(),
  /** The limit that applies (`jam_limit` or the server's default). */
  effective_jam_limit: z.number().int(),
});
export type TLocationLockSettings = z.infer<typeof ZLocationLockSettings>;

export const ZLocationLockSettingsRequest = z.object({
  bridge_host: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, LOCK_MESSAGES.bridgeHost)
    .nullable()
    .default(null),
  bridge_port: z
    .number({ error: LOCK_MESSAGES.bridgePort })
    .int(LOCK_MESSAGES.bridgePort)
    .min(1, LOCK_MESSAGES.bridgePort)
    .max(65535, LOCK_MESSAGES.bridgePort)
    .nullable()
    .default(null),
  virtual_latency_ms: z
    .number({ error: LOCK_MESSAGES.latency })
    .int(LOCK_MESSAGES.latency)
    .min(0, LOCK_MESSAGES.latency)
    .max(60000, LOCK_MESSAGES.latency)
    .default(0),
  virtual_jam_rate: z
    .number({ error: LOCK_MESSAGES.rate })
    .min(0, LOCK_MESSAGES.rate)
    .max(1, LOCK_MESSAGES.rate)
    .default(0),
  virtual_offline_rate: z
    .number({ error: LOCK_MESSAGES.rate })
    .min(0, LOCK_MESSAGES.rate)
    .max(1, LOCK_MESSAGES.rate)
    .default(0),
  jam_limit: z
    .number({ error: LOCK_MESSAGES.jamLimit })
    .int(LOCK_MESSAGES.jamLimit)
    .min(1, LOCK_MESSAGES.jamLimit)
    .max(100, LOCK_MESSAGES.jamLimit)
    .nullable()
    .default(null),
});
export type TLocationLockSettingsRequest = z.input<typeof ZLocationLockSettingsRequest>;
