import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shapeClones } from '../../../scripts/structure/clones';
import {
  cycleFindings,
  layoutFindings,
  queryBuilderFindings,
  sourceFiles,
  thisFindings,
} from '../../../scripts/structure/rules';
import { foreignWriteFindings, schemaTables } from '../../../scripts/structure/writes';

/**
 * The structure rules of `npm run lint` (scripts/check-structure.ts), each on a small tree that
 * keeps it and on the same tree with one file that breaks it.
 */

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A source tree in a temporary folder: path → text. */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'structure-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const area = {
  'modules/doors/index.ts': "export { openDoor } from './service';\n",
  'modules/doors/resource.ts': 'export const doors = 1;\n',
  'modules/doors/queries.ts': "import { eq } from 'drizzle-orm';\nexport const q = eq;\n",
  'modules/doors/queries/holds.ts': "import { doors } from '../../../db/schema';\nexport const h = doors;\n",
  'modules/doors/routes.ts': "import { openDoor } from './service';\nexport const r = openDoor;\n",
  'modules/doors/routes/partner.ts': "import { openDoor } from '../service';\nexport const p = openDoor;\n",
  'modules/doors/service.ts':
    "import { q } from './queries';\nexport function openDoor() {\n  return q;\n}\n",
  'modules/doors/service/engine.ts': 'export const engine = () => 1;\n',
  'modules/doors/steps/open.ts': "import { openDoor } from '../service';\nexport const step = openDoor;\n",
  'modules/doors/doors.api.test.ts': 'export const t = 1;\n',
  'db/schema/index.ts': 'export const doors = {};\n',
  'lib/crud/resource.ts': "import { sql } from 'drizzle-orm';\nexport const s = sql;\n",
  'auth/queries.ts': "import { sql } from 'drizzle-orm';\nexport const a = sql;\n",
};

describe('the layout rule', () => {
  it('passes an area of resource, queries, steps, routes, service and index files and folders', () => {
    expect(layoutFindings(join(tree(area), 'modules'))).toEqual([]);
  });

  it('fails on any other name in an area, a file at the root of steps/ or a deeper folder', () => {
    const src = tree({
      ...area,
      'modules/doors/unlock-results.ts': 'export const u = 1;\n',
      'modules/doors/repository.ts': 'export const r = 1;\n',
      'modules/doors/steps.ts': 'export const s = 1;\n',
      'modules/doors/helpers/x.ts': 'export const x = 1;\n',
      'modules/doors/service/deep/y.ts': 'export const y = 1;\n',
    });
    const findings = layoutFindings(join(src, 'modules'));
    expect(findings.map((f) => f.split(':')[0])).toEqual([
      'modules/doors/helpers/x.ts',
      'modules/doors/repository.ts',
      'modules/doors/service/deep/y.ts',
      'modules/doors/steps.ts',
      'modules/doors/unlock-results.ts',
    ]);
  });
});

describe('the `this` rule', () => {
  it('passes functions, and `this` in comments and strings', () => {
    const src = tree({
      ...area,
      'modules/doors/service/engine.ts': "// this is fine\nexport const s = 'this';\n",
    });
    expect(thisFindings(join(src, 'modules'))).toEqual([]);
  });

  it('fails on a class with `this` in an area', () => {
    const src = tree({
      ...area,
      'modules/doors/service.ts': 'export class Doors {\n  n = 1;\n  next() {\n    return this.n;\n  }\n}\n',
    });
    expect(thisFindings(join(src, 'modules'))).toEqual([
      'modules/doors/service.ts:4: `this` in an area; write functions that take one object',
    ]);
  });
});

