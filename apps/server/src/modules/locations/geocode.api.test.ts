import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCATION_MESSAGES, MSG } from '@lockerops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { createGeocoder, localGeocoder, nominatimGeocoder } from '../../adapters/geocode';
import { GEOCODE_CALLS_PER_MINUTE } from './routes';

type H = { authorization: string };
let t: TestApp;
let admin: H;
let member: H;
let viewer: H;

const search = (q: string, headers: H = admin) =>
  t.app.inject({ method: 'GET', url: `/api/geocode/search?q=${encodeURIComponent(q)}`, headers });

beforeAll(async () => {
  // GEOCODE_URL unset: the built-in gazetteer, no network
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  const orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/geocode/search with the built-in gazetteer', () => {
  it('places a typed address at its city, accents and case aside, the named country first', async () => {
    const res = await search('Bahnhofstrasse 1, 8001 Zurich');
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toEqual({ label: 'Zurich, Switzerland', latitude: 47.38, longitude: 8.54 });
    const munich = (await search('Marienplatz 8, München, Deutschland', member)).json();
    expect(munich.items[0]).toMatchObject({ label: 'Munich, Germany', latitude: 48.14 });
    const spain = (await search('Calle Mayor 5, Valencia, España')).json();
    expect(spain.items[0].label).toBe('Valencia, Spain');
  });

  it('lands on the capital when only a country is named, and answers nothing for the unknown', async () => {
    expect((await search('Somewhere in Austria')).json().items[0]).toEqual({
      label: 'Austria',
      latitude: 48.21,
      longitude: 16.37,
    });
    expect((await search('12 Nowhere Lane')).json()).toEqual({ items: [] });
  });

  it('answers the same every time (no network, no randomness)', async () => {
    const a = (await search('Paris')).json();
    const b = (await search('paris')).json();
    expect(a).toEqual(b);
    expect(a.items).toHaveLength(1);
  });

  it('refuses a too short or too long address, the viewer, and a caller with no session', async () => {
    expect((await search('ab')).statusCode).toBe(400);
    expect((await search('x'.repeat(201))).statusCode).toBe(400);
    expect((await search('Berlin', viewer)).statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/geocode/search?q=Berlin' });
    expect(anon.statusCode).toBe(401);
  });

  it('answers 429 beyond the lookups a minute of one caller, counting per caller', async () => {
    const orgId = (await demoOrg(t)).id;
    await createMember(t, orgId, { email: 'typist@demo-org.test', role: 'member' });
    const outsider = bearer(await signIn(t.app, 'typist@demo-org.test'));
    let last = 200;
    for (let i = 0; i <= GEOCODE_CALLS_PER_MINUTE && last !== 429; i++) {
      last = (await search('Lisbon', outsider)).statusCode;
    }
    expect(last).toBe(429);
    const limited = await search('Lisbon', outsider);
    expect(limited.json().detail).toBe(MSG.tooManyRequests);
    // another caller is not held back
    expect((await search('Lisbon')).statusCode).toBe(200);
  });
});

describe('the geocoder of the configuration', () => {
  let server: http.Server;
  let base = '';
  let mode: 'ok' | 'broken' = 'ok';
  beforeAll(async () => {
    // A stand-in for a Nominatim server: the adapter talks HTTP to it like to the real one.
    server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (mode === 'broken') {
        res.statusCode = 500;
        return res.end('{}');
      }
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q');
      res.end(
        JSON.stringify([
          { lat: '40.4168', lon: '-3.7038', display_name: `${q}, Madrid, España` },
          { lat: 'not a number', lon: '1', display_name: 'broken row' },
        ]),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('is the gazetteer when unset or `local`, off with `off`, Nominatim with a URL', () => {
    expect(createGeocoder().driver).toBe('local');
    expect(createGeocoder('local').driver).toBe('local');
    expect(createGeocoder('off').driver).toBe('off');
    expect(createGeocoder(base).driver).toBe('nominatim');
    expect(createGeocoder('nominatim').driver).toBe('nominatim');
  });

  it('asks Nominatim for a typed address and keeps only well-formed places', async () => {
    mode = 'ok';
    const places = await nominatimGeocoder({ baseUrl: base }).search('Gran Vía 1');
    expect(places).toEqual([{ label: 'Gran Vía 1, Madrid, España', lat: 40.4168, lng: -3.7038 }]);
    mode = 'broken';
    await expect(nominatimGeocoder({ baseUrl: base }).search('Gran Vía 1')).rejects.toThrow('status 500');
  });

  it('the gazetteer knows no street address at a position', async () => {
    expect(await localGeocoder.reverse(52.52, 13.4)).toBeNull();
  });
});

describe('GET /api/geocode/search when geocoding is off', () => {
  it('answers 503 with the lookup message', async () => {
    const off = await createTestApp({ GEOCODE_URL: 'off' });
    try {
      const h = bearer(await signIn(off.app));
      const res = await off.app.inject({ method: 'GET', url: '/api/geocode/search?q=Berlin', headers: h });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(LOCATION_MESSAGES.geocodeFailed);
    } finally {
      await off.close();
    }
  });
});
