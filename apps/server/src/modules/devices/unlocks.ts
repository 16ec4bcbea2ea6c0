import {
  DEVICE_MESSAGES,
  isCloudLockVendor,
  JAM_WINDOW_DAYS,
  LOCK_MESSAGES,
  type TDeviceUnlock,
  type TLocationLockSettings,
  type TLockStatus,
  type TUnlockState,
  type ZLocationLockSettingsRequest,
} from '@lockerops/contract';
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type LockAdapter,
  LockNotConfigured,
  type LockSettings,
  type LockTarget,
  LockUnreachable,
  NO_LOCK_SETTINGS,
  type VendorAccount,
} from '../../adapters/locks';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import {
  devices,
  deviceUnlocks,
  issues,
  locationLockSettings,
  locations,
  lockVendorAccounts,
} from '../../db/schema';
import { HttpError, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { findOr404 } from '../../lib/crud/resource';
import { wireFields } from '../../lib/wire';
import { type DeviceRow, lockTargetOf } from './service';
import {
  isSharedDoor,
  setSharedDoorLockStatus,
  sharedDoorLockSettings,
  sharedDoorVendorAccount,
} from './shared-doors';

/** Runs `fn` in one tenant transaction (`req.withTenant`), or in the caller's transaction. */
export type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Outcome of unlocking some devices: opened ids, and failures with their status and text. */
export interface UnlockOutcome {
  unlocked: string[];
  failed: Array<{ id: string; detail: string; status: number }>;
}

/** HTTP status of a lock that did not answer or did not open: the upstream (the lock) failed. */
export const UNREACHABLE_STATUS = 502;
/** HTTP status of a gantner lock whose status is unknown or offline, or of a lock not configured. */
export const GANTNER_BLOCKED_STATUS = 409;

type Step = {
  d: DeviceRow;
  unlockId: string;
  settings: LockSettings;
  account: VendorAccount | null;
  jamLimit: number;
  blocked: boolean;
};
type Result = Step & {
  state: 'opened' | 'jammed' | 'offline';
  lockStatus: TLockStatus;
  status?: number;
  detail?: string;
};

/** The lock settings of locations by id (only those that have a row). */
async function settingsOf(tx: Tx, organizationId: string, locationIds: string[]) {
  if (!locationIds.length) return new Map<string, typeof locationLockSettings.$inferSelect>();
  const rows = await tx
    .select()
    .from(locationLockSettings)
    .where(
      and(
        eq(locationLockSettings.organizationId, organizationId),
        inArray(locationLockSettings.idLocation, [...new Set(locationIds)]),
      ),
    );
  return new Map(rows.map((r) => [r.idLocation, r]));
}

const toLockSettings = (r?: typeof locationLockSettings.$inferSelect): LockSettings =>
  r
    ? {
        bridgeHost: r.bridgeHost,
        bridgePort: r.bridgePort,
        virtualLatencyMs: r.virtualLatencyMs,
        virtualJamRate: r.virtualJamRate,
        virtualOfflineRate: r.virtualOfflineRate,
      }
    : NO_LOCK_SETTINGS;

/**
 * The organization's accounts at the cloud lock vendors among `hardwareTypes`, by vendor (secrets
 * still sealed; the vendor's driver opens them).
 */
async function accountsOf(tx: Tx, organizationId: string, hardwareTypes: string[]) {
  const vendors = [...new Set(hardwareTypes.filter(isCloudLockVendor))];
  if (!vendors.length) return new Map<string, VendorAccount>();
  const rows = await tx
    .select()
    .from(lockVendorAccounts)
    .where(
      and(eq(lockVendorAccounts.organizationId, organizationId), inArray(lockVendorAccounts.vendor, vendors)),
    );
  return new Map<string, VendorAccount>(rows.map((r) => [r.vendor, accountOf(r)]));
}

/** A vendor account row as the lock adapter takes it (secret still sealed). */
const accountOf = (r: typeof lockVendorAccounts.$inferSelect): VendorAccount => ({
  baseUrl: r.baseUrl,
  accountId: r.accountId,
  tokenUrl: r.tokenUrl,
  sealedSecret: r.secretEnc,
});

/** A device, its location's lock settings and its vendor account as the lock adapter sees them. */
export async function lockTargetWithSettings(tx: Tx, d: DeviceRow): Promise<LockTarget> {
  const s = await settingsOf(tx, d.organizationId, [d.idLocation]);
  const accounts = await accountsOf(tx, d.organizationId, [d.hardwareType]);
  return {
    ...lockTargetOf(d),
    settings: toLockSettings(s.get(d.idLocation)),
    account: accounts.get(d.hardwareType) ?? null,
  };
}

async function setUnlock(
  run: TenantRun,
  id: string,
  organizationId: string,
  values: Partial<typeof deviceUnlocks.$inferInsert>,
) {
  await run((tx) =>
    tx
      .update(deviceUnlocks)
      .set(values)
      .where(and(eq(deviceUnlocks.id, id), eq(deviceUnlocks.organizationId, organizationId))),
  );
}

/**
 * Unlocks devices and records each unlock's timeline (ARCHITECTURE: Adapters — locks; spec:
 * operational §4 Device status "Unlock forces an open state"). Three steps, so a slow lock holds
 * no row: (1) one transaction picks and locks the devices (`pick`), records each unlock as
 * `requested` (who: `auth`'s actor, why: `reason`) and commits; a gantner lock whose status is
 * unknown or offline is not tried (`offline` at once). (2) Outside any transaction each lock is
 * called — `sent` and `acknowledged` are written as they happen, each in its own short
 * transaction. (3) One transaction records the result: `opened`, `jammed` (acknowledged but no
 * open report within `LOCK_OPEN_TIMEOUT_MS`) or `offline` (no answer, or not configured: the
 * detail names the settings), the device's `lock_status`, an audit entry per device (`unlock`,
 * `unlock_jammed`, `unlock_failed`), and the maintenance of a door that jammed `jamLimit` times in
 * a row (the location's `jam_limit`, else the adapter's). A parent's shared door opened in a
 * sub-organization's transaction takes its location's settings and the parent's vendor account,
 * and records its lock status through
 * `shared-doors.ts`; its unlock rows and audit entries are the sub-organization's, and it is never
 * put into maintenance by them. `run` is `req.withTenant`; a caller
 * already inside a transaction may pass `(fn) => fn(tx)`. Nothing throws for a lock's failure.
 */
export async function unlockDevices(
  run: TenantRun,
  auth: AuthContext,
  locks: LockAdapter,
  pick: (tx: Tx) => Promise<DeviceRow[]>,
  reason: string,
): Promise<UnlockOutcome & { picked: number }> {
  const orgId = auth.organizationId;
  const steps = await run(async (tx) => {
    const rows = await pick(tx);
    const settings = await settingsOf(
      tx,
      orgId,
      rows.filter((d) => !isSharedDoor(d, orgId)).map((d) => d.idLocation),
    );
    const accounts = await accountsOf(
      tx,
      orgId,
      rows.filter((d) => !isSharedDoor(d, orgId)).map((d) => d.hardwareType),
    );
    // a parent's shared door opened in a sub-organization's transaction: its location's settings
    // and the parent's vendor account, through the shared-door functions
    const sharedAccounts = new Map<string, VendorAccount>();
    for (const d of rows)
      if (isSharedDoor(d, orgId)) {
        const s = await sharedDoorLockSettings(tx, d.id);
        if (s) settings.set(d.idLocation, s);
        const a = isCloudLockVendor(d.hardwareType) ? await sharedDoorVendorAccount(tx, d.id) : undefined;
        if (a) sharedAccounts.set(d.id, accountOf(a));
      }
    const out: Step[] = [];
    for (const d of rows) {
      const blocked =
        d.hardwareType === 'gantner' && (d.lockStatus === 'unknown' || d.lockStatus === 'offline');
      const now = new Date();
      const [u] = await tx
        .insert(deviceUnlocks)
        .values({
          organizationId: orgId,
          idDevice: d.id,
          actorType: auth.actor.type,
          actorId: auth.actor.id,
          actorName: auth.actor.name,
          reason,
          requestedAt: now,
          ...(blocked ? { state: 'offline', offlineAt: now, detail: DEVICE_MESSAGES.unreachable } : {}),
        })
        .returning({ id: deviceUnlocks.id });
      const s = settings.get(d.idLocation);
      out.push({
        d,
        unlockId: u!.id,
        settings: toLockSettings(s),
        account: (isSharedDoor(d, orgId) ? sharedAccounts.get(d.id) : accounts.get(d.hardwareType)) ?? null,
        jamLimit: s?.jamLimit ?? locks.jamLimit,
        blocked,
      });
    }
    return out;
  });

  const results: Result[] = await Promise.all(
    steps.map(async (s): Promise<Result> => {
      if (s.blocked)
        return {
          ...s,
          state: 'offline',
          lockStatus: s.d.lockStatus as TLockStatus,
          status: GANTNER_BLOCKED_STATUS,
          detail: DEVICE_MESSAGES.unreachable,
        };
      await setUnlock(run, s.unlockId, orgId, { state: 'sent', sentAt: new Date() });
      try {
        const r = await locks.unlock(
          { ...lockTargetOf(s.d), settings: s.settings, account: s.account },
          {
            onAcknowledged: () =>
              setUnlock(run, s.unlockId, orgId, { state: 'acknowledged', acknowledgedAt: new Date() }),
          },
        );
        return r.outcome === 'opened'
          ? { ...s, state: 'opened', lockStatus: 'open' }
          : {
              ...s,
              state: 'jammed',
              lockStatus: r.lockStatus,
              status: UNREACHABLE_STATUS,
              detail: LOCK_MESSAGES.jammed,
            };
      } catch (err) {
        if (err instanceof LockNotConfigured)
          return {
            ...s,
            state: 'offline',
            lockStatus: s.d.lockStatus as TLockStatus,
            status: GANTNER_BLOCKED_STATUS,
            detail: err.detail,
          };
        if (!(err instanceof LockUnreachable)) throw err;
        return {
          ...s,
          state: 'offline',
          lockStatus: 'offline',
          status: UNREACHABLE_STATUS,
          detail: DEVICE_MESSAGES.unreachable,
        };
      }
    }),
  );

  const out: UnlockOutcome & { picked: number } = { unlocked: [], failed: [], picked: steps.length };
  await run(async (tx) => {
    for (const r of results) {
      const now = new Date();
      if (!r.blocked)
        await tx
          .update(deviceUnlocks)
          .set({
            state: r.state,
            detail: r.detail ?? null,
            ...(r.state === 'opened'
              ? { openedAt: now }
              : r.state === 'jammed'
                ? { jammedAt: now }
                : { offlineAt: now }),
          })
          .where(and(eq(deviceUnlocks.id, r.unlockId), eq(deviceUnlocks.organizationId, orgId)));
      const changed = r.lockStatus !== r.d.lockStatus;
      const shared = isSharedDoor(r.d, orgId);
      if ((changed || r.state === 'opened') && shared)
        await setSharedDoorLockStatus(tx, r.d.id, r.lockStatus);
      else if (changed || r.state === 'opened')
        await tx
          .update(devices)
          .set({ lockStatus: r.lockStatus, lockStatusAt: now, updatedAt: now })
          .where(and(eq(devices.id, r.d.id), eq(devices.organizationId, orgId)));
      await writeAudit(tx, auth, {
        entity: 'device',
        entityId: r.d.id,
        action: r.state === 'opened' ? 'unlock' : r.state === 'jammed' ? 'unlock_jammed' : 'unlock_failed',
        changes: changed ? { lock_status: { before: r.d.lockStatus, after: r.lockStatus } } : {},
      });
      // maintenance of a shared door stays the parent's decision
      if (r.state === 'jammed' && !shared) await maintainAfterJams(tx, auth, r.d.id, r.jamLimit);
      if (r.state === 'opened') out.unlocked.push(r.d.id);
      else out.failed.push({ id: r.d.id, detail: r.detail!, status: r.status! });
    }
  });
  return out;
}

/** Seconds after which an unlock still under way counts as lost (its server stopped mid-call). */
export const UNLOCK_STALE_SECONDS = 120;
/** The detail of an unlock resolved by `resolveStaleUnlocks`. */
export const UNLOCK_NO_ANSWER = 'No answer from the lock';

/**
 * Resolves the unlocks left half-way by a server that stopped during the lock call: every unlock
 * of any organization still `requested`, `sent` or `acknowledged` and requested more than
 * `UNLOCK_STALE_SECONDS` before `now` becomes `offline` with the detail "No answer from the
 * lock". Runs as the owner (the job runner), across organizations. Answers how many it resolved.
 */
export async function resolveStaleUnlocks(tx: Tx, now: Date): Promise<number> {
  const rows = await tx
    .update(deviceUnlocks)
    .set({ state: 'offline', offlineAt: now, detail: UNLOCK_NO_ANSWER })
    .where(
      and(
        inArray(deviceUnlocks.state, ['requested', 'sent', 'acknowledged']),
        lte(deviceUnlocks.requestedAt, new Date(now.getTime() - UNLOCK_STALE_SECONDS * 1000)),
      ),
    )
    .returning({ id: deviceUnlocks.id });
  return rows.length;
}

/**
 * Puts a door into maintenance when its last `limit` acknowledged unlocks (opened or jammed; an
 * offline attempt neither counts nor breaks the row) all jammed and it is available (a reserved
 * door cannot go to maintenance, spec operational §4 Device status). Audit entry
 * `auto_maintenance` with the status change and the jams in a row.
 */
export async function maintainAfterJams(
  tx: Tx,
  auth: AuthContext,
  deviceId: string,
  limit: number,
): Promise<boolean> {
  const last = await tx
    .select({ state: deviceUnlocks.state })
    .from(deviceUnlocks)
    .where(
      and(
        eq(deviceUnlocks.organizationId, auth.organizationId),
        eq(deviceUnlocks.idDevice, deviceId),
        inArray(deviceUnlocks.state, ['opened', 'jammed']),
      ),
    )
    .orderBy(desc(deviceUnlocks.requestedAt), desc(deviceUnlocks.id))
    .limit(limit);
  if (last.length < limit || last.some((u) => u.state !== 'jammed')) return false;
  const [d] = await tx
    .update(devices)
    .set({ status: 'maintenance', updatedAt: new Date() })
    .where(
      and(
        eq(devices.id, deviceId),
        eq(devices.organizationId, auth.organizationId),
        eq(devices.status, 'available'),
      ),
    )
    .returning({ id: devices.id });
  if (!d) return false;
  await writeAudit(tx, auth, {
    entity: 'device',
    entityId: deviceId,
    action: 'auto_maintenance',
    changes: {
      status: { before: 'available', after: 'maintenance' },
      jams_in_a_row: { before: null, after: limit },
    },
  });
  return true;
}

/** The SQL count of a device's jams in the last `JAM_WINDOW_DAYS` days (uses `device_unlocks_jams_idx`). */
export const jamsSql = () =>
  sql<number>`(select count(*)::int from ${deviceUnlocks} where ${deviceUnlocks.idDevice} = ${devices.id} and ${deviceUnlocks.state} = 'jammed' and ${deviceUnlocks.requestedAt} >= now() - make_interval(days => ${JAM_WINDOW_DAYS}))`;

/** Jams in the last `JAM_WINDOW_DAYS` days of the given devices, by device id (absent: none). */
export async function jamsOf(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const since = new Date(Date.now() - JAM_WINDOW_DAYS * 24 * 3600 * 1000);
  const rows = await tx
    .select({ id: deviceUnlocks.idDevice, n: count() })
    .from(deviceUnlocks)
    .where(
      and(
        inArray(deviceUnlocks.idDevice, ids),
        eq(deviceUnlocks.state, 'jammed'),
        gte(deviceUnlocks.requestedAt, since),
      ),
    )
    .groupBy(deviceUnlocks.idDevice);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** An unlock row on the wire. */
export function unlockToWire(u: typeof deviceUnlocks.$inferSelect): TDeviceUnlock {
  return {
    ...wireFields(u, [
      'id',
      'idDevice',
      'actorType',
      'actorName',
      'reason',
      'detail',
      'requestedAt',
      'sentAt',
      'acknowledgedAt',
      'openedAt',
      'jammedAt',
      'offlineAt',
    ]),
    state: u.state as TUnlockState,
  };
}

/** A location's lock settings on the wire (defaults when it has none). */
export function lockSettingsToWire(
  idLocation: string,
  r: typeof locationLockSettings.$inferSelect | undefined,
  defaultJamLimit: number,
): TLocationLockSettings {
  return {
    id_location: idLocation,
    bridge_host: r?.bridgeHost ?? null,
    bridge_port: r?.bridgePort ?? null,
    virtual_latency_ms: r?.virtualLatencyMs ?? 0,
    virtual_jam_rate: r?.virtualJamRate ?? 0,
    virtual_offline_rate: r?.virtualOfflineRate ?? 0,
    jam_limit: r?.jamLimit ?? null,
    effective_jam_limit: r?.jamLimit ?? defaultJamLimit,
  };
}

/**
 * The answer of an unlock call: `{ detail, updated, failed }`, or the failure itself as an error
 * when nothing could be opened. One device answers its own failure (409 gantner unknown/offline
 * or not configured, 502 unreachable or jammed); several answer "Unable to reach lock…", 409 when
 * every failure is a 409, else 502.
 */
export function unlockAnswer(outcome: UnlockOutcome, single: boolean) {
  if (outcome.failed.length && !outcome.unlocked.length) {
    const status = outcome.failed.every((f) => f.status === GANTNER_BLOCKED_STATUS)
      ? GANTNER_BLOCKED_STATUS
      : UNREACHABLE_STATUS;
    throw new HttpError(
      status,
      outcome.failed.length === 1 ? outcome.failed[0]!.detail : DEVICE_MESSAGES.unreachable,
    );
  }
  return {
    detail: single ? DEVICE_MESSAGES.unlocked : DEVICE_MESSAGES.unlockSent,
    updated: outcome.unlocked,
    failed: outcome.failed.map(({ id, detail }) => ({ id, detail })),
  };
}

/**
 * Asks a device's lock for its status (`GET devices/{id}/lock-status`) and stores the answer as
 * `lock_status`, with an audit entry `lock_status` when it changed; answers `answer(tx, row)` of
 * the stored row. Three steps, so a lock that never answers holds nothing of the database
 * (ARCHITECTURE: Nothing outside is called inside a transaction): (1) one short transaction reads
 * the device and its lock settings; (2) the lock is asked with no transaction open, through the
 * lock adapter's gate (its time box, the organization's slots, the target's breaker); (3) one short
 * transaction records the answer. A lock that does not answer reads `offline`; one skipped because
 * its target failed repeatedly of late reads `unknown`, and opens an issue about the door (source
 * `lock`) unless one is still pending; one whose settings are missing is not asked and keeps its
 * status. `run` is `req.withTenant`. 404 "Device not found" for a device of another
 * organization. spec: operational §3 Device lock_status.
 */
export async function refreshLockStatus<T>(
  run: TenantRun,
  auth: AuthContext,
  locks: LockAdapter,
  id: string,
  answer: (tx: Tx, row: DeviceRow) => Promise<T>,
): Promise<T> {
  const target = await run(async (tx) => {
    const [d] = (await tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)))) as DeviceRow[];
    if (!d) throw NotFound(DEVICE_MESSAGES.notFound);
    return lockTargetWithSettings(tx, d);
  });
  let status: TLockStatus | null = null;
  let skipped = false;
  try {
    status = (await locks.status(target)).lockStatus;
  } catch (err) {
    // a lock whose settings are missing was not asked: its status stays as it was
    if (!(err instanceof LockNotConfigured)) {
      skipped = err instanceof LockUnreachable && err.skipped;
      status = skipped ? 'unknown' : 'offline';
    }
  }
  return run(async (tx) => {
    const [d] = (await tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)))
      .for('update')) as DeviceRow[];
    if (!d) throw NotFound(DEVICE_MESSAGES.notFound);
    let row = d;
    if (status && status !== d.lockStatus) {
      const [updated] = (await tx
        .update(devices)
        .set({ lockStatus: status, lockStatusAt: new Date() })
        .where(and(eq(devices.id, d.id), eq(devices.organizationId, auth.organizationId)))
        .returning()) as DeviceRow[];
      row = updated ?? row;
      await writeAudit(tx, auth, {
        entity: 'device',
        entityId: d.id,
        action: 'lock_status',
        changes: { lock_status: { before: d.lockStatus, after: status } },
      });
    }
    if (skipped) await openLockIssue(tx, auth, d);
    return answer(tx, row);
  });
}