describe('the query-builder rule', () => {
  it('passes query files, resource files and the named exceptions', () => {
    expect(queryBuilderFindings(tree(area))).toEqual([]);
  });

  it('fails on the query builder or the schema in a service, a route or lib/, anywhere in the server', () => {
    const src = tree({
      ...area,
      'modules/doors/service/engine.ts': "import { and } from 'drizzle-orm';\nexport const e = and;\n",
      'auth/routes.ts': "import { members } from '../db/schema';\nexport const m = members;\n",
      'lib/access.ts': "import type { SQL } from 'drizzle-orm/sql';\nexport type A = SQL;\n",
    });
    expect(queryBuilderFindings(src).map((f) => f.split(':')[0])).toEqual([
      'auth/routes.ts',
      'lib/access.ts',
      'modules/doors/service/engine.ts',
    ]);
  });

  it('passes a shared piece of lib/ and auth/ whose statements are in its own queries file or folder', () => {
    const src = tree({
      ...area,
      'lib/access/index.ts': "import { q } from './queries';\nexport const a = q;\n",
      'lib/access/queries.ts': "import { eq } from 'drizzle-orm';\nexport const q = eq;\n",
      'auth/queries/sessions.ts': "import { sessions } from '../../db/schema';\nexport const s = sessions;\n",
      'auth/sessions.service.ts': "import { s } from './queries/sessions';\nexport const t = s;\n",
    });
    expect(queryBuilderFindings(src)).toEqual([]);
  });

  it('fails on a type-only import of the builder outside the query files', () => {
    const src = tree({
      ...area,
      'auth/context.ts':
        "import type { PgTransactionConfig } from 'drizzle-orm/pg-core';\nexport type C = PgTransactionConfig;\n",
      'lib/access/index.ts':
        "import type { members } from '../../db/schema';\nexport type M = typeof members;\n",
    });
    expect(queryBuilderFindings(src)).toEqual([
      "auth/context.ts: imports drizzle-orm/pg-core; only query files build queries: call a named query function of the area's queries",
      "lib/access/index.ts: imports ../../db/schema; only query files build queries: call a named query function of the area's queries",
    ]);
  });
});

describe('the cycle rule', () => {
  it('passes a tree whose imports go one way', () => {
    expect(cycleFindings(tree(area))).toEqual([]);
  });

  it('fails on a cycle between two files of one area, type-only imports included', () => {
    const src = tree({
      ...area,
      'modules/doors/service/engine.ts': "import type { S } from '../steps/open';\nexport type E = S;\n",
      'modules/doors/steps/open.ts': "import type { E } from '../service/engine';\nexport type S = E;\n",
    });
    const findings = cycleFindings(src);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(
      /^import cycle between files modules\/doors\/service\/engine\.ts, modules\/doors\/steps\/open\.ts/,
    );
  });

  it('fails on a cycle between two areas, or between an area and a folder of the server', () => {
    const src = tree({
      ...area,
      'modules/keys/index.ts': "import { openDoor } from '../doors';\nexport const k = openDoor;\n",
      'modules/doors/service/engine.ts': "import { k } from '../../keys';\nexport const e = k;\n",
      'jobs/index.ts':
        "import { engine } from '../modules/doors/service/engine';\nexport const j = engine;\n",
      'lib/runner.ts': 'export const run = 1;\n',
      'modules/doors/steps/open.ts': "import { j } from '../../../jobs';\nexport const o = j;\n",
    });
    const parts = cycleFindings(src).filter((f) => f.startsWith('import cycle between parts'));
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatch(/^import cycle between parts jobs, modules\/doors, modules\/keys:/);
  });

  it('reads the console the same way: a feature and the app folder importing each other', () => {
    const src = tree({
      'app/areas.ts': "import { doors } from '../features/doors';\nexport const areas = [doors];\n",
      'app/areaTypes.ts': 'export type Area = string;\n',
      'features/doors/index.tsx':
        "import type { Area } from '../../app/areaTypes';\nexport const doors: Area = 'doors';\n",
    });
    expect(cycleFindings(src)[0]).toMatch(/^import cycle between parts app, features\/doors:/);
  });
});

