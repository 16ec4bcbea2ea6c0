/**
 * The load-and-fault test of the partner API (`npm run bench:load`): kiosks running storage life
 * cycles (start on a door, pick up) against the real server on PostgreSQL, console readers beside
 * them, two server processes on one database, a `kill -9` of one mid-run and a termination of
 * every database connection; the invariants are checked in SQL afterwards and the figures written
 * to docs/benchmarks.md.
 *
 * Environment: `DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres; the database
 * `LOAD_DB`, default `lockerops_load`, is created afresh on that server), `LOAD_KIOSKS` (10,50,200),
 * `LOAD_SECONDS` (30 a phase), `LOAD_DOORS` (400), `LOAD_USERS` (1000), `LOAD_READERS` (4),
 * `LOAD_READER_MS` (500: each reader asks for a page of transactions every half second, an
 * operator paging briskly; 0: as fast as the server answers),
 * `LOAD_PORT` (4101; the second process the next port), `LOAD_WRITE` (1: append to
 * docs/benchmarks.md), `LOAD_NODE_ARGS` (extra Node flags for the servers, e.g. a CPU profile),
 * `LOAD_SERVER` (`built`, the default: the server as production runs it, compiled by
 * scripts/build.mjs into bench/load/dist and started on plain Node with `npm start`'s V8 flags;
 * `tsx`: the sources under tsx), `LOAD_V8_FLAGS` (V8 flags for the built server instead of
 * `npm start`'s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuPerCycle, invariants, markCpu, rssMb } from './measure';
import {
  ADMIN,
  buildServer,
  PASSWORD,
  SERVER,
  servers,
  sleep,
  startServer,
  V8_FLAGS,
  waitUp,
} from './servers';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const repoDir = path.resolve(serverDir, '../..');
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.LOAD_DB ?? 'lockerops_load';
const KIOSKS = (process.env.LOAD_KIOSKS ?? '10,50,200').split(',').map(Number);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const DOORS = Number(process.env.LOAD_DOORS ?? 400);
const USERS = Number(process.env.LOAD_USERS ?? 1000);
const READERS = Number(process.env.LOAD_READERS ?? 4);
const PORT = Number(process.env.LOAD_PORT ?? 4101);
/** A console reader asks for a page of transactions this often, ms (0: as fast as answered). */
const READER_MS = Number(process.env.LOAD_READER_MS ?? 500);
const CALL_TIMEOUT_MS = 10_000;
/** `LOAD_FAULTS=0`: only the one-process phases (a quick measure of the cost per life cycle). */
const FAULTS = process.env.LOAD_FAULTS !== '0';

