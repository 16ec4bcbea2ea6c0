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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Params } from './calls';
import { openScale, type ScaleTarget, scaleTarget } from './database';
import { ensureScaleData, rowsOf, type ScaleInfo } from './generate';
import { measureCalls, measureDashboard, measureExports, measureUpload } from './measure';
import { formatReport, writeDocs } from './report';
import { buildServer, SERVER, signIn, startServer, waitUp } from './server';
import { uid } from './statements';

/** The scale data (generated when absent) and the parameters of the calls, read from it. */
async function prepare(target: ScaleTarget, scale: number): Promise<{ info: ScaleInfo; p: Params }> {
  const database = await openScale(target);
  try {
    const info = await ensureScaleData(database.db, scale, console.log);
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
    const p = { location: loc.id!, user: user.id!, lastName: user.last_name!, invoice: inv.invoice_id! };
    return { info, p };
  } finally {
    await database.close();
  }
}

/**
 * Removes the uploaded users so the next run measures the same data (nothing refers to them:
 * without the foreign-key triggers, which would look for each one's transactions by user among 2M
 * rows, the delete takes a moment instead of minutes).
 */
async function removeUploads(target: ScaleTarget): Promise<void> {
  const database = await openScale(target);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from users where email like 'bench-upload-%'`);
  });
  // Then leave the table as autovacuum would: 5,000 rows inserted and deleted leave dead rows
  // and the trigram indexes' pending entries, after which the planner scans the whole table for
  // a search (0.7 s instead of 25-40 ms) until the table is vacuumed
  if (target.kind === 'postgres') await database.db.execute(sql`vacuum analyze users`);
  await database.close();
}

async function main() {
  const target = await scaleTarget();
  const scale = Number(process.env.BENCH_SCALE ?? (target.kind === 'postgres' ? 1 : 0.1));
  console.log(`Scale data: ${target.label}, scale ${scale}`);
  const { info, p } = await prepare(target, scale);
  if (process.argv.includes('--generate-only')) return;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-scale-bench-'));
  const logFile = path.join(work, 'queries.jsonl');
  if (SERVER !== 'tsx') await buildServer();
  const child = startServer(target, logFile, work);
  child.stdout?.resume();
  const extra: string[] = [];
  let measured: Awaited<ReturnType<typeof measureCalls>>;
  try {
    await waitUp(child);
    const client = await signIn();
    measured = await measureCalls(client, target, logFile, p);
    const together = await measureDashboard(client, measured.firstScreen);
    if (together) extra.push(together);
    extra.push(...(await measureExports(client, child.pid!)));
    const upload = await measureUpload(client);
    if (upload) extra.push(upload);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  }
  const partial = !!process.env.BENCH_ONLY;
  if (!partial || process.env.BENCH_ONLY?.split(',').includes('upload')) await removeUploads(target);

  const { results, calibration } = measured;
  const report = formatReport({ target, scale, info, results, extra, calibration });
  console.log(`\n${report}`);
  // a partial run (BENCH_ONLY) prints its rows but leaves the committed table whole
  if (!partial && ((target.kind === 'postgres' && scale === 1) || process.env.BENCH_WRITE_DOCS === '1'))
    writeDocs(report);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
