import type { THardwareType, TLockStatus } from '@lockerops/contract';

/** What a driver needs to reach one lock: its hardware type, last known status and vendor fields. */
export interface LockTarget {
  id: string;
  hardwareType: THardwareType;
  lockStatus: TLockStatus;
  /** When `lockStatus` was last reported. */
  lockStatusAt: Date | null;
  /** The device's hardware-specific fields by wire name (mac_address, gantner_id, headboard…). */
  fields: Record<string, string | number | null>;
}

/** A lock's answer: its status after the call. */
export interface LockReport {
  lockStatus: TLockStatus;
}

/** One vendor's driver (ARCHITECTURE: Adapters — locks). Throws `LockUnreachable` when the lock does not answer. */
export interface LockDriver {
  readonly vendor: THardwareType;
  /** Opens the lock; answers the status it reports afterwards (normally `open`). */
  unlock(target: LockTarget): Promise<LockReport>;
  /** Asks the lock for its current status. */
  status(target: LockTarget): Promise<LockReport>;
}

/** The lock did not answer (offline, not connected, or too slow). */
export class LockUnreachable extends Error {
  constructor(
    readonly vendor: string,
    reason: string,
  ) {
    super(`${vendor} lock unreachable: ${reason}`);
  }
}
