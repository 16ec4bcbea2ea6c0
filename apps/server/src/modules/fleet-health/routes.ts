import { endpoints } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, routeOf } from '../../lib/openapi';
import { deviceHealth, doorsHealth, fleetOverview, setFaults } from './service';
import { pollOrganization } from './service/poll';
import { setBridgeFaults } from './service/simulator';

const tags = ['Fleet health'];

/**
 * Fleet health (README "Door health, alerts and simulator faults"): each door's commanded and sensed state,
 * heartbeats with online/offline, battery and signal, and alerts (door left open, forced open,
 * unlock not confirmed, lock or bridge offline, battery low, failed unlocks in a row), each
 * opening one issue, notifying the team and firing `device.alert` / `device.recovered`. Reads for
 * every role; the simulator's faults and a poll on demand for admins.
 */
export const fleetHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.fleetHealth;
  const { config, locks, db, heartbeats } = app.ctx;
  const rules = config.health;
  app.route({
    ...routeOf(e.overview, {
      tags,
      summary: 'Fleet health: places worst first, open alerts',
      description:
        "Every location with its doors online and offline, its open alerts and its worst door state (alert, offline, open, closed, unknown), worst first; the organization's open alerts; the heartbeat period in seconds (`HEALTH_POLL_SECONDS`).",
      errors: errors(401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        fleetOverview({ tx, organizationId: req.auth.organizationId, pollSeconds: rules.pollSeconds }),
      ),
  });
  app.route({
    ...routeOf(e.doors, {
      tags,
      summary: "The doors of a location with their health (the locker wall's states)",
      description:
        'Per door: commanded (locked/unlocked, by whom, when), sensed (open/closed/unknown, when), online, last seen, battery and signal (percent, where reported), its state and open alert kinds (a bridge alert counts for every door of its location).',
      errors: errors(400, 401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        doorsHealth({ tx, organizationId: req.auth.organizationId, idLocation: req.query.id_location }),
      ),
  });
  app.route({
    ...routeOf(e.device, {
      tags,
      summary: "A device's health, state timeline and alerts",
      description:
        'The door (`device`: name, locker number, hardware, location and its name; for a Kerong/Headleader door its `bridge` `kerong:host:port`, whether a board simulator of this server answers on it and that simulator\'s faults), its facts (`health`), its state timeline (`timeline`: one sample per change of commanded, sensed, online or battery, with battery and signal, newest first, at most 100) and its alerts (newest first, at most 50). 404 "Device not found" for another organization\'s device. README "Door health, alerts and simulator faults".',
      errors: errors(401, 403, 404),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        deviceHealth({ tx, organizationId: req.auth.organizationId, id: req.params.id, locks }),
      ),
  });
  app.route({
    ...routeOf(e.faults, {
      tags,
      summary: 'Simulator: tell a virtual lock which faults to show',
      description:
        '`offline` (no answer), `stuck_sensor` (`open`/`closed`: the sensor reports it whatever happens), `door` (`left_open`: opened by a pickup now and never closed; `forced`: opened without a command; null: closed), `battery_low` (reports 10 %). Absent fields keep their value; false or null clears. Admin only. 404 for another organization\'s device, 409 "Only virtual locks can be told to show faults." for other hardware.',
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        setFaults({ tx, organizationId: req.auth.organizationId, id: req.params.id, body: req.body, locks }),
      ),
  });
  app.route({
    ...routeOf(e.bridgeFaults, {
      tags,
      summary: "Simulator: tell the board simulators behind a location's bridges which faults to show",
      description:
        'Body `{ offline?, jam? }` (absent fields keep their value): `offline` — the bridge reads requests and never answers, so its doors go offline and one `bridge_offline` alert is raised by the heartbeats that follow (`HEALTH_OFFLINE_AFTER`); `jam` — the boards acknowledge an open command and the door stays closed. The bridges are those of the location\'s Kerong/Headleader doors (the location\'s bridge, or a board\'s own `ip`); only Kerong/Headleader board simulators run by this server process are changed. Answers `{ id_location, bridges: [{ bridge, simulated, offline, jam }] }`. Admin only. 404 "Location not found" for another organization\'s location; 409 "Only simulated bridges can be told to show faults." when none of its bridges is simulated. README "Door health, alerts and simulator faults".',
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        setBridgeFaults({
          tx,
          organizationId: req.auth.organizationId,
          idLocation: req.params.id,
          body: req.body,
          locks,
        }),
      ),
  });
  app.route({
    ...routeOf(e.poll, {
      tags,
      summary: "Poll the organization's doors now",
      description:
        "One heartbeat of every door of the organization now (as the schedule does every `HEALTH_POLL_SECONDS`): the locks are asked outside any transaction, within each vendor's calls per second (`HEALTH_VENDOR_RATES`), alerts raised and resolved. Answers the doors polled and the alerts raised and resolved. Admin only.",
      errors: errors(401, 403),
    }),
    // the organization's own poll on the server's handle: every statement names the organization
    handler: (req) =>
      pollOrganization({ db, locks, budget: heartbeats, organizationId: req.auth.organizationId, rules }),
  });
};
