import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and docs', () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('documents every API route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/auth/sign-in',
      '/api/auth/refresh',
      '/api/members/self',
      '/api/feedback',
      '/api/organization',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
    const signIn = doc.paths['/api/auth/sign-in'].post;
    const body = signIn.requestBody.content['application/json'].schema;
    expect(body).toEqual({ $ref: '#/components/schemas/SignInRequest' });
    expect(doc.components.schemas.SignInRequest.properties).toHaveProperty('email');
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(doc.paths['/api/feedback'].post.requestBody.content).toHaveProperty(['multipart/form-data']);
  });

  it('names the contract schemas once and refers to them', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.schemas).toHaveProperty('Device');
    expect(doc.components.schemas).toHaveProperty('DevicePage');
    const list = doc.paths['/api/devices'].get.responses;
    expect(list['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/DevicePage',
    });
    expect(list['401']).toEqual({ $ref: '#/components/responses/Error401' });
    // every reference resolves
    const text = JSON.stringify(doc);
    for (const [, kind, name] of text.matchAll(/"#\/components\/(\w+)\/(\w+)"/g)) {
      expect(doc.components[kind!], `${kind}/${name}`).toHaveProperty([name!]);
    }
  });

  it('matches the committed apps/server/openapi.json (run `npm run openapi -w apps/server`)', async () => {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../openapi.json');
    // reviewable: named schemas instead of the same shapes inlined in every operation
    // the error codes of every answer and the Idempotency-Key of every write added about 22 KB;
    // the Lite App, the screens at the walls and fleet health about 26 KB (about 30 operations);
    // their second pass (rentals, reservations, door details, simulators, couriers) about 14 KB more
    expect(fs.statSync(file).size).toBeLessThan(560 * 1024);
    const committed = JSON.parse(fs.readFileSync(file, 'utf8'));
    const live = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(live).toEqual(committed);
  });

  it('gives every operation a summary and every non-public one its error answers', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const missing: string[] = [];
    for (const [p, ops] of Object.entries<Record<string, { summary?: string; responses?: object }>>(
      doc.paths,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.summary) missing.push(`${method} ${p}: summary`);
        const codes = Object.keys(op.responses ?? {});
        const open = ['/api/health', '/api/auth/sign-out', '/api/notification-contact/verify'].includes(p);
        if (!open && !codes.some((c) => Number(c) >= 400)) missing.push(`${method} ${p}: errors`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('serves the Redoc page and its bundle offline', async () => {
    const page = await t.app.inject({ url: '/api/redoc' });
    expect(page.body).toContain('/api/redoc/redoc.standalone.js');
    const bundle = await t.app.inject({ url: '/api/redoc/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain('not found');
  });
});
