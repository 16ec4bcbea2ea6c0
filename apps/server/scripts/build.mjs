/**
 * `npm run build -w apps/server`: compiles the server to one JavaScript file, dist/main.js, so
 * production runs on plain `node` (no tsx, no TypeScript at run time). Packages from node_modules
 * stay outside the bundle (they are the production dependencies); the workspace contract is bundled
 * in because it ships TypeScript sources. The SQL migrations are copied beside it
 * (db/client.ts finds them next to the running file).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir <dir>` builds elsewhere (the scale benchmark runs its own copy), default dist/
const at = process.argv.indexOf('--outdir');
const dist = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : path.join(root, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src', 'main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The contract is a workspace package of TypeScript sources: compile it into the bundle.
  plugins: [
    {
      name: 'bundle-contract',
      setup(b) {
        b.onResolve({ filter: /^@lockerops\/contract$/ }, () => ({
          path: path.resolve(root, '..', '..', 'packages', 'contract', 'src', 'index.ts'),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src', 'db', 'migrations'), path.join(dist, 'migrations'), { recursive: true });
