/**
 * The structure rules of the server and the console (CONTRIBUTING.md "Layers" and "Areas"), as
 * pure functions over a folder so a test can run each one on a small tree that breaks it:
 *
 * - `layoutFindings`: a file of a server area is `resource`, `queries`, `steps`, `routes`,
 *   `service` or `index` (`.ts`), or a file of a folder of one of those names, or a test.
 * - `thisFindings`: no `this` in a server area (functions take one object, no classes with state).
 * - `queryBuilderFindings`: only an area's query files (`queries.ts`, `queries/*.ts`) and its
 *   `resource.ts` import `drizzle-orm` or `db/schema`; `db/`, `tenancy/` and the generic CRUD
 *   (`lib/crud/`) are the named exceptions.
 * - `cycleFindings`: no import cycle between the parts of a source tree (a server area, a console
 *   feature, or a top-level folder or file of `src/`), type-only imports included.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Folders no source file of ours is in: installed and built code, data, reports. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'coverage']);

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split(sep).includes('test');

/** The TypeScript files under `dir` (declaration files and NOT_SOURCE aside), tests included. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!NOT_SOURCE.has(name) && !name.startsWith('.')) out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every module specifier a file imports or re-exports, static and dynamic. */
function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The file a relative specifier names (`x.ts`, `x.tsx`, `x/index.ts`), or undefined. */
function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The names an area's files and folders may take (CONTRIBUTING.md "Areas"). */
export const LAYOUT_NAMES = ['resource', 'queries', 'steps', 'routes', 'service', 'index'] as const;
const LAYOUT = new Set<string>(LAYOUT_NAMES);

/**
 * Files of the areas under `modules` (`<modules>/<area>/…`) whose name is outside the layouts: at
 * the area's root a `<name>.ts` with a layout name; one level down a file of a folder with a layout
 * name; nothing deeper. Tests (`*.test.ts`) may take any name.
 */
export function layoutFindings(modules: string): string[] {
  const findings: string[] = [];
  for (const file of sourceFiles(modules)) {
    const parts = relative(modules, file).split(sep);
    if (parts.length < 2 || isTest(file)) continue;
    const [area, ...rest] = parts;
    const top = rest[0]!.replace(/\.tsx?$/, '');
    const ok = rest.length === 1 ? LAYOUT.has(top) && top !== 'steps' : rest.length === 2 && LAYOUT.has(top);
    if (!ok)
      findings.push(
        `modules/${area}/${rest.join('/')}: an area holds only ${LAYOUT_NAMES.join(', ')} (a file, or a folder of that name); move it into one of them, to the area that owns it or to lib/`,
      );
  }
  return findings;
}

/** The line (1-based) of every `this` keyword in a source text. */
function thisLines(file: string, text: string): number[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.ThisKeyword || node.kind === ts.SyntaxKind.ThisType)
      lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** Every `this` in a non-test file of an area under `modules`. */
export function thisFindings(modules: string): string[] {
  return sourceFiles(modules)
    .filter((file) => !isTest(file))
    .flatMap((file) =>
      thisLines(file, readFileSync(file, 'utf8')).map(
        (line) =>
          `modules/${relative(modules, file)}:${line}: \`this\` in an area; write functions that take one object`,
      ),
    );
}

const BUILDER = /^drizzle-orm(\/|$)|(^|\/)db\/schema(\/|$)/;

/**
 * The parts of the server where the query builder is at home besides the query files: the
 * database itself (`db/`), the tenant transactions (`tenancy/`) and the generic CRUD (`lib/crud/`,
 * with the table ↔ wire mapping `lib/wire.ts` and the raw-SQL helpers `lib/raw-sql.ts` it uses).
 */
export const QUERY_BUILDER_EXCEPTIONS = ['db/', 'tenancy/', 'lib/crud/', 'lib/wire.ts', 'lib/raw-sql.ts'];

