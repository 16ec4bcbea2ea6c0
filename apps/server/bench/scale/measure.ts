/**
 * The measurements of `npm run bench:scale`, each over HTTP to the running server: every call
 * against the bare SQL it sends, the dashboard's first screen sent at once, the CSV exports
 * (rows/s and the server's memory) and a CSV upload. Each prints its lines as it goes.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  type Call,
  calls,
  DASHBOARD_FIRST_SCREEN,
  type Params,
  RUNS,
  SERVER_WARMUP,
  stats,
  WARMUP,
} from './calls';
import type { ScaleTarget } from './database';
import { fmt, type Row, writeStatements } from './report';
import { BASE, type Client, rss } from './server';

/** BENCH_ONLY: the names of the calls to run (all when unset). */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

/**
 * Times every call (and the dashboard's metric reads the server has) and, on PostgreSQL, the
 * statements it sent, re-run on one connection; answers the rows, the machine's floor and the
 * dashboard reads of the first screen.
 */
export async function measureCalls(client: Client, target: ScaleTarget, logFile: string, p: Params) {
  const { request, get } = client;
  const results: Row[] = [];
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
  const calibration = `Floor of this machine during the run: \`select 1\` round trip ${sqlFloor === undefined ? '–' : fmt(sqlFloor)} ms, an HTTP call answered without the database (an unknown /api path, 404) ${fmt(httpFloor)} ms (medians of 200).`;

  const all = calls();
  // Metric reads of the dashboard, when the server has them: every parameterless GET /api/reports/…
  const doc = (await get('/api/openapi.json')) as { paths: Record<string, Record<string, unknown>> };
  for (const [p0, ops] of Object.entries(doc.paths)) {
    if (p0.startsWith('/api/reports/') && !p0.includes('{') && ops.get)
      all.push({ name: `report ${p0.slice('/api/reports/'.length)}`, kind: 'list', url: p0 });
  }
  // The dashboard's first screen over "this year": each read with its bare SQL ...
  const firstScreen = DASHBOARD_FIRST_SCREEN.filter((m) => doc.paths[`/api/reports/${m}`]);
  for (const m of firstScreen)
    all.push({ name: `report ${m} this_year`, kind: 'other', url: `/api/reports/${m}?range=this_year` });
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
  return { results, calibration, firstScreen };
}

/** The dashboard's first screen sent at once, as the console does: target p95 ≤ 150 ms. */
export async function measureDashboard(
  { request }: Client,
  firstScreen: readonly string[],
): Promise<string | undefined> {
  if (!firstScreen.length || (only && !only.includes('dashboard this_year'))) return undefined;
  const call: Call = { name: 'dashboard this_year', kind: 'other', url: '' };
  const load = () => Promise.all(firstScreen.map((m) => request(call, `/api/reports/${m}?range=this_year`)));
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
  return line;
}

/**
 * Export of every transaction (the database writes the CSV) and of every user (the shared CRUD
 * export, rows mapped in the server): rows/s and the server's peak RSS (sampled, and VmHWM).
 */
export async function measureExports({ headers }: Client, pid: number): Promise<string[]> {
  const extra: string[] = [];
  const exports = [
    { name: 'export', what: 'transactions', url: '/api/events/export' },
    { name: 'users export', what: 'users', url: '/api/users/export' },
  ];
  for (const ex of exports) {
    if (only && !only.includes(ex.name)) continue;
    for (let run = 0; run < Number(process.env.BENCH_EXPORT_RUNS ?? 2); run++) {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM
      const before = rss(pid).now;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss(pid).now);
      }, 50);
      const t0 = performance.now();
      const r = await fetch(`${BASE}${ex.url}`, { headers });
      let bytes = 0;
      let lines = 0;
      let firstByte = 0;
      for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
        if (!bytes) firstByte = performance.now() - t0;
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rss(pid).peak);
      const rowsOut = lines - 1;
      const line = `export of ${rowsOut.toLocaleString('en-US')} ${ex.what}: ${seconds.toFixed(1)} s, ${Math.round(rowsOut / seconds).toLocaleString('en-US')} rows/s, first byte ${Math.round(firstByte)} ms, ${(bytes / 1e6).toFixed(0)} MB, server peak RSS ${Math.round(peak / 1024)} MB (${Math.round(before / 1024)} MB before; X-Export-Count ${r.headers.get('x-export-count')})`;
      console.log(line);
      if (run === 0) extra.push(line);
      else extra[extra.length - 1] = line;
    }
  }
  return extra;
}

/** A 500-row CSV upload of users (the rows are removed afterwards by `removeUploads`). */
export async function measureUpload({ headers }: Client): Promise<string | undefined> {
  if (only && !only.includes('upload')) return undefined;
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
  return line;
}
