import type { THardwareType } from '@lockerops/contract';
import type { LockDriver, LockReport } from '../types';
import { LockUnreachable } from '../types';

/**
 * The driver of a vendor whose cloud or gateway this installation has no access to (no vendor
 * credentials are configured). It behaves as the spec says for a lock that cannot be reached:
 * unlocking fails with "Unable to reach lock…" and the status reads `offline`. A deployment with
 * vendor access replaces it by registering a driver that talks to the vendor.
 */
export function unconnectedDriver(vendor: THardwareType): LockDriver {
  return {
    vendor,
    async unlock(): Promise<LockReport> {
      throw new LockUnreachable(vendor, 'no connection to the vendor is configured');
    },
    async status(): Promise<LockReport> {
      return { lockStatus: 'offline' };
    },
  };
}
