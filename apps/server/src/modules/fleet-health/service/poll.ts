import type { TAlertKind } from '@lockerops/contract';
import {
  type LockAdapter,
  LockNotConfigured,
  type LockTarget,
  lockEndpointOf,
} from '../../../adapters/locks';
import type { Db } from '../../../db/client';
import type { VendorBudget } from '../../../lib/vendor-budget';
import { lockTargetsOf } from '../../devices';
import { type AlertRow, locationNames, openAlertsOf } from '../queries/alerts';
import {
  type DoorHealthInsert,
  devicesOf,
  healthOf,
  insertSamples,
  jammedInARow,
  lastUnlocksOf,
  saveHealth,
} from '../queries/doors';
import { type AlertSubject, raiseAlert, resolveAlert } from './alerts';
import { type Beat, doorConditions, type HealthRules, NEW_DOOR, nextFacts } from './rules';

/** How far back the latest unlocks are read at each heartbeat (older ones are in the doors' commands). */
const UNLOCK_WINDOW_MS = 24 * 3600 * 1000;
/** Heartbeat calls of one organization in flight at once (below the lock gate's slots, so unlocks keep theirs). */
const POLL_CONCURRENCY = 4;
const SERIAL = new Set(['kerong', 'headleader']);

/** What one poll of an organization did. */
export interface PollSummary {
  polled: number;
  raised: number;
  resolved: number;
}

/** Runs `fn` over `items`, at most `n` at once. */
async function pooled<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/** One heartbeat of one lock, with no transaction open, once its vendor's budget lets it start. */
async function beatOf(locks: LockAdapter, t: LockTarget, budget?: VendorBudget): Promise<Beat> {
  await budget?.take(t.hardwareType, t.organizationId ?? t.id);
  try {
    return { kind: 'report', report: await locks.status(t) };
  } catch (err) {
    // a lock whose settings are missing is not asked: nothing is known of it
    if (err instanceof LockNotConfigured) return { kind: 'skip' };
    return { kind: 'miss' };
  }
}

/**
 * One heartbeat of every door of an organization (README "Door health, alerts and simulator faults"): (1) a
 * short transaction reads its doors, their health, their latest unlocks and their lock targets;
 * (2) with no transaction open, each lock is asked its status through the lock adapter's gate (its
 * time box, the organization's own slots and breakers), `POLL_CONCURRENCY` at a time, each call
 * waiting for its vendor's turn in `budget` (calls per second per vendor, shared with every
 * other organization's heartbeats); (3) one
 * transaction writes the doors' facts and timeline samples, raises the alerts whose condition
 * holds and resolves those whose condition cleared. `db` is the owner's handle; every statement
 * names the organization.
 */
