import {
  ADMINS,
  DEVICE_MESSAGES,
  deviceRuleIssues,
  idsOf,
  STAFF,
  type TDeviceCreateValues,
  ZDevice,
  ZDeviceBulkEditRequest,
  ZDeviceBulkResponse,
  ZDeviceIdsRequest,
  ZDeviceLogs,
  ZDeviceUnlock,
  ZDeviceUnlocksQuery,
  ZLocationLockSettings,
  ZLocationLockSettingsRequest,
  ZMaintainQuery,
  ZTypeOptions,
  ZVirtualLockRequest,
  zPage,
} from '@lockerops/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type LockAdapter, LockNotConfigured } from '../../adapters/locks';
import type { Tx } from '../../db/client';
import { auditLog, devices, deviceUnlocks, locationLockSettings, locations } from '../../db/schema';
import { BadRequest } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { pageOf, pageOffset } from '../../lib/crud/paging';
import { findOr404, rowError, wireOf } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { devicesToWire } from './resource';
import {
  type DeviceRow,
  deviceCapabilities,
  deviceInputOf,
  deviceValues,
  lockDevices,
  setMaintenance,
  typeOptions,
} from './service';
import {
  lockSettingsToWire,
  lockTargetWithSettings,
  unlockAnswer,
  unlockDevices,
  unlockToWire,
} from './unlocks';

const tags = ['Devices'];
const Params = z.object({ id: z.uuid() });

/** Why an unlock was asked, as the timeline shows it. */
export const UNLOCK_REASON = {
  console: 'Unlock from the console',
  location: 'Unlock All of the location',
} as const;

/**
 * The Devices calls beyond CRUD (spec: operational §7 Devices): bulk edit, maintenance, unlock,
 * the organization's modes and hardware types, the device history log, and the virtual lock's
 * switch. `locks` is the lock adapter.
 */
