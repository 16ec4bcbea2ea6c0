/**
 * `npm run bench:scale` (or `npm run bench -- --scale`): generates a real operator's year of history
 * (bench/scale/generate.ts; reused when already there), starts the real server over HTTP on it and
 * measures the console's and the partner API's calls against the bare SQL each call sends
 * (captured from the server's query log and re-run on one connection with the same role and
 * tenant setting, so row-level security is included), and the dashboard's first screen over "this
 * year" (five default cards and both top tables, each and all at once). Prints the table and, at full scale on
 * PostgreSQL (or with BENCH_WRITE_DOCS=1), writes it to docs/benchmarks.md. Asserts nothing.
 *
 * Environment: DATABASE_URL (unset → PGlite at a tenth of the scale, API times only),
 * BENCH_SCALE (1 on PostgreSQL, 0.1 on PGlite), BENCH_SCALE_DB, BENCH_DATA_DIR, BENCH_PORT (3999),
 * BENCH_RUNS (30), BENCH_SERVER_WARMUP (5 rounds over every call before timing any),
 * BENCH_ONLY (comma list of call names to run), BENCH_EXPORT_RUNS (2),
 * BENCH_SERVER (`built`: run the production build on plain Node instead of tsx; or the directory
 * of another build), BENCH_SQL_DIR (write each call's captured statements there: `<call>.sql`
 * with the parameters inlined, to read their plans, and `<call>.json` as sent), `--generate-only`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CARD_METRICS, type TMetricName } from '@lockerops/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_PASSWORD, openScale, scaleTarget } from './database';
import { ensureScaleData, rowsOf, type ScaleInfo, uid } from './generate';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const repoRoot = path.resolve(serverDir, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
/** Rounds over every measured call before the first is timed (BENCH_SERVER_WARMUP). */
const SERVER_WARMUP = Number(process.env.BENCH_SERVER_WARMUP ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const BASE = `http://127.0.0.1:${PORT}`;
/** `tsx` (default), `built` (this tree, built), or the directory of another build's main.js. */
const SERVER = process.env.BENCH_SERVER || 'tsx';
const builtDir = path.join(here, 'dist');
const serverMain = SERVER === 'built' ? path.join(builtDir, 'main.js') : path.resolve(SERVER, 'main.js');
/**
 * The V8 flags `npm start` gives the server (the root package.json's start script), so the built
 * server is measured with the memory settings production runs with.
 */
const START_FLAGS: string[] =
  (
    JSON.parse(fs.readFileSync(path.resolve(serverDir, '../../package.json'), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start.match(/--[a-z-]+(=\S+)?/g) ?? [];

/** Median and 95th percentile of a sample, ms. */
export function stats(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** Parameters of the calls, read from the generated data. */
interface Params {
  location: string;
  user: string;
  lastName: string;
  invoice: string;
}

/**
 * One benchmarked call. `kind: 'list'` calls are held to the list targets (p95 ≤ 25 ms and ≤ 1.5×
 * their SQL). `prepare` runs once before timing (e.g. to fetch a cursor) and answers the URL.
 */
export interface Call {
  name: string;
  kind: 'list' | 'other';
  method?: 'GET' | 'POST';
  url: string | ((ctx: { p: Params; get: (url: string) => Promise<unknown> }) => Promise<string> | string);
  body?: () => unknown;
  runs?: number;
}

/** The reads of the dashboard's first screen: the five default cards and both top tables. */
const DASHBOARD_FIRST_SCREEN: readonly TMetricName[] = [...DEFAULT_CARD_METRICS, 'top_users', 'locations'];

/** The calls measured, in order; add a line to measure another. */
export function calls(): Call[] {
  const list = (name: string, url: Call['url']): Call => ({ name, kind: 'list', url });
  return [
    list('events page 1', '/api/events?page=1&size=50'),
    list('events page 1,000', async ({ get }) => {
      // keyset: the console follows next_cursor; reach page 1,000 once, then time that page.
      let url = '/api/events?size=50';
      for (let page = 1; page < 1000; page++) {
        const r = (await get(url)) as { next_cursor?: string | null; page: number };
        if (!r.next_cursor) return `/api/events?page=1000&size=50`;
        url = `/api/events?size=50&cursor=${encodeURIComponent(r.next_cursor)}`;
      }
      return url;
    }),
    // the last page of the newest-first order is the first of the oldest-first one (keyset both ways)
    list('events last page', '/api/events?sort_by=created_at&order=asc&size=50'),
    list('events by location', ({ p }) => `/api/events?id_location=${p.location}&size=50`),
    list('events status=in_progress', '/api/events?status=in_progress&size=50'),
    list('events status=finished', '/api/events?status=finished&size=50'),
    list('events by_type=delivery', '/api/events?by_type=delivery&size=50'),
    list('events by user', ({ p }) => `/api/events?id_user=${p.user}&size=50`),
    list('events invoice_id=', ({ p }) => `/api/events?invoice_id=${p.invoice}&size=50`),
    list('events search invoice', ({ p }) => `/api/events?search=${p.invoice}&size=50`),
    list('events search user name', ({ p }) => `/api/events?search=${p.lastName}&size=50`),
    list('users page 1', '/api/users?page=1&size=25'),
    list('users search', ({ p }) => `/api/users?search=${p.lastName}&size=25`),
    list('devices by location', ({ p }) => `/api/devices?id_location=${p.location}&size=50`),
    list('locations page 1', '/api/locations?page=1&size=25'),
    {
      name: 'sign-in',
      kind: 'other',
      method: 'POST',
      url: '/api/auth/sign-in',
      body: () => ({ email: BENCH_ADMIN, password: BENCH_PASSWORD, organization: 'demo-org' }),
    },
  ];
}

interface Row {
  call: string;
  kind: Call['kind'];
  url: string;
  runs: number;
  median: number;
  p95: number;
  sqlMedian?: number;
  sqlP95?: number;
  statements?: number;
  ok?: boolean;
}

const fmt = (n: number | undefined) => (n === undefined ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));

/**
 * Writes a call's statements to `<dir>/<call>.sql` with their parameters inlined as literals, so
 * `psql` can run them under `EXPLAIN (ANALYZE, BUFFERS)`, and to `<call>.json` as they were sent.
 */
function writeStatements(
  dir: string,
  name: string,
  statements: Array<{ name?: string; text: string; values: unknown[] }>,
) {
  const literal = (v: unknown) =>
    v === null || v === undefined
      ? 'null'
      : `'${(v instanceof Date ? v.toISOString() : String(v)).replaceAll("'", "''")}'`;
  const text = statements
    .map((s) => `${s.text.replace(/\$(\d+)/g, (_, n: string) => literal(s.values[Number(n) - 1]))};`)
    .join('\n\n');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name.replace(/[^\w.,=-]+/g, '_'));
  fs.writeFileSync(`${file}.sql`, `${text}\n`);
  fs.writeFileSync(`${file}.json`, JSON.stringify(statements));
}

function startServer(target: Awaited<ReturnType<typeof scaleTarget>>, logFile: string, dataDir: string) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    AUTH_RATE_LIMIT: '1000000',
    GEOCODE_URL: 'off',
    LOCKEROPS_QUERY_LOG: logFile,
    DATA_DIR: target.kind === 'pglite' ? target.dataDir! : dataDir,
  };
  if (target.kind === 'postgres') env.DATABASE_URL = target.url!;
  else delete env.DATABASE_URL;
  const args =
    SERVER !== 'tsx'
      ? [...START_FLAGS, '--import', path.join(builtDir, 'capture.mjs'), serverMain]
      : ['--import', 'tsx', '--import', path.join(here, 'capture.ts'), 'src/main.ts'];
  const child = spawn(process.execPath, args, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return child;
}

/**
 * BENCH_SERVER=built: the server as production runs it (scripts/build.mjs, plain Node, no tsx),
 * built into bench/scale/dist with the query log compiled beside it. Its memory is the product's:
 * tsx's compiler and source maps add about 75 MB of RSS to the server it runs. BENCH_SERVER=<dir>
 * runs the main.js already built there instead (another commit's build, to compare with).
 */
async function buildServer(): Promise<void> {
  if (SERVER === 'built') {
    const r = spawnSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs'), '--outdir', builtDir], {
      cwd: serverDir,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('server build failed');
  }
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(here, 'capture.ts')],
    outfile: path.join(builtDir, 'capture.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
}

async function waitUp(child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${BASE}/api/health`);
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Resident set size of a process, kB (current, and the peak since the last reset). */
function rss(pid: number): { now: number; peak: number } {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { now: kb('VmRSS'), peak: kb('VmHWM') };
}

async function main() {
  const target = await scaleTarget();
  const scale = Number(process.env.BENCH_SCALE ?? (target.kind === 'postgres' ? 1 : 0.1));
  console.log(`Scale data: ${target.label}, scale ${scale}`);
  const database = await openScale(target);
  let info: ScaleInfo;
  let p: Params;
  try {
    info = await ensureScaleData(database.db, scale, console.log);
    console.log(
      info.reused
        ? `Reusing the data generated earlier in ${info.generatedSeconds} s`
        : `Generated in ${info.generatedSeconds} s`,
    );
    console.log(`Rows: ${JSON.stringify(info.rows)}`);
    const q = async (text: string) => (await rowsOf<Record<string, string>>(database.db, sql.raw(text)))[0]!;
    const org = info.main.id;
    const busiest = await q(
      `select id_user from transactions where organization_id = '${org}' and id_user is not null order by created_at desc limit 1`,
    );
    const user = await q(`select id, last_name from users where id = '${busiest.id_user}'`);
    const loc = await q(
      `select id from locations where organization_id = '${org}' order by name limit 1 offset ${Math.min(7, info.main.locations - 1)}`,
    );
    const inv = await q(
      `select invoice_id from transactions where id = ${uid(`'main:trx:${Math.round(info.main.transactions / 2)}'`)}`,
    );
    p = { location: loc.id!, user: user.id!, lastName: user.last_name!, invoice: inv.invoice_id! };
  } finally {
    await database.close();
  }
  if (process.argv.includes('--generate-only')) return;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-scale-bench-'));
  const logFile = path.join(work, 'queries.jsonl');
  if (SERVER !== 'tsx') await buildServer();
  const child = startServer(target, logFile, work);
  child.stdout?.resume();
  const results: Row[] = [];
  const extra: string[] = [];
  let calibration = '';
  try {
    await waitUp(child);
    const sign = await fetch(`${BASE}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_ADMIN, password: BENCH_PASSWORD, organization: 'demo-org' }),
    });
    const token = ((await sign.json()) as { id_token: string }).id_token;
    const headers = { authorization: `Bearer ${token}` };
    const request = async (call: Call, url: string) => {
      const r = await fetch(`${BASE}${url}`, {
        method: call.method ?? 'GET',
        headers: call.body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: call.body ? JSON.stringify(call.body()) : undefined,
      });
      const text = await r.text();
      if (r.status >= 400) throw new Error(`${call.name}: ${url} answered ${r.status} ${text.slice(0, 300)}`);
      return text;
    };
    const get = async (url: string) => JSON.parse(await request({ name: url, kind: 'other', url }, url));

    const replay = target.kind === 'postgres' ? new pg.Client({ connectionString: target.url! }) : undefined;
    await replay?.connect();

    // The machine's floor, so runs on different days can be compared: one round trip of a trivial
    // statement to the database, and one HTTP call the server answers without the database.
    const floor = async (f: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < 220; i++) {
        const t0 = performance.now();
        await f();
        if (i >= 20) ms.push(performance.now() - t0);
      }
      return stats(ms).median;
    };
    const sqlFloor = replay ? await floor(() => replay.query('select 1')) : undefined;
    const httpFloor = await floor(async () => (await fetch(`${BASE}/api/no-such-call`)).arrayBuffer());
    calibration = `Floor of this machine during the run: \`select 1\` round trip ${sqlFloor === undefined ? '–' : fmt(sqlFloor)} ms, an HTTP call answered without the database (an unknown /api path, 404) ${fmt(httpFloor)} ms (medians of 200).`;

    const all = calls();
    // Metric reads of the dashboard, when the server has them: every parameterless GET /api/reports/…
    const doc = (await get('/api/openapi.json')) as { paths: Record<string, Record<string, unknown>> };
    for (const [p0, ops] of Object.entries(doc.paths)) {
      if (p0.startsWith('/api/reports/') && !p0.includes('{') && ops.get)
        all.push({ name: `report ${p0.slice('/api/reports/'.length)}`, kind: 'list', url: p0 });
    }
    // The dashboard's first screen over "this year" (issue 11): each read with its bare SQL ...
    const firstScreen = DASHBOARD_FIRST_SCREEN.filter((m) => doc.paths[`/api/reports/${m}`]);
    for (const m of firstScreen)
      all.push({ name: `report ${m} this_year`, kind: 'other', url: `/api/reports/${m}?range=this_year` });
    const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
    const chosen: Array<[Call, string]> = [];
    for (const call of all) {
      if (only && !only.includes(call.name)) continue;
      chosen.push([call, typeof call.url === 'string' ? call.url : await call.url({ p, get })]);
    }
    // The server first answers every call SERVER_WARMUP times, as a server that has been running
    // has: V8 optimizes a route's code after its first calls, and without this pass the first call
    // measured (events page 1) would carry that warm-up alone.
    for (let round = 0; round < SERVER_WARMUP; round++)
      for (const [call, url] of chosen) await request(call, url);
    for (const [call, url] of chosen) {
      for (let i = 0; i < WARMUP; i++) await request(call, url);
      const runs = call.runs ?? RUNS;
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await request(call, url);
        ms.push(performance.now() - t0);
      }
      const row: Row = { call: call.name, kind: call.kind, url, runs, ...stats(ms) };
      if (replay) {
        fs.writeFileSync(logFile, '');
        fs.writeFileSync(`${logFile}.on`, '');
        await request(call, url);
        fs.rmSync(`${logFile}.on`);
        const statements = fs
          .readFileSync(logFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { name?: string; text: string; values: unknown[] })
          // Writes are not re-run: re-inserting the same row (a sign-in's refresh-token hash) breaks
          // a unique index, and repeating an update measures nothing the call did. A call that
          // writes is compared with its reads only.
          .filter((s) => !/^\s*(insert|update|delete)\b/i.test(s.text));
        const sqlMs: number[] = [];
        for (let i = 0; i < WARMUP + runs; i++) {
          const t0 = performance.now();
          for (const s of statements) await replay.query({ name: s.name, text: s.text, values: s.values });
          if (i >= WARMUP) sqlMs.push(performance.now() - t0);
        }
        const st = stats(sqlMs);
        Object.assign(row, { sqlMedian: st.median, sqlP95: st.p95, statements: statements.length });
        if (process.env.BENCH_SQL_DIR) writeStatements(process.env.BENCH_SQL_DIR, call.name, statements);
      }
      if (call.kind === 'list')
        row.ok = row.p95 <= 25 && (row.sqlMedian === undefined || row.median <= 1.5 * row.sqlMedian);
      results.push(row);
      console.log(
        `${row.call.padEnd(28)} ${fmt(row.median).padStart(7)} / ${fmt(row.p95).padStart(7)} ms   SQL ${fmt(row.sqlMedian).padStart(7)} ms (${row.statements ?? '–'} statements)`,
      );
    }
    await replay?.end();

    // ... and all of them together, sent at once as the console does: target p95 ≤ 150 ms.
    if (firstScreen.length && (!only || only.includes('dashboard this_year'))) {
      const call: Call = { name: 'dashboard this_year', kind: 'other', url: '' };
      const load = () =>
        Promise.all(firstScreen.map((m) => request(call, `/api/reports/${m}?range=this_year`)));
      for (let i = 0; i < WARMUP; i++) await load();
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await load();
        ms.push(performance.now() - t0);
      }
      const st = stats(ms);
      const line = `dashboard "this year" (${firstScreen.join(', ')}, sent together): median ${fmt(st.median)} ms, p95 ${fmt(st.p95)} ms over ${RUNS} runs; target p95 ≤ 150 ms ${st.p95 <= 150 ? 'met' : '**not met**'}`;
      console.log(line);
      extra.push(line);
    }

    // Export of every transaction (the database writes the CSV) and of every user (the shared
    // CRUD export, rows mapped in the server): rows/s and the server's peak RSS (sampled, and VmHWM).
    const exports = [
      { name: 'export', what: 'transactions', url: '/api/events/export' },
      { name: 'users export', what: 'users', url: '/api/users/export' },
    ];
    for (const ex of exports) {
      if (only && !only.includes(ex.name)) continue;
      for (let run = 0; run < Number(process.env.BENCH_EXPORT_RUNS ?? 2); run++) {
        fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5'); // resets VmHWM
        const before = rss(child.pid!).now;
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rss(child.pid!).now);
        }, 50);
        const t0 = performance.now();
        const r = await fetch(`${BASE}${ex.url}`, { headers });
        let bytes = 0;
        let lines = 0;
        for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (const b of chunk) if (b === 10) lines++;
        }
        const seconds = (performance.now() - t0) / 1000;
        clearInterval(sampler);
        peak = Math.max(peak, rss(child.pid!).peak);
        const rowsOut = lines - 1;
        const line = `export of ${rowsOut.toLocaleString('en-US')} ${ex.what}: ${seconds.toFixed(1)} s, ${Math.round(rowsOut / seconds).toLocaleString('en-US')} rows/s, ${(bytes / 1e6).toFixed(0)} MB, server peak RSS ${Math.round(peak / 1024)} MB (${Math.round(before / 1024)} MB before; X-Export-Count ${r.headers.get('x-export-count')})`;
        console.log(line);
        if (run === 0) extra.push(line);
        else extra[extra.length - 1] = line;
      }
    }

    // A 500-row CSV upload of users (the rows are removed afterwards).
    if (!only || only.includes('upload')) {
      const ms: number[] = [];
      const uploadRuns = Number(process.env.BENCH_UPLOAD_RUNS ?? 10);
      let answered = '';
      for (let run = 0; run < uploadRuns; run++) {
        const lines = Array.from(
          { length: 500 },
          (_, i) =>
            `Upload${run},bench-upload-${run}-${i}@example.com,+1312555${String(i).padStart(4, '0')},B${run}-${i},`,
        );
        const form = new FormData();
        form.append(
          'file',
          new Blob([`name,email,phone_number,user_id,pin_code\n${lines.join('\n')}\n`], { type: 'text/csv' }),
          'users.csv',
        );
        const t0 = performance.now();
        const r = await fetch(`${BASE}/api/users/csv`, { method: 'POST', headers, body: form });
        answered = `${r.status}`;
        await r.text();
        ms.push(performance.now() - t0);
      }
      const st = stats(ms);
      const line = `CSV upload of 500 users: median ${fmt(st.median)} ms, p95 ${fmt(st.p95)} ms over ${uploadRuns} runs (answered ${answered})`;
      console.log(line);
      extra.push(line);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  }
  const partial = !!process.env.BENCH_ONLY;
  if (!partial || process.env.BENCH_ONLY?.split(',').includes('upload')) {
    // remove the uploaded users so the next run measures the same data
    // (nothing refers to them: without the foreign-key triggers, which would look for each one's
    // transactions by user among 2M rows, the delete takes a moment instead of minutes)
    const database2 = await openScale(target);
    await database2.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from users where email like 'bench-upload-%'`);
    });
    // and leave the table as autovacuum would: 5,000 rows inserted and deleted leave dead rows
    // and the trigram indexes' pending entries, after which the planner scans the whole table for
    // a search (0.7 s instead of 25-40 ms) until the table is vacuumed
    if (target.kind === 'postgres') await database2.db.execute(sql`vacuum analyze users`);
    await database2.close();
  }

  const table = [
    '| call | API median / p95 (ms) | its SQL median / p95 (ms) | API ÷ SQL | statements | target |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.call} | ${fmt(r.median)} / ${fmt(r.p95)} | ${fmt(r.sqlMedian)} / ${fmt(r.sqlP95)} | ${r.sqlMedian ? (r.median / r.sqlMedian).toFixed(2) : '–'} | ${r.statements ?? '–'} | ${r.ok === undefined ? '' : r.ok ? 'met' : '**not met**'} |`,
    ),
  ].join('\n');
  const cpu = os.cpus();
  const header = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}; server ${SERVER === 'tsx' ? 'under tsx' : `built (plain Node, ${SERVER === 'built' ? 'this tree' : SERVER})`}.`,
    `Scale ${scale}: demo-org with ${info.main.locations} locations, ${info.main.devices} devices, ${info.main.users} users, ${info.main.transactions} transactions; ${info.second.subdomain} with ${info.second.transactions} transactions. Rows: ${Object.entries(
      info.rows,
    )
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}. Generated in ${info.generatedSeconds} s.`,
    `${RUNS} runs after ${WARMUP} warm-up calls (and ${SERVER_WARMUP} rounds over every call before the first is timed), over HTTP to the real server; SQL re-run on one connection as \`lockerops_app\` with \`app.organization_id\` set (row-level security included), a prepared statement under its name as the server sends it.`,
    calibration,
  ].join('\n');
  const report = `${header}\n\n${table}\n\n${extra.map((l) => `- ${l}`).join('\n')}\n`;
  console.log(`\n${report}`);
  // a partial run (BENCH_ONLY) prints its rows but leaves the committed table whole
  if (!partial && ((target.kind === 'postgres' && scale === 1) || process.env.BENCH_WRITE_DOCS === '1')) {
    const file = path.join(repoRoot, 'docs/benchmarks.md');
    const start = '<!-- bench:scale:start -->';
    const end = '<!-- bench:scale:end -->';
    const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
    const at = old.indexOf(start);
    const to = old.indexOf(end);
    const next =
      at >= 0 && to > at
        ? `${old.slice(0, at + start.length)}\n${report}${old.slice(to)}`
        : `${old}\n${start}\n${report}${end}\n`;
    fs.writeFileSync(file, next);
    console.log(`Written to ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