export async function pollOrganization({
  db,
  locks,
  budget,
  organizationId,
  rules,
  now = () => new Date(),
}: {
  db: Db;
  locks: LockAdapter;
  budget?: VendorBudget;
  organizationId: string;
  rules: HealthRules;
  now?: () => Date;
}): Promise<PollSummary> {
  const read = await db.transaction(async (tx) => {
    const rows = await devicesOf({ tx, organizationId });
    return {
      targets: await lockTargetsOf({ tx, organizationId, rows }),
      lockerNumbers: new Map(rows.map((d) => [d.id, d.lockerNumber])),
      places: await locationNames({ tx, organizationId, ids: [...new Set(rows.map((d) => d.idLocation))] }),
      locationOf: new Map(rows.map((d) => [d.id, d.idLocation])),
    };
  });
  const beats = await pooled(read.targets, POLL_CONCURRENCY, ({ target }) => beatOf(locks, target, budget));
  const at = now();
  return db.transaction(async (tx) => {
    const health = await healthOf({ tx, organizationId });
    const unlocks = await lastUnlocksOf({
      tx,
      organizationId,
      since: new Date(at.getTime() - UNLOCK_WINDOW_MS),
    });
    const open = await openAlertsOf({ tx, organizationId });
    const jamLimits = new Map(read.targets.map((x) => [x.target.id, x.jamLimit ?? locks.jamLimit]));
    const jammed = await jammedInARow({
      tx,
      organizationId,
      ids: [...unlocks.values()].filter((u) => u.state === 'jammed').map((u) => u.idDevice),
      limit: (id) => jamLimits.get(id) ?? locks.jamLimit,
    });
    const saved: DoorHealthInsert[] = [];
    const samples: Parameters<typeof insertSamples>[0]['rows'] = [];
    const wanted = new Map<string, { subject: AlertSubject; kinds: Set<TAlertKind> }>();
    const bridges = new Map<string, { subject: AlertSubject; online: number; offline: number }>();
    const subjectOfDoor = (id: string): AlertSubject => {
      const idLocation = read.locationOf.get(id) ?? null;
      return {
        key: id,
        idDevice: id,
        idLocation,
        label: String(read.lockerNumbers.get(id) ?? ''),
        place: (idLocation && read.places.get(idLocation)) || '',
      };
    };
    read.targets.forEach(({ target }, i) => {
      const beat = beats[i]!;
      const prev = health.get(target.id);
      const base = prev ?? { ...NEW_DOOR, faults: {} };
      const unlock = unlocks.get(target.id);
      const f = nextFacts(base, beat, unlock, at, rules);
      saved.push({ ...f, organizationId, idDevice: target.id, updatedAt: at });
      const changed =
        !prev ||
        prev.sensed !== f.sensed ||
        prev.online !== f.online ||
        prev.battery !== f.battery ||
        prev.commanded !== f.commanded;
      if (changed && beat.kind !== 'skip')
        samples.push({
          organizationId,
          idDevice: target.id,
          at,
          commanded: f.commanded ?? 'locked',
          sensed: f.sensed ?? 'unknown',
          online: f.online ?? true,
          battery: f.battery ?? null,
          signal: f.signal ?? null,
        });
      const behindBridge = SERIAL.has(target.hardwareType);
      const subject = subjectOfDoor(target.id);
      const carried = open.filter((a) => a.subject === target.id).map((a) => a.kind as TAlertKind);
      const kinds =
        beat.kind === 'skip'
          ? carried
          : doorConditions(f, {
              now: at,
              rules,
              lastUnlock: unlock,
              jammedInARow: jammed.has(target.id),
              behindBridge,
              carried,
            });
      wanted.set(target.id, { subject, kinds: new Set(kinds) });
      if (behindBridge && beat.kind !== 'skip') {
        const key = `bridge:${lockEndpointOf(target)}`;
        const b = bridges.get(key) ?? {
          subject: {
            key,
            idDevice: null,
            idLocation: subject.idLocation,
            label: lockEndpointOf(target).split(':').slice(1).join(':'),
            place: subject.place,
          },
          online: 0,
          offline: 0,
        };
        if (f.online) b.online++;
        else b.offline++;
        bridges.set(key, b);
      }
    });
    for (const [key, b] of bridges)
      wanted.set(key, {
        subject: b.subject,
        kinds: new Set(b.online === 0 && b.offline > 0 ? ['bridge_offline'] : []),
      });
    await saveHealth({ tx, rows: saved });
    await insertSamples({ tx, rows: samples });
    const summary: PollSummary = { polled: read.targets.length, raised: 0, resolved: 0 };
    const openBySubject = new Map<string, AlertRow[]>();
    for (const a of open) openBySubject.set(a.subject, [...(openBySubject.get(a.subject) ?? []), a]);
    for (const [key, w] of wanted) {
      const current = openBySubject.get(key) ?? [];
      for (const kind of w.kinds)
        if (!current.some((a) => a.kind === kind)) {
          if (await raiseAlert({ tx, organizationId, subject: w.subject, kind, now: at })) summary.raised++;
        }
      for (const a of current)
        if (!w.kinds.has(a.kind as TAlertKind)) {
          await resolveAlert({ tx, organizationId, alert: a, subject: w.subject, now: at });
          summary.resolved++;
        }
    }
    return summary;
  });
}
