import type { THardwareType, TLockStatus } from '@lockerops/contract';

/**
 * Lock settings of the device's location (table `location_lock_settings`): the serial-to-TCP
 * bridge of its Kerong/Headleader boards and the simulated fleet of its virtual locks.
 */
export interface LockSettings {
  bridgeHost: string | null;
  bridgePort: number | null;
  /** Virtual locks: milliseconds each unlock takes. */
  virtualLatencyMs: number;
  /** Virtual locks: share (0–1) of unlocks that jam (acknowledged, never reported open). */
  virtualJamRate: number;
  /** Virtual locks: share (0–1) of unlocks that find the lock offline. */
  virtualOfflineRate: number;
}

/** The settings of a location without its own: no bridge, a perfect virtual fleet. */
export const NO_LOCK_SETTINGS: LockSettings = {
  bridgeHost: null,
  bridgePort: null,
  virtualLatencyMs: 0,
  virtualJamRate: 0,
  virtualOfflineRate: 0,
};

/** What a driver needs to reach one lock: its hardware type, last known status and vendor fields. */
export interface LockTarget {
  id: string;
  /**
   * The organization whose request calls the lock: its calls share that organization's slots and
   * breakers of the outside gate (`lib/outside.ts`), never another's. Absent: a slot of its own.
   */
  organizationId?: string;
  hardwareType: THardwareType;
  lockStatus: TLockStatus;
  /** When `lockStatus` was last reported. */
  lockStatusAt: Date | null;
  /** The device's hardware-specific fields by wire name (mac_address, gantner_id, headboard…). */
  fields: Record<string, string | number | null>;
  /** The location's lock settings (`NO_LOCK_SETTINGS` when it has none). */
  settings: LockSettings;
  /** A cloud vendor's lock: the organization's account at that vendor (absent: none saved). */
  account?: VendorAccount | null;
}

/**
 * An organization's account at a cloud lock vendor (table `lock_vendor_accounts`). The secret
 * stays sealed until the vendor's driver opens it for the call.
 */
export interface VendorAccount {
  baseUrl: string;
  accountId: string | null;
  tokenUrl: string | null;
  sealedSecret: string;
}

/** A lock's answer: its status after the call, and its battery and signal where it reports them. */
export interface LockReport {
  lockStatus: TLockStatus;
  /** Percent. */
  battery?: number;
  /** Percent. */
  signal?: number;
}

/**
 * Faults a simulated (virtual) lock is told to show, by device id (fleet health's simulator):
 * `offline` (no answer), `stuck_sensor` (the sensor reports this state whatever happens),
 * `door_open` (the door reports open), `battery` (the percentage it reports).
 */
export interface SimulatedFaults {
  offline?: boolean;
  stuck_sensor?: 'open' | 'closed';
  door_open?: boolean;
  battery?: number;
}

/** One vendor's driver (CONTRIBUTING.md "Adapters (outside systems)": locks). Throws `LockUnreachable` when the lock does not answer. */
export interface LockDriver {
  readonly vendor: THardwareType;
  /**
   * Sends the unlock command; resolves when the lock acknowledged it, with the status it reports
   * in that acknowledgement: `open` when the door is already reported open, anything else when
   * the open report is still to come (the adapter then asks `status` until the door reports open).
   */
  unlock(target: LockTarget): Promise<LockReport>;
  /** Asks the lock for its current status. */
  status(target: LockTarget): Promise<LockReport>;
}

/**
 * The lock did not answer (offline, not connected, too slow, or a garbled answer). `skipped`: it
 * was not even asked, because its target failed repeatedly of late (the breaker is open), so its
 * status is unknown rather than offline.
 */
export class LockUnreachable extends Error {
  constructor(
    readonly vendor: string,
    reason: string,
    readonly skipped = false,
  ) {
    super(`${vendor} lock unreachable: ${reason}`);
  }
}

/**
 * The driver cannot talk to the lock because settings are missing (vendor credentials, a bridge
 * address, a board or lock address). `detail` names the settings to fill and is shown as it is.
 */
export class LockNotConfigured extends Error {
  constructor(
    readonly vendor: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}
