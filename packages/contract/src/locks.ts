import { z } from 'zod';
import { ZListQuery } from './common';
import { HARDWARE_LABELS } from './devices';

/**
 * Steps of one unlock, in order: requested (who, why) → sent to the driver → acknowledged by the
 * lock → opened; or it ends jammed (acknowledged but no open report in time) or offline (the lock
 * did not answer). CONTRIBUTING.md "Adapters (outside systems)": locks.
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
  credentialsRefused: (vendor: string) =>
    `The ${vendor} API refused the organization's credentials. Check the ${vendor} settings (Settings, Lock Vendors).`,
  baseUrl: 'Base URL must be an http or https address',
  tokenUrl: 'Token URL must be an http or https address',
  secretRequired: 'API secret is required',
  accountIdRequired: (label: string) => `${label} is required`,
  vendorSaved: 'Lock vendor settings saved.',
  vendorRemoved: 'Lock vendor settings removed.',
};

/** Lock vendors reached only through their cloud REST API, with the organization's own account. */
export const CLOUD_LOCK_VENDORS = ['linka', 'ojmar', 'gantner', 'harbor', 'spintly', 'dclock'] as const;
export type TCloudLockVendor = (typeof CLOUD_LOCK_VENDORS)[number];
export const isCloudLockVendor = (v: string): v is TCloudLockVendor =>
  (CLOUD_LOCK_VENDORS as readonly string[]).includes(v);

/**
 * How each cloud vendor names the account fields (console labels and the "not configured" text):
 * `accountId` the account or client id (null: the vendor needs none), `secret` the API secret,
 * `oauth` whether the secret is exchanged for an access token (client credentials), `baseUrl` the
 * vendor's public API address when it publishes one.
 */
export const CLOUD_VENDOR_FIELDS: Record<
  TCloudLockVendor,
  { accountId: string | null; secret: string; oauth: boolean; baseUrl: string | null }
> = {
  linka: { accountId: 'API Key', secret: 'Secret Key', oauth: true, baseUrl: null },
  ojmar: { accountId: 'Installation ID', secret: 'API Key', oauth: false, baseUrl: null },
  gantner: { accountId: null, secret: 'API Key', oauth: false, baseUrl: null },
  harbor: {
    accountId: 'Client ID',
    secret: 'Client Secret',
    oauth: true,
    baseUrl: 'https://api.harborlockers.com',
  },
  spintly: { accountId: 'Client ID', secret: 'Client Secret', oauth: true, baseUrl: null },
  dclock: { accountId: 'Account ID', secret: 'Account Key', oauth: false, baseUrl: null },
};

/** The settings a vendor's "not configured" answer names, as the operator reads them. */
export const cloudVendorSettingsText = (v: TCloudLockVendor): string => {
  const f = CLOUD_VENDOR_FIELDS[v];
  const names = ['API base URL', ...(f.accountId ? [f.accountId] : []), f.secret];
  const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `the organization's ${HARDWARE_LABELS[v]} ${list} (Settings, Lock Vendors)`;
};

/** An organization's account at one cloud lock vendor as the console sees it: never the secret. */
export const ZLockVendorAccount = z.object({
  vendor: z.enum(CLOUD_LOCK_VENDORS),
  configured: z.boolean(),
  base_url: z.string().nullable(),
  account_id: z.string().nullable(),
  token_url: z.string().nullable(),
  /** The last 4 characters of the API secret. */
  secret_last4: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TLockVendorAccount = z.infer<typeof ZLockVendorAccount>;

/** `GET lock-vendors`: one entry per cloud vendor, configured or not. */
export const ZLockVendorAccountList = z.object({ items: z.array(ZLockVendorAccount) });

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, message)
    .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s?#]*)?$/i, message);
const blankToNull = (v: unknown) => (typeof v === 'string' && !v.trim() ? null : v);

/** Saving an account at a cloud lock vendor; leave `secret` out to keep the saved one. */
export const ZLockVendorAccountRequest = z.object({
  base_url: httpUrl(LOCK_MESSAGES.baseUrl),
  account_id: z.preprocess(blankToNull, z.string().trim().max(200).nullable().default(null)),
  token_url: z.preprocess(blankToNull, httpUrl(LOCK_MESSAGES.tokenUrl).nullable().default(null)),
  secret: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().min(4, LOCK_MESSAGES.secretRequired).max(1000).optional(),
  ),
});
export type TLockVendorAccountRequest = z.input<typeof ZLockVendorAccountRequest>;

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