describe('the clone check by shape', () => {
  /** A function of `n` statements of `n` shapes over names and texts made from `name`. */
  const body = (name: string, n: number) =>
    [
      `export function ${name}Total(${name}s: number[], limit: number) {`,
      ...Array.from(
        { length: n },
        (_, i) => `  if (${name}s.length${' + limit'.repeat(i)} > ${i}) throw new Error('${name} ${i}');`,
      ),
      `  return ${name}s.length;`,
      '}',
    ].join('\n');

  it('finds a block copied with its names and texts renamed', () => {
    const src = tree({ 'a.ts': `${body('door', 30)}\n`, 'b.ts': `${body('locker', 30)}\n` });
    const clones = shapeClones(src, sourceFiles(src), 20);
    expect(clones).toEqual([{ a: 'a.ts:1', b: 'b.ts:1', lines: 33 }]);
  });

  it('passes blocks of another shape, shorter copies and runs of one repeated line', () => {
    const texts = (name: string) =>
      `export const ${name} = {\n${Array.from({ length: 40 }, (_, i) => `  k${i}: '${name} ${i}',`).join('\n')}\n};\n`;
    const src = tree({
      'a.ts': `${body('door', 30)}\n${texts('a')}`,
      'b.ts': `${body('locker', 12)}\n${texts('b')}`,
    });
    expect(shapeClones(src, sourceFiles(src), 20)).toEqual([]);
  });

  it('leaves out the Resource declarations, routeOf documentation and ListPage props alone', () => {
    /** An object of 30 fields of 10 shapes, typed `type`. */
    const declaration = (name: string, type: string) =>
      `export const ${name}: ${type}<string> = {\n${Array.from(
        { length: 30 },
        (_, i) => `  k${i}: ${'f('.repeat(i % 10)}'${name}'${')'.repeat(i % 10)},`,
      ).join('\n')}\n};\n`;
    const route = (name: string) =>
      `app.route({ ...routeOf(e.${name}, {\n${Array.from({ length: 30 }, (_, i) => `  k${i}: ${'f('.repeat(i % 10)}'${name}'${')'.repeat(i % 10)},`).join('\n')}\n}), handler });\n`;
    const page = (name: string) =>
      `export const ${name} = (\n  <ListPage\n${Array.from({ length: 30 }, (_, i) => `    k${i}={${'f('.repeat(i % 10)}'${name}'${')'.repeat(i % 10)}}`).join('\n')}\n  />\n);\n`;
    const src = tree({
      'a.tsx': `${declaration('doors', 'Resource')}${route('doors')}${page('doors')}`,
      'b.tsx': `${declaration('keys', 'Resource')}${route('keys')}${page('keys')}`,
    });
    expect(shapeClones(src, sourceFiles(src), 15)).toEqual([]);
    const other = tree({ 'a.ts': declaration('doors', 'Other'), 'b.ts': declaration('keys', 'Other') });
    expect(shapeClones(other, sourceFiles(other), 15)).toContainEqual(
      expect.objectContaining({ a: 'a.ts:1', b: 'b.ts:1' }),
    );
  });
});

describe('the write rule', () => {
  const schema = {
    'db/schema/places.ts': [
      "export const devices = pgTable('devices', {});",
      'export const lockerWalls = pgTable(',
      "  'locker_walls',",
      '  {},',
      ');',
    ].join('\n'),
    'modules/devices/queries.ts':
      "import { devices } from '../../db/schema';\nexport const free = (tx) => tx.update(devices).set({});\n",
    'modules/devices/index.ts': "export { free } from './queries';\n",
    'modules/kiosks/service.ts': "import { free } from '../devices';\nexport const mark = free;\n",
    'db/rollups.ts': 'export const r = `INSERT INTO locker_walls (id) VALUES (1)`;\n',
  };
  const owners = { devices: 'modules/devices', locker_walls: 'modules/locker-walls' };

  it('reads the tables of the schema, on one line or several', () => {
    expect([...schemaTables(tree(schema))]).toEqual([
      ['devices', 'devices'],
      ['lockerWalls', 'locker_walls'],
    ]);
  });

  it("passes an area writing its own table, another writing it through the owner's index, and db/", () => {
    expect(foreignWriteFindings(tree(schema), owners)).toEqual([]);
  });

  it("fails on a builder write or a raw statement to another part's table, and on a table with no owner", () => {
    const src = tree({
      ...schema,
      'modules/kiosks/queries.ts': [
        "import { devices } from '../../db/schema';",
        'export const mark = (tx) => tx.update(devices).set({});',
        "export const raw = 'DELETE FROM locker_walls WHERE id = $1';",
      ].join('\n'),
    });
    expect(foreignWriteFindings(src, owners).map((f) => f.split(': writes ')[0])).toEqual([
      'modules/kiosks/queries.ts:2',
      'modules/kiosks/queries.ts:3',
    ]);
    expect(foreignWriteFindings(src, { devices: 'modules/devices' })).toContain(
      'modules/kiosks/queries.ts:3: writes locker_walls, a table with no owner in TABLE_OWNERS',
    );
  });
});
