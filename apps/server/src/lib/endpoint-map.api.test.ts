import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as contract from '@lockerops/contract';
import { type Endpoint, endpoints } from '@lockerops/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { FROM_ENDPOINT_MAP } from './openapi';

/** Every entry of the endpoint map, keyed `METHOD /path` (paths as the server writes them). */
function mapEntries(): Map<string, Endpoint & { name: string }> {
  const out = new Map<string, Endpoint & { name: string }>();
  for (const [area, calls] of Object.entries(endpoints)) {
    for (const [name, e] of Object.entries(calls as Record<string, Endpoint>)) {
      const key = `${e.method} /api${e.path}`;
      expect(out.has(key), `${key} declared twice`).toBe(false);
      out.set(key, { ...e, name: `${area}.${name}` });
    }
  }
  return out;
}

const contractSchemas = new Set<unknown>(Object.values(contract).filter((v) => v instanceof z.ZodType));

let routes: RouteOptions[] = [];
let close: () => Promise<void>;
beforeAll(async () => {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-map-'));
  const seen: RouteOptions[] = [];
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    database,
    onRoute: (r) => seen.push(r),
  });
  await app.ready();
  routes = seen;
  close = async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** The documented `/api` routes as `METHOD /path` with their schemas (HEAD twins left out). */
function apiRoutes() {
  const out = new Map<string, { params?: unknown; query?: unknown; body?: unknown; response?: unknown }>();
  for (const r of routes) {
    const schema = (r.schema ?? {}) as {
      hide?: boolean;
      params?: unknown;
      querystring?: unknown;
      body?: unknown;
      response?: Record<string, unknown>;
    };
    if (!r.url.startsWith('/api/') || schema.hide) continue;
    const ok = Object.entries(schema.response ?? {}).find(([code]) => Number(code) < 300)?.[1];
    for (const method of ([] as string[]).concat(r.method as string)) {
      if (method === 'HEAD') continue;
      out.set(`${method} ${r.url}`, {
        params: schema.params,
        query: schema.querystring,
        body: schema.body,
        response: ok,
      });
    }
  }
  return out;
}

describe('the endpoint map (packages/contract endpoints.ts)', () => {
  it('registers every /api route through routeOf, from its entry', () => {
    const byHand = routes
      .filter((r) => r.url.startsWith('/api/') && !(r.schema as { hide?: boolean } | undefined)?.hide)
      .filter(
        (r) => r.method !== 'HEAD' && !(r.schema as Record<symbol, unknown> | undefined)?.[FROM_ENDPOINT_MAP],
      )
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(byHand, 'registered without routeOf').toEqual([]);
  });

  it('declares every /api route the server registers, and no other', () => {
    const declared = [...mapEntries().keys()].sort();
    const registered = [...apiRoutes().keys()].sort();
    expect(
      registered.filter((k) => !declared.includes(k)),
      'registered but not in the map',
    ).toEqual([]);
    expect(
      declared.filter((k) => !registered.includes(k)),
      'in the map but not registered',
    ).toEqual([]);
  });

  it('gives each route the schemas its entry declares', () => {
    const map = mapEntries();
    const wrong: string[] = [];
    for (const [key, route] of apiRoutes()) {
      const e = map.get(key);
      if (!e) continue;
      for (const [part, mine] of [
        ['params', e.params],
        ['query', e.query],
        ['body', e.body],
        ['response', e.response],
      ] as const) {
        const theirs = route[part];
        // A declared schema must be the one the route validates with; a contract schema the route
        // uses must be declared (server-local schemas — multipart bodies, inline path parameters —
        // are not part of the map).
        if (mine !== undefined && mine !== theirs) wrong.push(`${e.name} ${part}: not the declared schema`);
        if (mine === undefined && contractSchemas.has(theirs)) wrong.push(`${e.name} ${part}: not declared`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
