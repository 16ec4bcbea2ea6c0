import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers';
import { smsOutbox } from '../../db/schema';
import { createSmsAdapter, SmsFailed, type TwilioConfig } from '.';

/** A local stand-in for Twilio's Messages resource: records each request, answers a sid (or 401 for a bad token). */
function fakeTwilio() {
  const requests: Array<{ url: string; auth: string; form: URLSearchParams }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      requests.push({ url: req.url ?? '', auth, form: new URLSearchParams(body) });
      res.setHeader('content-type', 'application/json');
      if (auth.endsWith(':bad')) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 20003, message: 'Authenticate' }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${requests.length}` }));
    });
  });
  return { server, requests };
}

let db: Awaited<ReturnType<typeof openTestDatabase>>;
const twilio = fakeTwilio();
let base = '';
const OWN = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  db = await openTestDatabase();
  await new Promise<void>((r) => twilio.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(twilio.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  twilio.server.close();
  await db.dispose();
});

describe('SMS adapter', () => {
  it('uses the organization’s own Twilio account, else the environment’s, else the outbox', async () => {
    const env: TwilioConfig = {
      accountSid: 'ACenv',
      authToken: 'envtoken',
      from: '+15550000001',
      baseUrl: base,
    };
    const own: TwilioConfig = {
      accountSid: 'ACown',
      authToken: 'owntoken',
      from: 'MGservice',
      baseUrl: base,
    };
    const sms = createSmsAdapter({
      db: db.db,
      log,
      twilio: env,
      resolve: async (org) => (org === OWN ? own : undefined),
    });
    expect(await sms.driverFor(OWN)).toBe('twilio');
    await sms.send({ to: '+15551112222', body: 'own 123456', organizationId: OWN });
    await sms.send({ to: '+15553334444', body: 'env 654321', organizationId: OTHER });
    const [a, b] = twilio.requests.slice(-2);
    expect(a!.url).toBe('/2010-04-01/Accounts/ACown/Messages.json');
    expect(a!.auth).toBe('ACown:owntoken');
    expect(a!.form.get('MessagingServiceSid')).toBe('MGservice');
    expect(a!.form.get('To')).toBe('+15551112222');
    expect(b!.url).toBe('/2010-04-01/Accounts/ACenv/Messages.json');
    expect(b!.form.get('From')).toBe('+15550000001');
    const rows = await db.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+15551112222'));
    expect(rows[0]).toMatchObject({ driver: 'twilio', organizationRef: OWN, body: '' });

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-outbox-'));
    const offline = createSmsAdapter({ db: db.db, log, dataDir });
    expect(await offline.driverFor(OWN)).toBe('outbox');
    const before = twilio.requests.length;
    await offline.send({ to: '+15556667777', body: 'local', organizationId: OWN });
    expect(twilio.requests.length).toBe(before);
    const [local] = await db.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+15556667777'));
    expect(local).toMatchObject({ driver: 'outbox', body: 'local' });
    // the local outbox also keeps it as a file, where a browser test reads it
    const files = fs.readdirSync(path.join(dataDir, 'sms-outbox'));
    expect(files).toHaveLength(1);
    const file = JSON.parse(fs.readFileSync(path.join(dataDir, 'sms-outbox', files[0]!), 'utf8'));
    expect(file).toMatchObject({ to: '+15556667777', body: 'local' });
    // nothing is left half written beside it
    expect(fs.readdirSync(path.join(dataDir, 'sms-outbox-writing'))).toEqual([]);
  });

  it('reports a refusal of the provider as SmsFailed and stores nothing', async () => {
    const sms = createSmsAdapter({
      db: db.db,
      log,
      resolve: async () => ({ accountSid: 'ACx', authToken: 'bad', from: '+15550000009', baseUrl: base }),
    });
    await expect(sms.send({ to: '+15559990000', body: 'x', organizationId: OTHER })).rejects.toBeInstanceOf(
      SmsFailed,
    );
    expect(await db.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+15559990000'))).toHaveLength(0);
  });
});
