import {
  DEVICE_MESSAGES,
  deviceRuleIssues,
  idsOf,
  type TDeviceCreateValues,
  ZDevice,
  ZDeviceBulkEditRequest,
  ZDeviceBulkResponse,
  ZDeviceIdsRequest,
  ZDeviceLogs,
  ZMaintainQuery,
  ZTypeOptions,
  ZVirtualLockRequest,
} from '@lockerops/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LockAdapter } from '../../adapters/locks';
import type { Tx } from '../../db/client';
import { auditLog, devices } from '../../db/schema';
import { BadRequest } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { findOr404, rowError, wireOf } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { devicesToWire } from './resource';
import {
  type DeviceRow,
  deviceCapabilities,
  deviceValues,
  hardwareFieldsOf,
  lockDevices,
  lockTargetOf,
  setMaintenance,
  type THardwareFields,
  typeOptions,
  unlockAnswer,
  unlockDevices,
} from './service';

const ADMIN = ['admin'] as const;
const WRITERS = ['admin', 'member'] as const;
const tags = ['Devices'];
const Params = z.object({ id: z.uuid() });

/** The create-shaped values of a stored device, for re-checking it after a bulk edit. */
function inputOf(d: DeviceRow): TDeviceCreateValues {
  return {
    name: d.name,
    custom_identifier: d.customIdentifier,
    locker_number: d.lockerNumber,
    mode: d.mode as TDeviceCreateValues['mode'],
    status: d.status as TDeviceCreateValues['status'],
    hardware_type: d.hardwareType as TDeviceCreateValues['hardware_type'],
    id_location: d.idLocation,
    id_size: d.idSize,
    id_price: d.idPrice,
    id_product: d.idProduct,
    item: d.item,
    item_description: d.itemDescription,
    price_required: d.priceRequired,
    ada_compliance: d.adaCompliance,
    require_image: d.requireImage,
    shared: d.shared,
    image: d.image,
    ...(hardwareFieldsOf(d) as Pick<TDeviceCreateValues, keyof THardwareFields>),
  };
}

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
        config: { roles: ADMIN },
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
            const next: TDeviceCreateValues = { ...inputOf(d) };
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
        config: { roles: ADMIN },
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
        config: { roles: ADMIN },
        schema: {
          tags,
          summary: 'Unlock one or the selected devices',
          description:
            'Body `{ ids }` (or a bare array). Opens each lock through the lock adapter and records `lock_status` open. A gantner device whose lock status is unknown or offline is not tried; a lock that does not answer is marked offline. When nothing could be opened the call fails with "Unable to reach lock. Please check your lock is connected": 409 when every device was a blocked gantner lock, 502 when a lock did not answer. Otherwise 200 with "Device unlocked correctly." (one) or "Unlock request sent to selected devices" (many) and the failures. spec: operational §4 Device status, §8.',
          body: ZDeviceIdsRequest,
          response: { 200: ZDeviceBulkResponse, ...errors(400, 401, 403, 404, 409, 502) },
        },
      },
      async (req) => {
        const ids = idsOf(req.body);
        const outcome = await req.withTenant(async (tx) =>
          unlockDevices(tx, req.auth, locks, await lockDevices(tx, req.auth, ids)),
        );
        return unlockAnswer(outcome, new Set(ids).size === 1);
      },
    );

    app.get(
      '/devices/:id/lock-status',
      {
        config: { roles: WRITERS },
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
            status = (await locks.status(lockTargetOf(d!))).lockStatus;
          } catch {
            status = 'offline';
          }
          let row = d!;
          if (status !== d!.lockStatus) {
            [row] = (await tx
              .update(devices)
              .set({ lockStatus: status, lockStatusAt: new Date() })
              .where(and(eq(devices.id, d!.id), eq(devices.organizationId, req.auth.organizationId)))
              .returning()) as DeviceRow[];
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
        config: { roles: ADMIN },
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
      '/types/device/mode',
      {
        config: { roles: WRITERS },
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
        config: { roles: WRITERS },
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
        config: { roles: WRITERS },
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