/**
 * Opens an issue about a door whose lock is skipped because its target (bridge, vendor API) kept
 * failing (source `lock`), unless an issue of that source about the door is still pending.
 * Written in the caller's transaction with its audit entry. spec: console §3 Issue.
 */
export async function openLockIssue(tx: Tx, auth: AuthContext, d: DeviceRow): Promise<boolean> {
  const description =
    `Lock of locker ${d.lockerNumber} is not answering (${d.hardwareType}): its status is unknown`.slice(
      0,
      200,
    );
  const [pending] = await tx
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, auth.organizationId),
        eq(issues.source, 'lock'),
        eq(issues.status, 'pending'),
        eq(issues.idLocation, d.idLocation),
        eq(issues.description, description),
      ),
    )
    .limit(1);
  if (pending) return false;
  const [row] = await tx
    .insert(issues)
    .values({
      organizationId: auth.organizationId,
      description,
      idLocation: d.idLocation,
      source: 'lock',
      reporterName: 'Locks',
    })
    .returning({ id: issues.id });
  await writeAudit(tx, auth, { entity: 'issue', entityId: row!.id, action: 'create', changes: {} });
  return true;
}

/** The stored lock settings row of a location of the organization, if it was ever saved. */
async function lockSettingsRow(tx: Tx, organizationId: string, locationId: string) {
  const [row] = await tx
    .select()
    .from(locationLockSettings)
    .where(
      and(
        eq(locationLockSettings.organizationId, organizationId),
        eq(locationLockSettings.idLocation, locationId),
      ),
    );
  return row;
}

