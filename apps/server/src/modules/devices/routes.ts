import { DEVICE_MESSAGES, endpoints, idsOf, ZDeviceUnlock, zPage } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LockAdapter } from '../../adapters/locks';
import { errors, routeOf } from '../../lib/openapi';
import { deviceLogs, deviceUnlocksPage } from './queries/history';
import { devicesToWire } from './resource';
import {
  bulkEditDevices,
  deviceCapabilities,
  lockDevices,
  setMaintenance,
  switchVirtualLock,
  typeOptions,
} from './service';
import { locationLockSettingsOf, saveLocationLockSettings } from './service/lock-settings';
import { refreshLockStatus } from './service/lock-status';
import { unlockAnswer, unlockDevices } from './service/unlocks';

const tags = ['Devices'];
const params = z.object({ id: z.uuid() });

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
  const e = endpoints.devices;
  return async (app) => {
    app.route({
      ...routeOf(e.bulkEdit, {
        tags,
        summary: 'Bulk edit devices ("Edit Devices")',
        description:
          'Sets mode, price required/price, size, product, location or status on every listed device (a product goes to the first device only: it can be in one device). Each device is re-checked with every rule of a single update and written in its own savepoint: reserved devices and devices that break a rule are listed in `failed` with the reason, the others are updated. 400 "Please select at least one device" for no ids. spec: operational §2 Devices, §5 Device.',
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) => {
        const { updated, failed } = await req.withTenant((tx) =>
          bulkEditDevices({ tx, auth: req.auth, ids: req.body.id_devices, patch: req.body.device }),
        );
        return { detail: DEVICE_MESSAGES.devicesUpdated(updated.length), updated, failed };
      },
    });

    app.route({
      ...routeOf(e.maintainAll, {
        tags,
        summary: 'Maintenance toggle for one or many devices',
        description:
          'Body `{ ids }` (or a bare array). `disable=true` puts the devices into maintenance, `false` makes them available, absent flips each. All or nothing: 409 "You cannot put a reserved device in maintenance mode." when a reserved device would go to maintenance. Answers "Device has been put into maintenance." / "Device is now available." for one device, "Maintenance status updated successfully!" for many. spec: operational §4 Device status, §8.',
        errors: errors(400, 401, 403, 404, 409),
      }),
      handler: async (req) => {
        const disable = req.query.disable === undefined ? undefined : req.query.disable === 'true';
        const r = await req.withTenant((tx) =>
          setMaintenance({ tx, auth: req.auth, ids: idsOf(req.body), disable }),
        );
        return { ...r, failed: [] };
      },
    });

    app.route({
      ...routeOf(e.unlock, {
        tags,
        summary: 'Unlock one or the selected devices',
        description:
          'Body `{ ids }` (or a bare array). Opens each lock through the lock adapter, outside any database transaction, and records each unlock\'s timeline (`GET devices/{id}/unlocks`) and `lock_status`. A gantner device whose lock status is unknown or offline is not tried; a lock that does not answer is marked offline; one acknowledged but not reported open within `LOCK_OPEN_TIMEOUT_MS` is jammed (and after the jam limit in a row goes to maintenance). When nothing could be opened the call fails: one device with its own reason (409 blocked gantner or lock not configured — the detail names the settings —, 502 "Unable to reach lock. Please check your lock is connected" or jammed), several with "Unable to reach lock…" (409 when every failure was a 409, else 502). Otherwise 200 with "Device unlocked correctly." (one) or "Unlock request sent to selected devices" (many) and the failures. spec: operational §4 Device status, §8.',
        errors: errors(400, 401, 403, 404, 409, 502),
      }),
      handler: async (req) => {
        const ids = idsOf(req.body);
        const outcome = await unlockDevices(
          (fn) => req.withTenant(fn),
          req.auth,
          locks,
          (tx) => lockDevices({ tx, auth: req.auth, ids }),
          UNLOCK_REASON.console,
        );
        return unlockAnswer(outcome, new Set(ids).size === 1);
      },
    });

    app.route({
      ...routeOf(e.lockStatus, {
        tags,
        summary: 'Ask a lock for its status',
        description:
          "Asks the lock adapter and stores the answer as `lock_status` (audit entry `lock_status` when it changed). The lock is asked with no database transaction open, within its time box and its organization's share of lock calls. A lock that does not answer reads `offline`; one skipped because its bridge or vendor failed repeatedly of late reads `unknown` (and opens an issue about the door). Answers the device. spec: operational §3 Device lock_status.",
        params,
        errors: errors(401, 403, 404),
      }),
      handler: async (req) =>
        refreshLockStatus(
          (fn) => req.withTenant(fn),
          req.auth,
          locks,
          req.params.id,
          async (tx, row) => (await devicesToWire([row], tx))[0]!,
        ),
    });

    app.route({
      ...routeOf(e.virtualLock, {
        tags,
        summary: 'Connect or disconnect a virtual lock',
        description:
          '`{ online: false }` takes a virtual lock offline (unlocking then fails as unreachable); `{ online: true }` brings it back, locked. 400 for a device that is not virtual. For demos and tests of the unreachable path. CONTRIBUTING.md, Adapters (outside systems): locks.',
        params,
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant(async (tx) => {
          const row = await switchVirtualLock({
            tx,
            auth: req.auth,
            id: req.params.id,
            online: req.body.online,
          });
          return (await devicesToWire([row], tx))[0]!;
        }),
    });

    app.route({
      ...routeOf(e.unlocks, {
        tags,
        summary: "A device's unlock timeline",
        description:
          "Every unlock of the device, newest first, paged (`page`, `size`): who asked and why, and the time of each step — requested, sent, acknowledged, then opened, jammed (no open report within `LOCK_OPEN_TIMEOUT_MS`) or offline; `state` is the last step reached. 404 for another organization's device. CONTRIBUTING.md, Adapters (outside systems): locks.",
        params,
        response: zPage(ZDeviceUnlock),
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          deviceUnlocksPage({
            tx,
            auth: req.auth,
            id: req.params.id,
            page: req.query.page,
            size: req.query.size,
          }),
        ),
    });

    app.route({
      ...routeOf(endpoints.locations.getLockSettings, {
        tags,
        summary: "A location's lock settings",
        description:
          "The serial-to-TCP bridge of the location's Kerong/Headleader boards, its virtual locks' simulated latency (ms), jam and offline rates (0–1), and the jams in a row that put a door into maintenance (`jam_limit`, null: the server's `LOCK_JAM_LIMIT`, shown as `effective_jam_limit`). Defaults when never saved. 404 for another organization's location. CONTRIBUTING.md, Adapters (outside systems): locks.",
        params,
        errors: errors(401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          locationLockSettingsOf({
            tx,
            auth: req.auth,
            locationId: req.params.id,
            defaultJamLimit: locks.jamLimit,
          }),
        ),
    });

    app.route({
      ...routeOf(endpoints.locations.putLockSettings, {
        tags,
        summary: "Set a location's lock settings",
        description:
          "Saves the whole settings object (absent fields take their defaults): `bridge_host` / `bridge_port` (1–65535), `virtual_latency_ms` (0–60000), `virtual_jam_rate` and `virtual_offline_rate` (0–1), `jam_limit` (1–100 or null). 400 with the rule's text, 404 for another organization's location. Audit entry `lock_settings` on the location. CONTRIBUTING.md, Adapters (outside systems): locks.",
        params,
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          saveLocationLockSettings({
            tx,
            auth: req.auth,
            locationId: req.params.id,
            b: req.body,
            defaultJamLimit: locks.jamLimit,
          }),
        ),
    });

    app.route({
      ...routeOf(endpoints.types.deviceMode, {
        tags,
        summary: 'Device modes the organization may use',
        description:
          'The modes whose `<mode>_mode` flag is on, as `{ value, label }` (rental is labelled Asset). spec: operational §1, §7 Devices.',
        errors: errors(401, 403),
      }),
      handler: async (req) => ({
        items: typeOptions(
          await req.withTenant((tx) => deviceCapabilities({ tx, organizationId: req.auth.organizationId })),
        ).modes,
      }),
    });

    app.route({
      ...routeOf(endpoints.types.deviceHardware, {
        tags,
        summary: 'Hardware types the organization may use',
        description:
          'Vendors whose `<vendor>_hardware` flag is on, plus virtual; an organization restricted to ojmar or gantner alone gets only that brand. spec: operational §1, §7 Devices.',
        errors: errors(401, 403),
      }),
      handler: async (req) => ({
        items: typeOptions(
          await req.withTenant((tx) => deviceCapabilities({ tx, organizationId: req.auth.organizationId })),
        ).hardware,
      }),
    });

    app.route({
      ...routeOf(endpoints.deviceLogs.get, {
        tags,
        summary: 'Device history log',
        description:
          "Every change and action of the device, newest first (at most 500), from the audit log: `log_type` is the action (create, update, maintenance, available, unlock, unlock_failed, lock_status, online, offline, delete…), with who and when and the changed fields. 404 for another organization's device. spec: operational §3 Device history log entry.",
        params,
        errors: errors(401, 403, 404),
      }),
      handler: async (req) => req.withTenant((tx) => deviceLogs({ tx, auth: req.auth, id: req.params.id })),
    });
  };
}
