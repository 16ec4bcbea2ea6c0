import type { THardwareType } from '@lockerops/contract';
import { z } from 'zod';
import { parseVendorRates } from './vendor-budget';

/** The environment variables of fleet health (README "Configuration"), joined into the server's. */
export const HEALTH_ENV = {
  HEALTH_POLLING: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  HEALTH_POLL_SECONDS: z.coerce.number().min(0.1).default(60),
  HEALTH_OFFLINE_AFTER: z.coerce.number().int().min(1).default(3),
  HEALTH_ONLINE_AFTER: z.coerce.number().int().min(1).default(2),
  HEALTH_LEFT_OPEN_SECONDS: z.coerce.number().min(0).default(300),
  HEALTH_GRACE_SECONDS: z.coerce.number().min(0).default(30),
  HEALTH_VENDOR_RATES: z.string().optional(),
};

/**
 * Fleet health: whether the server polls its doors (`HEALTH_POLLING`), every `pollSeconds`;
 * `offlineAfter` unanswered polls in a row take a door offline, `onlineAfter` answered ones bring
 * it back; a door open `leftOpenSeconds` after its unlock is left open; a forced or unconfirmed
 * door is an alert after `graceSeconds`; `vendorRates` are the heartbeat calls per second each
 * vendor is asked at most (`HEALTH_VENDOR_RATES` over `HEARTBEAT_CALLS_PER_SECOND`).
 */
export interface HealthConfig {
  polling: boolean;
  pollSeconds: number;
  offlineAfter: number;
  onlineAfter: number;
  leftOpenSeconds: number;
  graceSeconds: number;
  vendorRates: Record<THardwareType, number>;
}

const ZHealthEnv = z.object(HEALTH_ENV);

/** Fleet health's settings from the parsed environment. */
export function healthConfigOf(e: z.output<typeof ZHealthEnv>): HealthConfig {
  return {
    polling: e.HEALTH_POLLING,
    pollSeconds: e.HEALTH_POLL_SECONDS,
    offlineAfter: e.HEALTH_OFFLINE_AFTER,
    onlineAfter: e.HEALTH_ONLINE_AFTER,
    leftOpenSeconds: e.HEALTH_LEFT_OPEN_SECONDS,
    graceSeconds: e.HEALTH_GRACE_SECONDS,
    vendorRates: parseVendorRates(e.HEALTH_VENDOR_RATES),
  };
}
