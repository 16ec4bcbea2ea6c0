import { BATTERY_LOW_PERCENT, type TAlertKind, type TDoorHealthState } from '@lockerops/contract';
import type { LockReport } from '../../../adapters/locks';
import type { DoorHealthInsert, DoorHealthRow, LastUnlock } from '../queries/doors';

/** The thresholds of the health rules (the server's `HEALTH_*` settings). */
export interface HealthRules {
  offlineAfter: number;
  onlineAfter: number;
  leftOpenSeconds: number;
  graceSeconds: number;
}

/** What one heartbeat got from a lock: a report, no answer, or nothing asked (not configured). */
export type Beat = { kind: 'report'; report: LockReport } | { kind: 'miss' } | { kind: 'skip' };

/** A door's health before any heartbeat. */
export const NEW_DOOR = {
  commanded: 'locked',
  commandedBy: null,
  commandedAt: null,
  lastUnlockId: null,
  sensed: 'unknown',
  sensedAt: null,
  sensedSince: null,
  online: true,
  lastSeenAt: null,
  misses: 0,
  successes: 0,
  battery: null,
  signal: null,
} as const satisfies Partial<DoorHealthRow>;

type Facts = Omit<DoorHealthInsert, 'organizationId' | 'idDevice' | 'faults' | 'updatedAt'>;

/**
 * The door's two facts after one heartbeat at `now` (pure): the command from its latest
 * acknowledged unlock (and `locked` again once the door is seen closed after it opened), the
 * sensed state from the report, and online/offline with hysteresis (`offlineAfter` misses in a
 * row take it offline, `onlineAfter` answers bring it back).
 */
export function nextFacts(
  prev: Facts,
  beat: Beat,
  unlock: LastUnlock | undefined,
  now: Date,
  rules: HealthRules,
): Facts {
  const f: Facts = { ...prev };
  if (unlock && unlock.id !== prev.lastUnlockId) {
    f.commanded = 'unlocked';
    f.commandedBy = unlock.actorName;
    f.commandedAt = unlock.at;
    f.lastUnlockId = unlock.id;
  }
  if (beat.kind === 'miss') {
    f.misses = (prev.misses ?? 0) + 1;
    f.successes = 0;
    if (f.misses >= rules.offlineAfter) f.online = false;
    return f;
  }
  if (beat.kind === 'skip') return f;
  const r = beat.report;
  if (r.lockStatus === 'offline') return nextFacts(prev, { kind: 'miss' }, unlock, now, rules);
  f.misses = 0;
  f.successes = (prev.successes ?? 0) + 1;
  if (!prev.online && f.successes >= rules.onlineAfter) f.online = true;
  f.lastSeenAt = now;
  const sensed = r.lockStatus === 'open' ? 'open' : r.lockStatus === 'locked' ? 'closed' : 'unknown';
  f.sensedAt = now;
  if (sensed !== prev.sensed) {
    f.sensed = sensed;
    f.sensedSince = now;
  }
  if (r.battery !== undefined) f.battery = Math.round(r.battery);
  if (r.signal !== undefined) f.signal = Math.round(r.signal);
  // closed again after the command: the door latched (its command is done)
  const openedByUnlock = unlock?.id === f.lastUnlockId && unlock?.state === 'opened';
  const seenOpenSince =
    f.commandedAt && prev.sensed === 'open' && prev.sensedSince && prev.sensedSince >= f.commandedAt;
  if (f.commanded === 'unlocked' && sensed === 'closed' && (openedByUnlock || seenOpenSince)) {
    f.commanded = 'locked';
    f.commandedBy = 'lock';
    f.commandedAt = now;
  }
  return f;
}

/** The door conditions of a door's facts at `now` (pure); offline doors keep `carried` for the sensed ones. */
export function doorConditions(
  f: Facts,
  opts: {
    now: Date;
    rules: HealthRules;
    lastUnlock: LastUnlock | undefined;
    jammedInARow: boolean;
    behindBridge: boolean;
    carried: TAlertKind[];
  },
): TAlertKind[] {
  const { now, rules } = opts;
  const out: TAlertKind[] = [];
  const age = (d: Date | null | undefined) => (d ? (now.getTime() - d.getTime()) / 1000 : 0);
  if (!f.online) {
    if (!opts.behindBridge) out.push('lock_offline');
    for (const k of opts.carried)
      if (k === 'door_left_open' || k === 'forced_open' || k === 'unlock_not_confirmed') out.push(k);
  } else {
    if (f.sensed === 'open' && f.commanded === 'unlocked' && age(f.commandedAt) >= rules.leftOpenSeconds)
      out.push('door_left_open');
    if (f.sensed === 'open' && f.commanded === 'locked' && age(f.sensedSince) >= rules.graceSeconds)
      out.push('forced_open');
    // the unlock read is the latest of a recent window: an older one keeps what it raised
    const jammed = opts.lastUnlock
      ? opts.lastUnlock.id === f.lastUnlockId && opts.lastUnlock.state === 'jammed'
      : opts.carried.includes('unlock_not_confirmed');
    if (f.commanded === 'unlocked' && jammed && f.sensed !== 'open') out.push('unlock_not_confirmed');
  }
  if (f.battery != null && f.battery < BATTERY_LOW_PERCENT) out.push('battery_low');
  if (opts.jammedInARow) out.push('unlock_failures');
  return out;
}

/** How a door is shown: an open alert first, then offline, open, closed, unknown. */
export function doorState(f: Pick<Facts, 'online' | 'sensed'>, alerts: readonly string[]): TDoorHealthState {
  if (alerts.length) return 'alert';
  if (!f.online) return 'offline';
  return f.sensed === 'open' ? 'open' : f.sensed === 'closed' ? 'closed' : 'unknown';
}

/** Worst first: the order of `DOOR_HEALTH_STATES`. */
export const STATE_RANK: Record<TDoorHealthState, number> = {
  alert: 0,
  offline: 1,
  open: 2,
  closed: 3,
  unknown: 4,
};