const dbUrl = (() => {
  const u = new URL(BASE_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

// ——— calls ———

interface CallStats {
  latencies: number[];
  statuses: Map<number, number>;
  timeouts: number;
  errors: number;
}
const newStats = (): CallStats => ({ latencies: [], statuses: new Map(), timeouts: 0, errors: 0 });

/** The fields of the API's answers this run reads. */
interface Answer {
  id: string;
  id_token: string;
  key: string;
  event: { id: string };
}

async function call(
  stats: CallStats,
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: () => Promise<Answer> } | null> {
  const t0 = performance.now();
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await r.text();
    stats.latencies.push(performance.now() - t0);
    stats.statuses.set(r.status, (stats.statuses.get(r.status) ?? 0) + 1);
    return { status: r.status, json: async () => JSON.parse(text) };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') stats.timeouts += 1;
    else stats.errors += 1;
    return null;
  }
}

function pct(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const count5xx = (s: CallStats) => [...s.statuses].filter(([k]) => k >= 500).reduce((a, [, n]) => a + n, 0);

// ——— set-up through the API ———

interface Setup {
  admin: Record<string, string>;
  key: Record<string, string>;
  doors: string[];
  users: string[];
}

async function setUp(port: number): Promise<Setup> {
  const s = newStats();
  const signIn = await call(s, port, 'POST', 'auth/sign-in', {}, { email: ADMIN, password: PASSWORD });
  const admin = { authorization: `Bearer ${(await signIn!.json()).id_token}` };
  const key = await call(s, port, 'POST', 'api-keys', admin);
  const kiosk = { 'x-api-key': (await key!.json()).key as string };
  const size = await (await call(s, port, 'POST', 'sizes', admin, {
    name: 'M',
    width: 40,
    depth: 40,
    height: 40,
  }))!.json();
  const locations: string[] = [];
  for (const name of ['Load North', 'Load South'])
    locations.push(
      (
        await (await call(s, port, 'POST', 'locations', admin, {
          name,
          address: `${name} Road 1`,
          contact_email: 'desk@load.test',
          contact_phone: '+15551234567',
        }))!.json()
      ).id,
    );
  const doors: string[] = [];
  for (let i = 0; i < DOORS; i++) {
    const r = await call(s, port, 'POST', 'devices', admin, {
      name: `Door ${i + 1}`,
      locker_number: i + 1,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: locations[i % 2],
      id_size: size.id,
    });
    if (r?.status !== 200) throw new Error(`device ${i}: ${r?.status}`);
    doors.push((await r.json()).id);
  }
  const users: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const r = await call(s, port, 'POST', 'users', admin, {
      name: `Load${i}`,
      last_name: 'Customer',
      email: `load${i}@load.test`,
    });
    if (r?.status !== 200) throw new Error(`user ${i}: ${r?.status} ${JSON.stringify(await r?.json())}`);
    users.push((await r.json()).id);
  }
  return { admin, key: kiosk, doors, users };
}

// ——— phases ———

interface PhaseResult {
  name: string;
  kiosks: number;
  seconds: number;
  cycles: number;
  refused: number;
  kiosk: CallStats;
  reader: CallStats;
  cpu: ReturnType<typeof cpuPerCycle>;
}

async function phase(
  admin: pg.Client,
  name: string,
  setup: Setup,
  kiosks: number,
  ports: number[],
  seconds: number,
  during?: (elapsedMs: () => number) => Promise<void>,
  readers = READERS,
): Promise<PhaseResult> {
  const kiosk = newStats();
  const reader = newStats();
  let cycles = 0;
  let refused = 0;
  const before = await markCpu(
    admin,
    DB_NAME,
    [...servers.values()].map((c) => c.pid),
  );
  const t0 = Date.now();
  const until = t0 + seconds * 1000;
  const runKiosk = async (k: number) => {
    const port = ports[k % ports.length]!;
    while (Date.now() < until) {
      const door = setup.doors[Math.floor(Math.random() * setup.doors.length)]!;
      const user = setup.users[Math.floor(Math.random() * setup.users.length)]!;
      const started = await call(kiosk, port, 'POST', 'events/storage', setup.key, {
        id_device: door,
        id_user: user,
      });
      if (started?.status !== 200) {
        if (started?.status === 409) refused += 1;
        else await sleep(50);
        continue;
      }
      const id = (await started.json()).event.id as string;
      for (let attempt = 0; attempt < 5; attempt++) {
        const picked = await call(kiosk, port, 'POST', `events/${id}/pickup`, setup.key, {});
        if (picked?.status === 200) {
          cycles += 1;
          break;
        }
        await sleep(100);
      }
    }
  };
  const runReader = async (r: number) => {
    const port = ports[r % ports.length]!;
    while (Date.now() < until) {
      const t1 = Date.now();
      await call(reader, port, 'GET', 'events?page=1&size=50', setup.admin);
      // an operator's console: a page of transactions every READER_MS, not as fast as it answers
      await sleep(Math.max(0, READER_MS - (Date.now() - t1)));
    }
  };
  await Promise.all([
    ...Array.from({ length: kiosks }, (_, k) => runKiosk(k)),
    ...Array.from({ length: readers }, (_, r) => runReader(r)),
    during?.(() => Date.now() - t0) ?? Promise.resolve(),
  ]);
  const took = (Date.now() - t0) / 1000;
  const cpu = cpuPerCycle(
    before,
    await markCpu(
      admin,
      DB_NAME,
      [...servers.values()].map((c) => c.pid),
    ),
    cycles,
  );
  return { name, kiosks, seconds: took, cycles, refused, kiosk, reader, cpu };
}

// ——— the run ———

function line(r: PhaseResult): string {
  const cps = r.cycles / r.seconds;
  return `| ${r.name} | ${r.kiosks} | ${r.cycles} | ${cps.toFixed(1)} | ${pct(r.kiosk.latencies, 50).toFixed(0)} | ${pct(r.kiosk.latencies, 99).toFixed(0)} | ${count5xx(r.kiosk)} | ${r.kiosk.timeouts + r.kiosk.errors} | ${r.refused} | ${pct(r.reader.latencies, 95).toFixed(0)} | ${r.cpu.node.toFixed(1)} | ${r.cpu.pg.toFixed(1)} | ${r.cpu.generator.toFixed(1)} | ${r.cpu.transactions.toFixed(1)} |`;
}

/** The two-process phase, then the faults phase (kill -9, restart, connections terminated). */
async function twoProcessesAndFaults(
  admin: pg.Client,
  setup: Setup,
  results: PhaseResult[],
  notes: string[],
) {
  const b = startServer(PORT + 1, dbUrl);
  await waitUp(PORT + 1, b);
  const mid = KIOSKS.includes(50) ? 50 : KIOSKS[0]!;
  const two = await phase(admin, 'two processes', setup, mid, [PORT, PORT + 1], SECONDS);
  results.push(two);
  console.log(line(two));

  // faults: kill -9 of the second process mid-run, its restart, then every connection terminated
  const faults = await phase(admin, 'faults', setup, mid, [PORT, PORT + 1], SECONDS, async (elapsed) => {
    while (elapsed() < (SECONDS * 1000) / 4) await sleep(100);
    servers.get(PORT + 1)!.kill('SIGKILL');
    notes.push(`kill -9 of the second process at ${(elapsed() / 1000).toFixed(1)} s`);
    await sleep(1000);
    const restarted = startServer(PORT + 1, dbUrl);
    const up = await waitUp(PORT + 1, restarted);
    notes.push(`second process restarted and answering within ${up} ms`);
    while (elapsed() < (SECONDS * 1000) / 2) await sleep(100);
    const killed = await admin.query(
      `select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [DB_NAME],
    );
    const at = Date.now();
    notes.push(`${killed.rows[0].n} database connections terminated at ${(elapsed() / 1000).toFixed(1)} s`);
    const probe = newStats();
    for (;;) {
      const r = await call(probe, PORT, 'GET', 'events?page=1&size=1', setup.admin);
      if (r?.status === 200) break;
      await sleep(50);
    }
    notes.push(`first process answering again ${Date.now() - at} ms after the termination`);
  });
  results.push(faults);
  console.log(line(faults));
}

async function main() {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  fs.rmSync(path.join(serverDir, '.data-load'), { recursive: true, force: true });
  buildServer();
  const a = startServer(PORT, dbUrl);
  const startMs = await waitUp(PORT, a);
  console.log(`server up in ${startMs} ms; setting up ${DOORS} doors and ${USERS} users`);
  const setup = await setUp(PORT);
  // A database in service has its planner statistics; a fresh one has none until autovacuum's
  // first pass, and until then plans the life cycle's reads by key as scans of the organization.
  {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query('analyze');
    await db.end();
  }
  const results: PhaseResult[] = [];
  const notes: string[] = [];

  if (process.env.LOAD_PGSS) await admin.query('select pg_stat_statements_reset()');
  // readers alone, as the baseline of "console readers under load"
  // a first page of each reader plans and caches its statements: not part of the baseline
  await phase(admin, 'warm-up', setup, 0, [PORT], 2);
  results.push(await phase(admin, 'readers alone', setup, 0, [PORT], Math.min(10, SECONDS)));
  // the cost of a life cycle alone: kiosks with no readers beside them
  const cost = await phase(
    admin,
    'kiosks alone',
    setup,
    Number(process.env.LOAD_ALONE ?? 10),
    [PORT],
    SECONDS,
    undefined,
    0,
  );
  results.push(cost);
  console.log(line(cost));
  for (const k of KIOSKS) {
    const r = await phase(admin, `one process`, setup, k, [PORT], SECONDS);
    results.push(r);
    console.log(line(r));
  }

  const rss = rssMb(a.pid);
  notes.push(
    `first process's memory after the one-process phases: ${rss.now} MB resident, ${rss.peak} MB at its peak (V8 flags: ${SERVER === 'built' ? V8_FLAGS.join(' ') || 'none' : 'tsx'})`,
  );
  // two processes on one database
  if (FAULTS) await twoProcessesAndFaults(admin, setup, results, notes);
  await sleep(3000);

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const inv = await invariants(db);
  await db.end();
  for (const s of servers.values()) s.kill('SIGTERM');
  await admin.end();

  const header =
    '| phase | kiosks | life cycles | per s | p50 ms | p99 ms | 5xx | timeouts / errors | refused starts (409) | readers p95 ms | server CPU ms / cycle | PostgreSQL CPU ms / cycle | generator CPU ms / cycle | transactions / cycle |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const table = [header, ...results.map(line)].join('\n');
  const report = [
    `### Load and faults, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} (npm run bench:load)`,
    '',
    `${DOORS} virtual storage doors over 2 locations, ${USERS} users, ${READERS} console readers (\`GET events\`${READER_MS ? `, one page every ${READER_MS} ms each` : ', as fast as answered'}), ${SECONDS} s a phase, PostgreSQL on this machine (${process.env.LOAD_MACHINE ?? 'the same 2 cores'}), the server ${SERVER === 'built' ? 'built as `npm start` runs it' : 'under tsx'}.`,
    '',
    table,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    `Invariants after the run: ${Object.entries(inv)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
  ].join('\n');
  console.log(`\n${report}`);
  if (process.env.LOAD_WRITE !== '0')
    fs.appendFileSync(path.join(repoDir, 'docs/benchmarks.md'), `\n${report}`);
}

main().catch((err) => {
  console.error(err);
  for (const s of servers.values()) s.kill('SIGKILL');
  process.exit(1);
});
