/**
 * The server `npm run bench:scale` measures: started as a child process on the scale data (under
 * tsx, or built as production runs it), with its query log, and its memory read from /proc.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Call } from './calls';
import { BENCH_ADMIN, BENCH_PASSWORD, type ScaleTarget } from './database';

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverDir = path.resolve(here, '../..');
const PORT = Number(process.env.BENCH_PORT ?? 3999);
export const BASE = `http://127.0.0.1:${PORT}`;
/** `tsx` (default), `built` (this tree, built), or the directory of another build's main.js. */
export const SERVER = process.env.BENCH_SERVER || 'tsx';
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

/** Starts the server on the scale data, its query log in `logFile`; answers the child process. */
export function startServer(target: ScaleTarget, logFile: string, dataDir: string) {
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
export async function buildServer(): Promise<void> {
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

/** Waits until the server answers `GET /api/health` (two minutes at most), or fails if it exits. */
export async function waitUp(child: ChildProcess) {
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
export function rss(pid: number): { now: number; peak: number } {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { now: kb('VmRSS'), peak: kb('VmHWM') };
}

/** A signed-in client of the benchmarked server. */
export interface Client {
  headers: Record<string, string>;
  /** Sends `call` to `url`; answers the body, or throws on a status of 400 or more. */
  request: (call: Call, url: string) => Promise<string>;
  /** A GET answered with JSON. */
  get: (url: string) => Promise<unknown>;
}

/** Signs in as the bench admin and answers a client with its token. */
export async function signIn(): Promise<Client> {
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
  return { headers, request, get };
}
