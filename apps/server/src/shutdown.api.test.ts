import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Graceful shutdown: SIGTERM to the server process (`src/main.ts`, its own process on a
 * fresh PostgreSQL database) while an HTTP request is in flight and a webhook delivery hangs on a
 * receiver that accepts the connection and never answers. The request finishes with its answer,
 * and the process exits 0 within 10 s (the delivery job is failed back to its queue, to be
 * retried). The request is held without timing: the test's own connection holds the row lock its
 * statement needs, and lets go one second after the signal.
 *
 * PGlite runs inside the server process and the test cannot hold its locks: PostgreSQL only.
 */
const URL_ = process.env.DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const PASSWORD = 'Shutdown-Passw0rd!';

let admin: pg.Pool;
let db: pg.Pool;
let dbName: string;
let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
let output = '';
let silent: net.Server;
const silentSockets: net.Socket[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

async function api(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/api/${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
}

async function poll<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!URL_)('SIGTERM (PostgreSQL only: the server runs as its own process)', () => {
  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: URL_, max: 2 });
    dbName = `lockerops_stop_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const u = new URL(URL_!);
    u.pathname = `/${dbName}`;
    db = new pg.Pool({ connectionString: u.toString(), max: 3, application_name: 'shutdown-test' });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-stop-'));
    port = await freePort();
    // a webhook receiver that accepts the connection and never answers
    silent = net.createServer((s) => silentSockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: u.toString(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        GEOCODE_URL: 'off',
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (b) => (output += b));
    server.stderr!.on('data', (b) => (output += b));
    await poll(
      'the server to answer',
      async () => {
        if (server!.exitCode !== null) throw new Error(`server exited: ${output}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok || undefined,
          () => undefined,
        );
        return ok;
      },
      120_000,
    );
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    for (const s of silentSockets) s.destroy();
    silent?.close();
    await db?.end();
    for (let i = 0; admin && i < 200; i++) {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'shutdown-test'`,
        [dbName],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('drains the request in flight, stops the hanging delivery, and exits 0 within 10 s', async () => {
    const signedIn = await api(
      'POST',
      'auth/sign-in',
      {},
      { email: 'admin@demo-org.test', password: PASSWORD },
    );
    expect(signedIn.status).toBe(200);
    const auth = { authorization: `Bearer ${signedIn.json.id_token}` };
    const [{ id: org }] = (await db.query(`SELECT id FROM organizations WHERE subdomain = 'demo-org'`)).rows;
    const loc = (
      await db.query(`INSERT INTO locations (organization_id, name) VALUES ($1, 'Quay') RETURNING id`, [org])
    ).rows[0].id;
    const size = (
      await db.query(
        `INSERT INTO sizes (organization_id, name, width, depth, height) VALUES ($1, 'Small', 10, 10, 10) RETURNING id`,
        [org],
      )
    ).rows[0].id;
    await db.query(
      `INSERT INTO devices (organization_id, name, locker_number, mode, hardware_type, id_location, id_size)
       VALUES ($1, 'Locker 1', 1, 'delivery', 'virtual', $2, $3)`,
      [org, loc, size],
    );
    const hook = await api('POST', 'webhooks', auth, {
      url: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/hooks`,
      events: ['on_reservation'],
    });
    expect(hook.status).toBe(201);
    const reserved = await api('POST', 'reservations', auth, {
      mode: 'delivery',
      tracking_number: 'STOP-1',
      id_location: loc,
      id_size: size,
      email: 'parcel@example.test',
      start_date: new Date(Date.now() + 3600_000).toISOString(),
      end_date: new Date(Date.now() + 7200_000).toISOString(),
    });
    expect(reserved.status).toBe(200);
    // the delivery is in flight: the worker has connected to the receiver, which stays silent
    await poll('the webhook delivery', async () => (silentSockets.length > 0 ? true : undefined));

    // a request in flight: its statement waits on the row lock the test holds
    const blocker = await db.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM sizes WHERE id = $1 FOR UPDATE', [size]);
    const put = api('PUT', `sizes/${size}`, auth, { name: 'Drained', width: 10, depth: 10, height: 10 });
    await poll('the request to wait on the lock', async () => {
      const { rows } = await admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'
          AND application_name <> 'shutdown-test'`,
        [dbName],
      );
      return rows.length ? true : undefined;
    });

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server!.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const signalled = Date.now();
    server!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    // no new connection is accepted any more
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    await blocker.query('ROLLBACK');
    blocker.release();
    const answered = await put;
    expect(answered.status).toBe(200);
    expect(answered.json.name).toBe('Drained');
    const { code, at } = await exited;
    expect(at - signalled, output).toBeLessThan(10_000);
    expect(code, output).toBe(0);
    // the hanging delivery went back to its queue ('pending': waiting for its next attempt), not lost
    const { rows } = await db.query(`SELECT status FROM webhook_messages`);
    expect(rows.map((r) => r.status)).toEqual(['pending']);
  }, 120_000);
});
