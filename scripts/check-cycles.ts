/**
 * The server's structure checks, run by `npm run lint` (CONTRIBUTING "Layers"):
 *
 * 1. No import cycle between areas: an edge a → b for every import (type-only imports included)
 *    from a file of `modules/<a>/` to a file of `modules/<b>/`; any cycle between two or more
 *    areas fails, naming the areas and one import of each edge.
 * 2. The domain-event bus (`domain-events/`) imports none of its subscribers: no file of it
 *    imports `modules/**` (subscribers register in `buildApp`).
 * 3. No source file of the repository over MAX_LINES lines (the apps, the packages, the browser
 *    tests' support, the scripts; TypeScript and JavaScript), tests, migrations, generated and
 *    third-party files aside.
 *
 * Usage: `npx tsx scripts/check-cycles.ts` from the repository root; exits 1 on a finding.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'apps/server/src');
const MODULES = join(SRC, 'modules');
const MAX_LINES = 400;
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

/** The area of a file under modules/, or undefined. */
function areaOf(file: string): string | undefined {
  const rel = relative(MODULES, file);
  return rel.startsWith('..') ? undefined : rel.split('/')[0];
}

const files = sourceFiles(SRC).filter((f) => !f.endsWith('.test.ts'));
const problems: string[] = [];

// ——— 1. cycles between areas ———

/** area → imported area → one example import. */
const edges = new Map<string, Map<string, string>>();
for (const file of files) {
  const from = areaOf(file);
  const text = readFileSync(file, 'utf8');
  for (const spec of specifiers(text)) {
    const target = resolveImport(file, spec);
    if (!target) continue;
    const to = areaOf(target);
    // 2. the bus imports no module (its subscribers are registered by buildApp)
    if (relative(SRC, file).startsWith('domain-events/') && to)
      problems.push(
        `domain-events imports modules/${to} (${relative(ROOT, file)} → '${spec}'): register the subscriber in buildApp`,
      );
    if (!from || !to || from === to) continue;
    const out = edges.get(from) ?? new Map<string, string>();
    if (!out.has(to)) out.set(to, `${relative(ROOT, file)} → '${spec}'`);
    edges.set(from, out);
  }
}

// Tarjan's strongly connected components: a component of two or more areas is a cycle.
let index = 0;
const stack: string[] = [];
const onStack = new Set<string>();
const idx = new Map<string, number>();
const low = new Map<string, number>();
const components: string[][] = [];
function visit(v: string) {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
  }
  if (low.get(v) === idx.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const area of [...edges.keys()].sort()) if (!idx.has(area)) visit(area);
for (const component of components) {
  const inside = new Set(component);
  const lines = component.flatMap((a) =>
    [...(edges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([b, via]) => `    ${a} → ${b}: ${via}`),
  );
  problems.push(`import cycle between areas ${component.join(', ')}:\n${lines.join('\n')}`);
}

// ——— 3. file sizes, over the whole repository ———

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
  `structure: no cycle between ${edges.size} areas; the event bus imports no subscriber; no source file over ${MAX_LINES} lines`,
);
