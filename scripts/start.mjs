/**
 * `npm start`: production start. Rebuilds the console and the customer app (Vite) and the server (compiled to
 * JavaScript, apps/server/dist/main.js) only when their sources changed since their last build,
 * then runs the compiled server on plain Node. Nothing here needs a development dependency unless
 * a build is due (a fresh clone builds once; later starts go straight to the server).
 *
 * A build's fingerprint is a hash of its input files (paths and contents), kept in
 * `<dist>/.build-stamp`. `--build-only` builds what is stale and exits. A build prints one line
 * (its tools' output only when it fails), so the server's banner with the address and the
 * generated password is what the first start ends with.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];
const TARGETS = [
  {
    name: 'console',
    workspace: 'apps/web',
    dist: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-precompress.ts',
      'apps/web/package.json',
    ],
  },
  {
    name: 'customer app',
    workspace: 'apps/customer',
    dist: 'apps/customer/dist',
    inputs: [
      'apps/customer/src',
      'apps/customer/public',
      'apps/customer/app.html',
      'apps/customer/kiosk.html',
      'apps/customer/vite.config.ts',
      'apps/customer/vite-sw.ts',
      'apps/web/vite-precompress.ts',
      'apps/customer/package.json',
    ],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    dist: 'apps/server/dist',
    inputs: ['apps/server/src', 'apps/server/scripts/build.mjs', 'apps/server/package.json'],
  },
];

/** Every file under the given paths (relative to the repository), sorted. */
function listFiles(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const rel of [...inputs, ...SHARED].flatMap(listFiles)) {
    hash
      .update(rel)
      .update('\0')
      .update(fs.readFileSync(path.join(root, rel)))
      .update('\0');
  }
  return hash.digest('hex');
}

for (const t of TARGETS) {
  const stamp = path.join(root, t.dist, '.build-stamp');
  const want = fingerprint(t.inputs);
  const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';
  if (want === have) continue;
  // one line per build; the tools' own output (≈ 190 lines for the console) only when it fails
  process.stdout.write(`Building the ${t.name} (its sources changed since the last build)… `);
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build', '-w', t.workspace], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    process.stdout.write('failed:\n');
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  fs.writeFileSync(stamp, `${want}\n`);
}

if (!process.argv.includes('--build-only')) {
  // A relative DATA_DIR resolves from where npm was started (INIT_CWD, see config.ts).
  await import(pathToFileURL(path.join(root, 'apps', 'server', 'dist', 'main.js')).href);
}
