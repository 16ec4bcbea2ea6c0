/**
 * The report of `npm run bench:scale`: the table of calls, the lines of the other measurements,
 * the machine and the data they ran on; written to docs/benchmarks.md between its markers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Call, RUNS, SERVER_WARMUP, WARMUP } from './calls';
import type { ScaleTarget } from './database';
import type { ScaleInfo } from './generate';
import { SERVER, serverDir } from './server';

const repoRoot = path.resolve(serverDir, '../..');

/** One measured call: its API times and, on PostgreSQL, those of its SQL alone. */
export interface Row {
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

/** A time in ms, two decimals under 10 ms, one above. */
export const fmt = (n: number | undefined) => (n === undefined ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));

/**
 * Writes a call's statements to `<dir>/<call>.sql` with their parameters inlined as literals, so
 * `psql` can run them under `EXPLAIN (ANALYZE, BUFFERS)`, and to `<call>.json` as they were sent.
 */
export function writeStatements(
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

/** What the report is made of. */
export interface Measured {
  target: ScaleTarget;
  scale: number;
  info: ScaleInfo;
  results: Row[];
  /** The lines of the other measurements (dashboard at once, exports, upload). */
  extra: string[];
  calibration: string;
}

/** The report as Markdown: the run's header, the table of calls and the other lines. */
export function formatReport({ target, scale, info, results, extra, calibration }: Measured): string {
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
  return `${header}\n\n${table}\n\n${extra.map((l) => `- ${l}`).join('\n')}\n`;
}

/** Writes the report into docs/benchmarks.md, between its markers (added when absent). */
export function writeDocs(report: string): void {
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
