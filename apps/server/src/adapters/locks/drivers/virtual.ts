import type { LockDriver, LockReport, LockTarget } from '../types';
import { LockUnreachable } from '../types';

/** Seconds an opened virtual door stays open before it reports `locked` again (the door closed). */
export const VIRTUAL_RELATCH_SECONDS = 10;

/**
 * The local default driver: a lock that answers like hardware without any. Its state is the device
 * row itself, so every server process sees the same lock: `offline` means disconnected (unlock
 * fails as unreachable), anything else is connected. An opened door reports `locked` again after
 * `VIRTUAL_RELATCH_SECONDS`.
 */
export const virtualDriver: LockDriver = {
  vendor: 'virtual',
  async unlock(t: LockTarget): Promise<LockReport> {
    if (t.lockStatus === 'offline') throw new LockUnreachable('virtual', 'the virtual lock is offline');
    return { lockStatus: 'open' };
  },
  async status(t: LockTarget): Promise<LockReport> {
    if (t.lockStatus === 'offline') return { lockStatus: 'offline' };
    if (t.lockStatus === 'open' && t.lockStatusAt) {
      const age = (Date.now() - t.lockStatusAt.getTime()) / 1000;
      return { lockStatus: age >= VIRTUAL_RELATCH_SECONDS ? 'locked' : 'open' };
    }
    return { lockStatus: t.lockStatus === 'unknown' ? 'locked' : t.lockStatus };
  },
};