/**
 * A location's lock settings on the wire (`GET locations/{id}/lock-settings`): the defaults when
 * never saved; `defaultJamLimit` is the server's `LOCK_JAM_LIMIT`. 404 "Location not found" for a
 * location of another organization. spec: ARCHITECTURE Adapters (locks).
 */
export async function locationLockSettingsOf(
  tx: Tx,
  auth: AuthContext,
  locationId: string,
  defaultJamLimit: number,
): Promise<TLocationLockSettings> {
  await findOr404(tx, locations, auth, locationId, DEVICE_MESSAGES.locationNotFound);
  const row = await lockSettingsRow(tx, auth.organizationId, locationId);
  return lockSettingsToWire(locationId, row, defaultJamLimit);
}

/**
 * Saves a location's whole lock settings object (`PUT locations/{id}/lock-settings`; absent fields
 * took their defaults in the request schema) with an audit entry `lock_settings` on the location,
 * and answers the settings on the wire. 404 "Location not found" for a location of another
 * organization. spec: ARCHITECTURE Adapters (locks).
 */
export async function saveLocationLockSettings(
  tx: Tx,
  auth: AuthContext,
  locationId: string,
  b: z.output<typeof ZLocationLockSettingsRequest>,
  defaultJamLimit: number,
): Promise<TLocationLockSettings> {
  await findOr404(tx, locations, auth, locationId, DEVICE_MESSAGES.locationNotFound);
  const values = {
    bridgeHost: b.bridge_host || null,
    bridgePort: b.bridge_port,
    virtualLatencyMs: b.virtual_latency_ms,
    virtualJamRate: b.virtual_jam_rate,
    virtualOfflineRate: b.virtual_offline_rate,
    jamLimit: b.jam_limit,
    updatedAt: new Date(),
  };
  const before = await lockSettingsRow(tx, auth.organizationId, locationId);
  const [row] = await tx
    .insert(locationLockSettings)
    .values({ idLocation: locationId, organizationId: auth.organizationId, ...values })
    .onConflictDoUpdate({ target: locationLockSettings.idLocation, set: values })
    .returning();
  const wireBefore = lockSettingsToWire(locationId, before, defaultJamLimit);
  const wire = lockSettingsToWire(locationId, row, defaultJamLimit);
  await writeAudit(tx, auth, {
    entity: 'location',
    entityId: locationId,
    action: 'lock_settings',
    before: wireBefore as unknown as Record<string, unknown>,
    after: wire as unknown as Record<string, unknown>,
  });
  return wire;
}
