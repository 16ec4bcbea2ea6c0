import { DEVICE_MESSAGES, isCloudLockVendor, LOCK_MESSAGES, type TLockStatus } from '@lockerops/contract';
import {
  type LockAdapter,
  LockNotConfigured,
  type LockSettings,
  type LockTarget,
  LockUnreachable,
  NO_LOCK_SETTINGS,
  type VendorAccount,
} from '../../../adapters/locks';
import type { AuthContext, TxAuth, TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { HttpError } from '../../../errors';
import { isSharedDoor, sharedDoorLockSettings, sharedDoorVendorAccount } from '../queries/shared-doors';
import { holdAndInsertUnlock, type LockSettingsPart } from '../queries/unlock-writes';
import {
  insertUnlock,
  lockSettingsByLocation,
  updateUnlock,
  type VendorAccountRow,
  vendorAccountsOf,
} from '../queries/unlocks';
import { type DeviceRow, lockTargetOf } from '../service';
import {
  recordUnlockResults,
  type UnlockOutcome,
  type UnlockResult,
  type UnlockStep,
} from './unlock-results';

/** Runs `fn` in one tenant transaction (`req.withTenant`), or in the caller's transaction. */
export type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** HTTP status of a lock that did not answer or did not open: the upstream (the lock) failed. */
export const UNREACHABLE_STATUS = 502;
/** HTTP status of a gantner lock whose status is unknown or offline, or of a lock not configured. */
export const GANTNER_BLOCKED_STATUS = 409;

/** After this long waiting for the open report, an acknowledgement is written on its own. */
const ACK_WRITE_AFTER_MS = 250;

/** The lock settings of locations by id (only those that have a row). */
const settingsOf = (tx: Tx, organizationId: string, locationIds: string[]) =>
  lockSettingsByLocation({ tx, organizationId, locationIds });

export const toLockSettings = (r?: LockSettingsPart): LockSettings =>
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
  const rows = await vendorAccountsOf({ tx, organizationId, vendors });
  return new Map<string, VendorAccount>(rows.map((r) => [r.vendor, accountOf(r)]));
}

/** A vendor account row as the lock adapter takes it (secret still sealed). */
const accountOf = (r: VendorAccountRow): VendorAccount => ({
  baseUrl: r.baseUrl,
  accountId: r.accountId,
  tokenUrl: r.tokenUrl,
  sealedSecret: r.secretEnc,
});

/** A device, its location's lock settings and its vendor account as the lock adapter sees them. */
export async function lockTargetWithSettings({ tx, d }: { tx: Tx; d: DeviceRow }): Promise<LockTarget> {
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
  values: Parameters<typeof updateUnlock>[0]['set'],
) {
  await run((tx) => updateUnlock({ tx, organizationId, id, set: values }));
}

/**
 * Unlocks devices and records each unlock's timeline (CONTRIBUTING.md "Adapters (outside systems)": locks; spec:
 * operational §4 Device status "Unlock forces an open state"). Three steps, so a slow lock holds
 * no row: (1) one transaction picks and locks the devices (`pick`), records each unlock as
 * `sent` (requested and sent at that moment; who: `auth`'s actor, why: `reason`) and commits; a
 * gantner lock whose status is unknown or offline is not tried (`offline` at once). (2) Outside
 * any transaction each lock is called; its acknowledgement is written in a short transaction of
 * its own when the open report is still awaited 250 ms later, else with the result. (3) One transaction records the result: `opened`, `jammed` (acknowledged but no
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
  const steps = await run(async (tx) =>
    recordUnlockIntents({ tx, auth, locks, rows: await pick(tx), reason }),
  );
  const results = await callLocks({ run, organizationId: auth.organizationId, locks, steps });
  return { ...(await run((tx) => recordUnlockResults({ tx, auth, results }))), picked: steps.length };
}

/**
 * `unlockDevices`' first step, in the caller's transaction `tx`: each of `rows` (picked and locked
 * by the caller) recorded as an unlock `sent` (or `offline` at once: a gantner lock whose status is
 * unknown or offline), with its location's lock settings and vendor account. Commit before
 * `callLocks`.
 */
export async function recordUnlockIntents({
  tx,
  auth,
  locks,
  rows,
  reason,
}: TxAuth<{ locks: LockAdapter; rows: DeviceRow[]; reason: string }>): Promise<UnlockStep[]> {
  const organizationId = auth.organizationId;
  const settings = await settingsOf(
    tx,
    organizationId,
    rows.filter((d) => !isSharedDoor(d, organizationId)).map((d) => d.idLocation),
  );
  const accounts = await accountsOf(
    tx,
    organizationId,
    rows.filter((d) => !isSharedDoor(d, organizationId)).map((d) => d.hardwareType),
  );
  // a parent's shared door opened in a sub-organization's transaction: its location's settings
  // and the parent's vendor account, through the shared-door functions
  const sharedAccounts = new Map<string, VendorAccount>();
  for (const d of rows)
    if (isSharedDoor(d, organizationId)) {
      const s = await sharedDoorLockSettings({ tx, id: d.id });
      if (s) settings.set(d.idLocation, s);
      const a = isCloudLockVendor(d.hardwareType)
        ? await sharedDoorVendorAccount({ tx, id: d.id })
        : undefined;
      if (a) sharedAccounts.set(d.id, accountOf(a));
    }
  const out: UnlockStep[] = [];
  for (const d of rows) {
    const blocked = isBlocked(d);
    const unlockId = await insertUnlock({ tx, auth, values: intentValues(auth, d, reason, blocked) });
    const s = settings.get(d.idLocation);
    out.push({
      d,
      unlockId,
      settings: toLockSettings(s),
      account:
        (isSharedDoor(d, organizationId) ? sharedAccounts.get(d.id) : accounts.get(d.hardwareType)) ?? null,
      jamLimit: s?.jamLimit ?? locks.jamLimit,
      blocked,
    });
  }
  return out;
}