/** Whether a file of the server (`rel`, relative to its `src/`) may import the query builder. */
function mayBuildQueries(path: string): boolean {
  if (QUERY_BUILDER_EXCEPTIONS.some((prefix) => path.startsWith(prefix))) return true;
  if (/^modules\/[^/]+\/resource\.ts$/.test(path)) return true;
  return /(^|\/)queries(\.ts|\/[^/]+\.ts)$/.test(path);
}

/**
 * Non-test files of the server's `src` that import `drizzle-orm` or `db/schema` outside the query
 * files: a `queries.ts` or a file of a `queries/` folder (an area's, `auth/queries.ts` and
 * `auth/queries/`, `adapters/queries.ts`, a shared piece's `lib/<name>/queries.ts`), an area's
 * `resource.ts` (its declared table), and QUERY_BUILDER_EXCEPTIONS.
 */
export function queryBuilderFindings(src: string): string[] {
  const findings: string[] = [];
  for (const file of sourceFiles(src)) {
    const rel = relative(src, file).split(sep).join('/');
    if (isTest(file) || mayBuildQueries(rel)) continue;
    const builder = importsOf(readFileSync(file, 'utf8')).filter((spec) => BUILDER.test(spec));
    if (builder.length)
      findings.push(
        `${rel}: imports ${builder.join(', ')}; only query files build queries: call a named query function of the area's queries`,
      );
  }
  return findings;
}

/**
 * The part of a file: `modules/<area>` or `features/<area>` for an area, `lib/<name>` for a
 * shared piece, else the top-level folder of `src` (`jobs`, `auth`); the files at the top of `src`
 * (the app's assembly) are no part.
 */
function partOf(src: string, file: string): string | undefined {
  const parts = relative(src, file).split(sep);
  if (parts.length === 1) return undefined;
  if (['modules', 'features', 'lib'].includes(parts[0]!))
    return `${parts[0]}/${parts[1]!.replace(/\.tsx?$/, '')}`;
  return parts[0]!;
}

/** Tarjan's strongly connected components of two or more nodes. */
function cycles(edges: Map<string, Map<string, string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const components: string[][] = [];
  const visit = (v: string) => {
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
  };
  for (const node of [...edges.keys()].sort()) if (!idx.has(node)) visit(node);
  return components;
}

/**
 * Files the file-level cycle check leaves out: the tables of `db/schema/`, which name one another
 * in foreign keys through Drizzle's lazy `references(() => table.id)` (read after every module of
 * the schema has loaded); the rest of the server sees the schema as one module (`db/schema`).
 */
const CYCLE_EXEMPT = /(^|\/)db\/schema\//;

/**
 * Import cycles of the non-test files under `src`, between its parts (see `partOf`) and between
 * its files (CYCLE_EXEMPT aside). Each finding names the members and one import of each edge.
 */
export function cycleFindings(src: string): string[] {
  const files = sourceFiles(src).filter((file) => !isTest(file));
  const parts = new Map<string, Map<string, string>>();
  const fileEdges = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = partOf(src, file);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, spec);
      if (!target || isTest(target)) continue;
      const via = `${relative(src, file)} → '${spec}'`;
      const to = partOf(src, target);
      if (from && to && from !== to) {
        const out = parts.get(from) ?? new Map<string, string>();
        if (!out.has(to)) out.set(to, via);
        parts.set(from, out);
      }
      if (CYCLE_EXEMPT.test(relative(src, file).split(sep).join('/'))) continue;
      const out = fileEdges.get(file) ?? new Map<string, string>();
      if (!out.has(target)) out.set(target, via);
      fileEdges.set(file, out);
    }
  }
  const describe = (kind: string, edges: Map<string, Map<string, string>>, name: (n: string) => string) =>
    cycles(edges).map((component) => {
      const inside = new Set(component);
      const lines = component.flatMap((a) =>
        [...(edges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([, via]) => `    ${via}`),
      );
      return `import cycle between ${kind} ${component.map(name).join(', ')}:\n${lines.join('\n')}`;
    });
  return [...describe('parts', parts, (n) => n), ...describe('files', fileEdges, (n) => relative(src, n))];
}
