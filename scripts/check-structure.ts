/**
 * The server's and the console's structure checks, run by `npm run lint` (CONTRIBUTING.md "Areas"
 * and "Layers"); the rules themselves are in `structure/rules.ts`:
 *
 * 1. Every file of a server area has a layout name (`resource`, `queries`, `steps`, `routes`,
 *    `service`, `index`, or a folder of one of those names), tests aside.
 * 2. No `this` in a server area.
 * 3. Only query files import the query builder (`drizzle-orm`, `db/schema`) anywhere in the
 *    server; `db/`, `tenancy/` and the generic CRUD (`lib/crud/`) are the named exceptions.
 * 4. Every table has one owner (`structure/writes.ts`), and only its owner's files write it: another
 *    part writes it through the owner's index.
 * 4b. No import cycle in the server or the console: between two areas or top-level folders, or
 *    between files.
 * 5. The domain-event bus (`domain-events/`) imports none of its subscribers: no file of it
 *    imports `modules/**` (subscribers register in `buildApp`).
 * 6. No clone by shape (`structure/clones.ts`: names and literals aside) of MIN_CLONE_LINES code
 *    lines or more outside tests, migrations and the declarative files (CLONE_EXEMPT).
 * 7. No source file of the repository over MAX_LINES lines (the apps, the packages, the browser
 *    tests' support, the scripts; TypeScript and JavaScript), tests, migrations, generated and
 *    third-party files aside.
 *
 * Usage: `npx tsx scripts/check-structure.ts` from the repository root; exits 1 on a finding.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { shapeClones } from './structure/clones';
import { cycleFindings, layoutFindings, queryBuilderFindings, thisFindings } from './structure/rules';
import { foreignWriteFindings, TABLE_OWNERS } from './structure/writes';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'apps/server/src');
const MODULES = join(SRC, 'modules');
const MAX_LINES = 400;
/**
 * Code lines (comments, blank lines and imports aside) from which two same-shaped runs are a clone:
 * about one screen of a function, so a copied handler or query is caught before it grows.
 */
const MIN_CLONE_LINES = 15;
/** Where clones by shape are looked for (the folders jscpd reads). */
const CLONE_DIRS = [
  'apps/server/src',
  'apps/server/bench',
  'apps/server/scripts',
  'apps/web/src',
  'packages/contract/src',
  'e2e/support',
  'scripts',
];
/**
 * Files the clone check leaves out: tests and their helpers, migrations, and the declarative
 * files whose sameness is their point (the endpoint map, the tables, the catalogs of texts, the
 * demo's data). Inside the other files, `structure/clones.ts` leaves out the declarative blocks
 * alone: the `Resource<…>` declarations, the `routeOf(…)` documentation of an endpoint and the
 * props of a `<ListPage>` or `<ResourceFormDialog>`.
 */
const CLONE_EXEMPT =
  /\.test\.tsx?$|\/test\/|\/migrations\/|packages\/contract\/src\/endpoints\/|\/db\/schema\/|-texts\.ts$|\/scripts\/demo\//;
/**
 * Files the size check leaves out: tests (`*.test.*`, the browser tests' `*.spec.ts`, the helpers
 * under a `test/` folder), migrations, generated files.
 */
const SIZE_EXEMPT = [
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /\/test\//,
  /\/db\/migrations\//,
  /\.generated\.[cm]?[jt]sx?$/,
];
/** Folders no source file of ours is in: installed and built code, data, reports, vendored files. */
const NOT_SOURCE = new Set([
  'node_modules',
  'dist',
  'data',
  'vendor',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** The files under `dir` whose name matches `pattern`, declaration files and NOT_SOURCE aside. */
function sourceFiles(dir: string, pattern = /\.tsx?$/): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!NOT_SOURCE.has(name) && !name.startsWith('.')) out.push(...sourceFiles(path, pattern));
    } else if (pattern.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The relative specifiers a file imports or re-exports (static and dynamic). */
function specifiers(text: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]!);
  return out;
}

/** The file a relative specifier names (`x.ts`, `x/index.ts`), or undefined. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

// ——— 1–4. layouts, `this`, the query builder, cycles ———

const problems: string[] = [
  ...layoutFindings(MODULES),
  ...thisFindings(MODULES),
  ...queryBuilderFindings(SRC),
  ...foreignWriteFindings(SRC, TABLE_OWNERS),
  ...cycleFindings(SRC),
  ...cycleFindings(join(ROOT, 'apps/web/src')),
];

// ——— 5. the bus imports no module (its subscribers are registered by buildApp) ———

for (const file of sourceFiles(join(SRC, 'domain-events')).filter((f) => !f.endsWith('.test.ts')))
  for (const spec of specifiers(readFileSync(file, 'utf8'))) {
    const target = resolveImport(file, spec);
    if (target && !relative(MODULES, target).startsWith('..'))
      problems.push(
        `domain-events imports ${relative(SRC, target)} (${relative(ROOT, file)} → '${spec}'): register the subscriber in buildApp`,
      );
  }

// ——— 6. clones by shape ———

for (const clone of shapeClones(
  ROOT,
  CLONE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).filter((f) => !CLONE_EXEMPT.test(f)),
  MIN_CLONE_LINES,
))
  problems.push(
    `${clone.a} and ${clone.b} have the same shape for ${clone.lines} code lines: make them one function or component`,
  );

// ——— 7. file sizes, over the whole repository ———

for (const file of sourceFiles(ROOT, /\.[cm]?[jt]sx?$/)) {
  const rel = relative(ROOT, file);
  if (SIZE_EXEMPT.some((re) => re.test(`/${rel}`))) continue;
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES)
    problems.push(`${rel} has ${lines} lines (at most ${MAX_LINES}): split it along its seams`);
}

if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log(
  `structure: every area in its layouts, no \`this\` in an area, the query builder in query files only, no import cycle, no clone by shape of ${MIN_CLONE_LINES} code lines; the event bus imports no subscriber; no source file over ${MAX_LINES} lines`,
);
