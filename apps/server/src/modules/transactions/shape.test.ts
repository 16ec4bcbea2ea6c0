import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the transactions area (CONTRIBUTING: the life cycle as step functions): steps are
 * functions, not methods of a class tower; only the queries files build queries; no file grows
 * past 400 lines.
 */

const here = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const files = sources(here).map((path) => ({ name: relative(here, path), text: readFileSync(path, 'utf8') }));

describe('the transactions area', () => {
  it('imports the query builder and the schema only in its queries files', () => {
    const building = files
      .filter((f) => /from '(drizzle-orm[^']*|(\.\.\/)+db\/schema[^']*)'/.test(f.text))
      .map((f) => f.name);
    expect(building.length).toBeGreaterThan(0);
    expect(building.filter((name) => !/^queries(\.ts|\/[^/]+\.ts)$/.test(name))).toEqual([]);
  });

  it('has no classes but its signals, and no `this`', () => {
    const classes = files.flatMap((f) => [...f.text.matchAll(/\bclass (\w+)/g)].map((m) => m[1]));
    expect(classes.sort()).toEqual(['DoorNeeded', 'PaymentNeeded', 'Refusal']);
    expect(files.filter((f) => /\bthis\./.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('keeps every file under 400 lines', () => {
    const long = files.filter((f) => f.text.split('\n').length > 400).map((f) => f.name);
    expect(long).toEqual([]);
  });
});