/** A gantner lock whose status is unknown or offline is not tried: its unlock is `offline` at once. */
const isBlocked = (d: DeviceRow) =>
  d.hardwareType === 'gantner' && (d.lockStatus === 'unknown' || d.lockStatus === 'offline');

/** The row of an unlock's intent, recorded as sent (the call follows its commit at once). */
function intentValues(auth: AuthContext, d: DeviceRow, reason: string, blocked: boolean) {
  const now = new Date();
  return {
    idDevice: d.id,
    actorType: auth.actor.type,
    actorId: auth.actor.id,
    actorName: auth.actor.name,
    reason,
    requestedAt: now,
    ...(blocked
      ? { state: 'offline', offlineAt: now, detail: DEVICE_MESSAGES.unreachable }
      : { state: 'sent', sentAt: now }),
  };
}

/**
 * `recordUnlockIntents` for one door of the organization's own (not a parent's shared door) that
 * a step promises itself: its hold for the step `token` (as `holdDoorQuery`), its unlock's intent and
 * its location's lock settings in one statement (`holdAndInsertUnlock`), its vendor account read
 * for a cloud lock. Answers the unlock step, or `held: false` when another step holds the door
 * (the caller refuses, and its transaction rolls back with the unlock row).
 */
export async function promiseUnlock({
  tx,
  auth,
  locks,
  d,
  reason,
  token,
}: TxAuth<{ locks: LockAdapter; d: DeviceRow; reason: string; token: string }>): Promise<
  { held: true; step: UnlockStep } | { held: false }
> {
  const blocked = isBlocked(d);
  const r = await holdAndInsertUnlock({
    tx,
    auth,
    locationId: d.idLocation,
    token,
    values: intentValues(auth, d, reason, blocked),
  });
  if (!r.held) return { held: false };
  const accounts = await accountsOf(tx, auth.organizationId, [d.hardwareType]);
  return {
    held: true,
    step: {
      d,
      unlockId: r.unlockId,
      settings: toLockSettings(r.settings),
      account: accounts.get(d.hardwareType) ?? null,
      jamLimit: r.settings?.jamLimit ?? locks.jamLimit,
      blocked,
    },
  };
}

/**
 * `unlockDevices`' second step, with no transaction open: each lock called (its acknowledgement
 * written through `run` only when the open report keeps the call waiting). Never throws for a
 * lock's failure: it is the result's state.
 */
export function callLocks({
  run,
  organizationId,
  locks,
  steps,
}: {
  run: TenantRun;
  organizationId: string;
  locks: LockAdapter;
  steps: UnlockStep[];
}): Promise<UnlockResult[]> {
  return Promise.all(
    steps.map(async (s): Promise<UnlockResult> => {
      if (s.blocked)
        return {
          ...s,
          state: 'offline',
          lockStatus: s.d.lockStatus as TLockStatus,
          status: GANTNER_BLOCKED_STATUS,
          detail: DEVICE_MESSAGES.unreachable,
        };
      // the acknowledgement is written on its own only when the open report keeps the call
      // waiting (ACK_WRITE_AFTER_MS); a lock that opens at once has it written with the result
      const ack: { at?: Date; timer?: NodeJS.Timeout; written?: Promise<void> } = {};
      const acknowledged = async () => {
        const at = new Date();
        ack.at = at;
        ack.timer = setTimeout(() => {
          ack.written = setUnlock(run, s.unlockId, organizationId, {
            state: 'acknowledged',
            acknowledgedAt: at,
          }).catch(() => undefined);
        }, ACK_WRITE_AFTER_MS);
      };
      try {
        const r = await locks
          .unlock(
            { ...lockTargetOf(s.d), settings: s.settings, account: s.account },
            { onAcknowledged: acknowledged },
          )
          .finally(() => clearTimeout(ack.timer));
        await ack.written;
        return r.outcome === 'opened'
          ? { ...s, state: 'opened', lockStatus: 'open', acknowledgedAt: ack.at }
          : {
              ...s,
              state: 'jammed',
              lockStatus: r.lockStatus,
              status: UNREACHABLE_STATUS,
              detail: LOCK_MESSAGES.jammed,
              acknowledgedAt: ack.at,
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
 * The lock targets of the organization's own devices `rows` (their locations' lock settings and
 * the organization's vendor accounts, read once for the batch) with each location's jam limit
 * (null: the server's): what fleet health's heartbeats ask.
 */
export async function lockTargetsOf({
  tx,
  organizationId,
  rows,
}: TxOrg<{ rows: DeviceRow[] }>): Promise<Array<{ target: LockTarget; jamLimit: number | null }>> {
  const settings = await settingsOf(tx, organizationId, [...new Set(rows.map((d) => d.idLocation))]);
  const accounts = await accountsOf(
    tx,
    organizationId,
    rows.map((d) => d.hardwareType),
  );
  return rows.map((d) => {
    const s = settings.get(d.idLocation);
    return {
      target: {
        ...lockTargetOf(d),
        settings: toLockSettings(s),
        account: accounts.get(d.hardwareType) ?? null,
      },
      jamLimit: s?.jamLimit ?? null,
    };
  });
}
