import { HARDWARE_LABELS, LOCK_MESSAGES, type THardwareType } from '@lockerops/contract';
import type { LockDriver, LockReport } from '../types';
import { LockNotConfigured } from '../types';

/** The settings a cloud vendor's driver would need, as the operator reads them. */
const CLOUD_SETTINGS: Partial<Record<THardwareType, string>> = {
  linka: "the organization's Linka API base URL, merchant id and API key",
  ojmar: "the organization's Ojmar OCS API base URL and credentials",
  gantner: "the organization's Gantner GAT Relaxx API base URL and API key",
  harbor: "the organization's Harbor API base URL and client credentials",
  spintly: "the organization's Spintly API base URL and integration token",
  dclock: "the organization's DC Lock API base URL and account key",
};

/**
 * The driver of a cloud-only vendor whose API this installation is not configured for. Unlocking
 * answers `LockNotConfigured` with a detail naming the settings to fill; the status reads
 * `unknown` (nothing was asked, so nothing is known).
 */
export function unconnectedDriver(vendor: THardwareType): LockDriver {
  const detail = LOCK_MESSAGES.notConfigured(
    HARDWARE_LABELS[vendor],
    CLOUD_SETTINGS[vendor] ?? "the organization's vendor settings",
  );
  return {
    vendor,
    async unlock(): Promise<LockReport> {
      throw new LockNotConfigured(vendor, detail);
    },
    async status(): Promise<LockReport> {
      throw new LockNotConfigured(vendor, detail);
    },
  };
}
