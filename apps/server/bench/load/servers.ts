/**
 * The server processes of the load test (`run.ts`): built as `npm start` runs them (or under tsx),
 * started on the load database, and waited for.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const repoDir = path.resolve(serverDir, '../..');
export const ADMIN = 'admin@demo-org.test';
export const PASSWORD = 'Load-Bench-Passw0rd!';

export const SERVER = process.env.LOAD_SERVER || 'built';
const builtMain = path.join(here, 'dist', 'main.js');
/** The V8 flags of `npm start` (the root package.json), so the built server runs as production does. */
const START_FLAGS: string[] =
  (
    JSON.parse(fs.readFileSync(path.join(repoDir, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start.match(/--[a-z-]+(=\S+)?/g) ?? [];
/** `LOAD_V8_FLAGS`: other V8 flags for the built server than `npm start`'s (to compare). */
export const V8_FLAGS =
  process.env.LOAD_V8_FLAGS === undefined
    ? START_FLAGS
    : process.env.LOAD_V8_FLAGS.split(' ').filter(Boolean);

/** Compiles the server as `npm start` does, into bench/load/dist (LOAD_SERVER=built). */
export function buildServer(): void {
  if (SERVER !== 'built') return;
  const r = spawnSync(
    process.execPath,
    [path.join(serverDir, 'scripts/build.mjs'), '--outdir', path.dirname(builtMain)],
    { cwd: serverDir, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('server build failed');
}

export const servers = new Map<number, ChildProcess>();

export function startServer(port: number, dbUrl: string): ChildProcess {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    DATA_DIR: path.join(serverDir, '.data-load'),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN,
    ADMIN_PASSWORD: PASSWORD,
    AUTH_RATE_LIMIT: '1000000',
    GEOCODE_URL: 'off',
  };
  // LOAD_NODE_ARGS: extra Node flags for the servers (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
  const extra = (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args =
    SERVER === 'built' ? [...V8_FLAGS, ...extra, builtMain] : [...extra, '--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.set(port, child);
  return child;
}

export async function waitUp(port: number, child: ChildProcess): Promise<number> {
  const t0 = Date.now();
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.status < 500) return Date.now() - t0;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server on ${port} did not start`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