export function devicesRoutes(opts: { locks: LockAdapter }): FastifyPluginAsyncZod {
  const { locks } = opts;
  return async (app) => {
    app.patch(
      '/devices',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Bulk edit devices ("Edit Devices")',
          description:
            'Sets mode, price required/price, size, product, location or status on every listed device (a product goes to the first device only: it can be in one device). Each device is re-checked with every rule of a single update and written in its own savepoint: reserved devices and devices that break a rule are listed in `failed` with the reason, the others are updated. 400 "Please select at least one device" for no ids. spec: operational §2 Devices, §5 Device.',
          body: ZDeviceBulkEditRequest,
          response: { 200: ZDeviceBulkResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const rows = await lockDevices(tx, req.auth, req.body.id_devices);
          const patch = req.body.device;
          const updated: string[] = [];
          const failed: Array<{ id: string; detail: string }> = [];
          for (const d of rows) {
            if (d.status === 'reserved') {
              failed.push({ id: d.id, detail: DEVICE_MESSAGES.reservedNotEditable });
              continue;
            }
            const next: TDeviceCreateValues = { ...deviceInputOf(d) };
            if (patch.mode !== undefined) next.mode = patch.mode;
            if (patch.price_required !== undefined) next.price_required = patch.price_required;
            if (patch.id_price !== undefined) next.id_price = patch.id_price;
            if (patch.id_size !== undefined) next.id_size = patch.id_size;
            if (patch.id_product !== undefined) next.id_product = patch.id_product;
            if (patch.id_location !== undefined) next.id_location = patch.id_location;
            if (patch.status !== undefined) next.status = patch.status;
            const issues = deviceRuleIssues(next);
            if (issues.length) {
              failed.push({ id: d.id, detail: [...new Set(issues.map((i) => i.message))].join(', ') });
              continue;
            }
            try {
              await tx.transaction(async (sp) => {
                const values = await deviceValues(sp as Tx, req.auth, next, d);
                const [row] = await sp
                  .update(devices)
                  .set({ ...values, updatedAt: new Date() })
                  .where(and(eq(devices.id, d.id), eq(devices.organizationId, req.auth.organizationId)))
                  .returning();
                await writeAudit(sp as Tx, req.auth, {
                  entity: 'device',
                  entityId: d.id,
                  action: 'update',
                  before: wireOf(devices, d),
                  after: wireOf(devices, row!),
                });
              });
              updated.push(d.id);
            } catch (err) {
              failed.push({ id: d.id, detail: rowError(err) });
            }
          }
          return { detail: DEVICE_MESSAGES.devicesUpdated(updated.length), updated, failed };
        }),
    );

    app.patch(
      '/devices/maintain-all',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Maintenance toggle for one or many devices',
          description:
            'Body `{ ids }` (or a bare array). `disable=true` puts the devices into maintenance, `false` makes them available, absent flips each. All or nothing: 409 "You cannot put a reserved device in maintenance mode." when a reserved device would go to maintenance. Answers "Device has been put into maintenance." / "Device is now available." for one device, "Maintenance status updated successfully!" for many. spec: operational §4 Device status, §8.',
          querystring: ZMaintainQuery,
          body: ZDeviceIdsRequest,
          response: { 200: ZDeviceBulkResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const disable = req.query.disable === undefined ? undefined : req.query.disable === 'true';
        const r = await req.withTenant((tx) => setMaintenance(tx, req.auth, idsOf(req.body), disable));
        return { ...r, failed: [] };
      },
    );

    app.patch(
      '/devices/unlock',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Unlock one or the selected devices',
          description:
            'Body `{ ids }` (or a bare array). Opens each lock through the lock adapter, outside any database transaction, and records each unlock\'s timeline (`GET devices/{id}/unlocks`) and `lock_status`. A gantner device whose lock status is unknown or offline is not tried; a lock that does not answer is marked offline; one acknowledged but not reported open within `LOCK_OPEN_TIMEOUT_MS` is jammed (and after the jam limit in a row goes to maintenance). When nothing could be opened the call fails: one device with its own reason (409 blocked gantner or lock not configured — the detail names the settings —, 502 "Unable to reach lock. Please check your lock is connected" or jammed), several with "Unable to reach lock…" (409 when every failure was a 409, else 502). Otherwise 200 with "Device unlocked correctly." (one) or "Unlock request sent to selected devices" (many) and the failures. spec: operational §4 Device status, §8.',
          body: ZDeviceIdsRequest,
          response: { 200: ZDeviceBulkResponse, ...errors(400, 401, 403, 404, 409, 502) },
        },
      },
      async (req) => {
        const ids = idsOf(req.body);
        const outcome = await unlockDevices(
          (fn) => req.withTenant(fn),
          req.auth,
          locks,
          (tx) => lockDevices(tx, req.auth, ids),
          UNLOCK_REASON.console,
        );
        return unlockAnswer(outcome, new Set(ids).size === 1);
      },
    );

    app.get(
      '/devices/:id/lock-status',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Ask a lock for its status',
          description:
            'Asks the lock adapter and stores the answer as `lock_status` (audit entry `lock_status` when it changed). A lock that does not answer reads `offline`. Answers the device. spec: operational §3 Device lock_status.',
          params: Params,
          response: { 200: ZDevice, ...errors(401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const [d] = await lockDevices(tx, req.auth, [req.params.id]);
          let status = d!.lockStatus;
          try {
            status = (await locks.status(await lockTargetWithSettings(tx, d!))).lockStatus;
          } catch (err) {
            // a lock whose settings are missing was not asked: its status stays as it was
            if (!(err instanceof LockNotConfigured)) status = 'offline';
          }
          let row = d!;
          if (status !== d!.lockStatus) {
            const [updated] = (await tx
              .update(devices)
              .set({ lockStatus: status, lockStatusAt: new Date() })
              .where(and(eq(devices.id, d!.id), eq(devices.organizationId, req.auth.organizationId)))
              .returning()) as DeviceRow[];
            row = updated ?? row;
            await writeAudit(tx, req.auth, {
              entity: 'device',
              entityId: d!.id,
              action: 'lock_status',
              changes: { lock_status: { before: d!.lockStatus, after: status } },
            });
          }
          return (await devicesToWire([row!], tx))[0]!;
        }),
    );

    app.patch(
      '/devices/:id/virtual-lock',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: 'Connect or disconnect a virtual lock',
          description:
            '`{ online: false }` takes a virtual lock offline (unlocking then fails as unreachable); `{ online: true }` brings it back, locked. 400 for a device that is not virtual. For demos and tests of the unreachable path. spec: ARCHITECTURE Adapters (locks).',
          params: Params,
          body: ZVirtualLockRequest,
          response: { 200: ZDevice, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          const [d] = await lockDevices(tx, req.auth, [req.params.id]);
          if (d!.hardwareType !== 'virtual') throw BadRequest(DEVICE_MESSAGES.notVirtual);
          const next = req.body.online ? 'locked' : 'offline';
          const [row] = (await tx
            .update(devices)
            .set({ lockStatus: next, lockStatusAt: new Date() })
            .where(and(eq(devices.id, d!.id), eq(devices.organizationId, req.auth.organizationId)))
            .returning()) as DeviceRow[];
          await writeAudit(tx, req.auth, {
            entity: 'device',
            entityId: d!.id,
            action: req.body.online ? 'online' : 'offline',
            changes: d!.lockStatus === next ? {} : { lock_status: { before: d!.lockStatus, after: next } },
          });
          return (await devicesToWire([row!], tx))[0]!;
        }),
    );

    app.get(
      '/devices/:id/unlocks',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: "A device's unlock timeline",
          description:
            "Every unlock of the device, newest first, paged (`page`, `size`): who asked and why, and the time of each step — requested, sent, acknowledged, then opened, jammed (no open report within `LOCK_OPEN_TIMEOUT_MS`) or offline; `state` is the last step reached. 404 for another organization's device. spec: ARCHITECTURE Adapters (locks).",
          params: Params,
          querystring: ZDeviceUnlocksQuery,
          response: { 200: zPage(ZDeviceUnlock), ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await findOr404(tx, devices, req.auth, req.params.id, DEVICE_MESSAGES.notFound);
          const where = and(
            eq(deviceUnlocks.organizationId, req.auth.organizationId),
            eq(deviceUnlocks.idDevice, req.params.id),
          );
          const { page, size } = req.query;
          const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(deviceUnlocks).where(where);
          const rows = await tx
            .select()
            .from(deviceUnlocks)
            .where(where)
            .orderBy(desc(deviceUnlocks.requestedAt), desc(deviceUnlocks.id))
            .limit(size)
            .offset(pageOffset(page, size));
          const total = Number(n);
          return pageOf(rows.map(unlockToWire), total, page, size);
        }),
    );

    app.get(
      '/locations/:id/lock-settings',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: "A location's lock settings",
          description:
            "The serial-to-TCP bridge of the location's Kerong/Headleader boards, its virtual locks' simulated latency (ms), jam and offline rates (0–1), and the jams in a row that put a door into maintenance (`jam_limit`, null: the server's `LOCK_JAM_LIMIT`, shown as `effective_jam_limit`). Defaults when never saved. 404 for another organization's location. spec: ARCHITECTURE Adapters (locks).",
          params: Params,
          response: { 200: ZLocationLockSettings, ...errors(401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await findOr404(tx, locations, req.auth, req.params.id, DEVICE_MESSAGES.locationNotFound);
          const [row] = await tx
            .select()
            .from(locationLockSettings)
            .where(
              and(
                eq(locationLockSettings.organizationId, req.auth.organizationId),
                eq(locationLockSettings.idLocation, req.params.id),
              ),
            );
          return lockSettingsToWire(req.params.id, row, locks.jamLimit);
        }),
    );

    app.put(
      '/locations/:id/lock-settings',
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: "Set a location's lock settings",
          description:
            "Saves the whole settings object (absent fields take their defaults): `bridge_host` / `bridge_port` (1–65535), `virtual_latency_ms` (0–60000), `virtual_jam_rate` and `virtual_offline_rate` (0–1), `jam_limit` (1–100 or null). 400 with the rule's text, 404 for another organization's location. Audit entry `lock_settings` on the location. spec: ARCHITECTURE Adapters (locks).",
          params: Params,
          body: ZLocationLockSettingsRequest,
          response: { 200: ZLocationLockSettings, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await findOr404(tx, locations, req.auth, req.params.id, DEVICE_MESSAGES.locationNotFound);
          const b = req.body;
          const values = {
            bridgeHost: b.bridge_host || null,
            bridgePort: b.bridge_port,
            virtualLatencyMs: b.virtual_latency_ms,
            virtualJamRate: b.virtual_jam_rate,
            virtualOfflineRate: b.virtual_offline_rate,
            jamLimit: b.jam_limit,
            updatedAt: new Date(),
          };
          const [before] = await tx
            .select()
            .from(locationLockSettings)
            .where(
              and(
                eq(locationLockSettings.organizationId, req.auth.organizationId),
                eq(locationLockSettings.idLocation, req.params.id),
              ),
            );
          const [row] = await tx
            .insert(locationLockSettings)
            .values({ idLocation: req.params.id, organizationId: req.auth.organizationId, ...values })
            .onConflictDoUpdate({ target: locationLockSettings.idLocation, set: values })
            .returning();
          const wireBefore = lockSettingsToWire(req.params.id, before, locks.jamLimit);
          const wire = lockSettingsToWire(req.params.id, row, locks.jamLimit);
          await writeAudit(tx, req.auth, {
            entity: 'location',
            entityId: req.params.id,
            action: 'lock_settings',
            before: wireBefore as unknown as Record<string, unknown>,
            after: wire as unknown as Record<string, unknown>,
          });
          return wire;
        }),
    );

    app.get(
      '/types/device/mode',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Device modes the organization may use',
          description:
            'The modes whose `<mode>_mode` flag is on, as `{ value, label }` (rental is labelled Asset). spec: operational §1, §7 Devices.',
          response: { 200: ZTypeOptions, ...errors(401, 403) },
        },
      },
      async (req) => ({
        items: typeOptions(await req.withTenant((tx) => deviceCapabilities(tx, req.auth.organizationId)))
          .modes,
      }),
    );

    app.get(
      '/types/device/hardware',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Hardware types the organization may use',
          description:
            'Vendors whose `<vendor>_hardware` flag is on, plus virtual; an organization restricted to ojmar or gantner alone gets only that brand. spec: operational §1, §7 Devices.',
          response: { 200: ZTypeOptions, ...errors(401, 403) },
        },
      },
      async (req) => ({
        items: typeOptions(await req.withTenant((tx) => deviceCapabilities(tx, req.auth.organizationId)))
          .hardware,
      }),
    );

    app.get(
      '/device-logs/:id',
      {
        config: { roles: STAFF },
        schema: {
          tags,
          summary: 'Device history log',
          description:
            "Every change and action of the device, newest first (at most 500), from the audit log: `log_type` is the action (create, update, maintenance, available, unlock, unlock_failed, lock_status, online, offline, delete…), with who and when and the changed fields. 404 for another organization's device. spec: operational §3 Device history log entry.",
          params: Params,
          response: { 200: ZDeviceLogs, ...errors(401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await findOr404(tx, devices, req.auth, req.params.id, DEVICE_MESSAGES.notFound);
          const rows = await tx
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.organizationId, req.auth.organizationId),
                eq(auditLog.entity, 'device'),
                eq(auditLog.entityId, req.params.id),
              ),
            )
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(500);
          return {
            items: rows.map((r) => ({
              id: r.id,
              log_type: r.action,
              actor_type: r.actorType,
              actor_name: r.actorName,
              changes: r.changes as Record<string, { before: unknown; after: unknown }>,
              event: null,
              created_at: r.createdAt.toISOString(),
            })),
          };
        }),
    );
  };
}
