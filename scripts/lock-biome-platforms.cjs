// Lists @biomejs/biome's optional platform binaries in package-lock.json when the registry in use
// did not serve them to `npm install`: `npm ci` needs every optional dependency listed, and skips
// the ones for other platforms. Run `node scripts/lock-biome-platforms.cjs package-lock.json` after
// changing dependencies.
const fs = require('fs');
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
const platforms = {
  'cli-android-arm64': { os: ['android'], cpu: ['arm64'] },
  'cli-android-x64': { os: ['android'], cpu: ['x64'] },
  'cli-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'cli-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'cli-linux-arm64': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'cli-linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'cli-linux-x64': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'cli-linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'cli-win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'cli-win32-x64': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [name, p] of Object.entries(platforms)) {
  const key = `node_modules/@biomejs/${name}`;
  if (lock.packages[key]) continue;
  // Fields in the order npm itself writes them (version, then the rest by name, engines last), so
  // a later `npm install` finds the lock file as it would have written it and leaves it unchanged.
  lock.packages[key] = {
    version: biome.version,
    cpu: p.cpu,
    dev: true,
    ...(p.libc ? { libc: p.libc } : {}),
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: p.os,
    engines: { node: '>=14.21.3' },
  };
  added++;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added}`);
