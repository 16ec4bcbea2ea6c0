import {
  endpoints,
  LOCKER_WALL_MESSAGES,
  MAX_PAGE_SIZE,
  rolesOf,
  ZLockerWall,
  zPage,
} from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, routeOf } from '../../lib/openapi';
import { registerWallHistory } from './queries';
import * as service from './service';

const tags = ['Locker walls'];
const spec = 'spec: operational §2, §3, §4, §5, §7 Locker wall';

/**
 * The Locker wall area (spec: operational §2 Locker wall, §7 Locker walls): walls of a location with
 * their door grid, create / update / delete, and the door and kiosk actions. Every write is one
 * transaction with its audit entry (`GET history/locker_wall/{id}`).
 */
export const lockerWallRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.lockerWalls;
  registerWallHistory(service.WALL_ENTITY, rolesOf(e.get));

  app.route({
    ...routeOf(e.list, {
      tags,
      summary: 'List locker walls',
      description: `Every wall of the organization, or of \`id_location\` (404 when that location is not the organization's), by name, each with all its doors (\`lockers\`, row by row), their display state (available, maintenance, reserved, unassigned, kiosk) and the legend \`counts\`. One page holds every wall. ${spec}.`,
      response: zPage(ZLockerWall),
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        const items = await service.listWalls({ tx, auth: req.auth, idLocation: req.query.id_location });
        return { items, total: items.length, pages: 1, page: 1, page_size: MAX_PAGE_SIZE };
      }),
  });

  app.route({
    ...routeOf(e.get, {
      tags,
      summary: 'One locker wall',
      description: `The wall with its doors and legend counts; 404 for another organization's id. ${spec}.`,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant((tx) => service.getWall({ tx, auth: req.auth, id: req.params.id })),
  });

  app.route({
    ...routeOf(e.unassignedDevices, {
      tags,
      summary: 'Devices that can go into a door of this wall',
      description: `Devices of the wall's location that sit in no door of any wall, by locker number: the choices of the assign and reassign dialogs. ${spec}.`,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => ({
        items: await service.unassignedDevices({ tx, auth: req.auth, id: req.params.id }),
      })),
  });

  app.route({
    ...routeOf(e.create, {
      tags,
      summary: 'Create a locker wall',
      description: `JSON. Creates qty_wide × qty_tall empty doors (1 to 50 each way); with \`is_kiosk\` the middle door is the kiosk. \`image\` is the URL answered by \`POST images\`. 400 with the spec's messages ('Name required', '# Doors wide must be greater than 0', '${LOCKER_WALL_MESSAGES.qtyTall}'); 404 for a location of another organization. ${spec}.`,
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant((tx) => service.createWall({ tx, auth: req.auth, input: req.body })),
  });

  app.route({
    ...routeOf(e.update, {
      tags,
      summary: 'Update a locker wall',
      description: `JSON, the same fields as the create; \`image\` is sent as the same string when unchanged. Changing qty_wide, qty_tall or id_location rebuilds the doors: every door is unassigned. Turning \`is_kiosk\` on places the kiosk on the free door nearest the middle (409 when none is free); off removes it. ${spec}.`,
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: async (req) =>
      req.withTenant((tx) => service.updateWall({ tx, auth: req.auth, id: req.params.id, input: req.body })),
  });

  app.route({
    ...routeOf(e.remove, {
      tags,
      summary: 'Delete a locker wall',
      description: `Admin only. Deletes the wall and its doors; their devices become unassigned. Answers '${LOCKER_WALL_MESSAGES.deleted}'. ${spec}.`,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        await service.deleteWall({ tx, auth: req.auth, id: req.params.id });
        return { detail: LOCKER_WALL_MESSAGES.deleted };
      }),
  });

  app.route({
    ...routeOf(e.doors, {
      tags,
      summary: 'Assign, reassign or unassign the device of a door',
      description: `JSON \`{ x, y, id_device, reassign }\`: column x and row y from 1. \`id_device\` null unassigns ('${LOCKER_WALL_MESSAGES.unassigned}'; 409 for an empty door). Otherwise the device, of the wall's location, goes into the door: 'Locker has been assigned correctly', or with \`reassign: true\` it replaces the door's device ('${LOCKER_WALL_MESSAGES.reassigned}'). 409 '${LOCKER_WALL_MESSAGES.alreadyAssigned}' when the device already sits in a door — also when two operators try at once (a unique index decides) — or when the door is taken and \`reassign\` is not set; 409 for the kiosk door; 400 for a door outside the wall or a device of another location; 404 for a wall or device of another organization. Answers \`{ detail, wall }\`. ${spec}.`,
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: async (req) =>
      req.withTenant((tx) => service.setDoor({ tx, auth: req.auth, id: req.params.id, req: req.body })),
  });

  app.route({
    ...routeOf(e.moveKiosk, {
      tags,
      summary: 'Move the kiosk to another door',
      description: `JSON \`{ x, y }\`. The kiosk moves there; a locker in that door takes the kiosk's old door. On a wall without a kiosk, places one (409 when the door holds a locker). Answers '${LOCKER_WALL_MESSAGES.kioskMoved}' and the wall. ${spec}.`,
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: async (req) =>
      req.withTenant((tx) => service.moveKiosk({ tx, auth: req.auth, id: req.params.id, req: req.body })),
  });

  app.route({
    ...routeOf(e.removeKiosk, {
      tags,
      summary: 'Remove the kiosk from a wall',
      description: `The kiosk door becomes an ordinary empty door and \`is_kiosk\` false. Answers '${LOCKER_WALL_MESSAGES.kioskDeleted}' and the wall; 409 when the wall has no kiosk. ${spec}.`,
      errors: errors(401, 403, 404, 409),
    }),
    handler: async (req) =>
      req.withTenant((tx) => service.removeKiosk({ tx, auth: req.auth, id: req.params.id })),
  });
};
