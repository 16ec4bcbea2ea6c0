import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `engines.node` of the repository is a floor every installed package accepts (the
 * README once said Node ≥ 20.19 while pg-boss and unpdf ask for 22). Reads package-lock.json.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

type V = [number, number, number];
const parse = (v: string): V => {
  const [a = 0, b = 0, c = 0] = v
    .replace(/^v/, '')
    .split('.')
    .map((x) => (x === 'x' || x === '*' ? 0 : Number(x)));
  return [a, b, c];
};
const cmp = (a: V, b: V) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
/** The parts a partial version names ("20" → 1, "20.19" → 2), for `^`, `~` and bare versions. */
const parts = (v: string) =>
  v
    .replace(/^v/, '')
    .split('.')
    .filter((x) => x !== 'x' && x !== '*').length;

/** Whether version `v` satisfies one comparator (`>=20.19`, `^22.12.0`, `~1.2`, `20`, `*`). */
function comparator(v: V, c: string): boolean {
  if (c === '*' || c === '') return true;
  const m = /^(>=|<=|>|<|\^|~|=)?(.+)$/.exec(c)!;
  const op = m[1] ?? '';
  const w = parse(m[2]!);
  const d = cmp(v, w);
  if (op === '>=') return d >= 0;
  if (op === '>') return d > 0;
  if (op === '<=') return d <= 0;
  if (op === '<') return d < 0;
  const n = parts(m[2]!);
  if (op === '^') return d >= 0 && v[0] === w[0];
  if (op === '~' || n < 3) return d >= 0 && v[0] === w[0] && (n < 2 || v[1] === w[1]);
  return d === 0;
}

/** Whether `v` satisfies a node-semver range of the forms package engines use. */
function satisfies(v: string, range: string): boolean {
  const ver = parse(v);
  return range.split('||').some((alt) =>
    alt
      .trim()
      .replace(/(>=|<=|>|<)\s+/g, '$1')
      .split(/\s+/)
      .every((c) => comparator(ver, c)),
  );
}

describe('engines.node', () => {
  it('reads ranges as npm does', () => {
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('22.12.0', '^20.19.0 || ^22.13.0 || >=24.0.0')).toBe(false);
    expect(satisfies('22.13.0', '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies('20.20.2', '>=22')).toBe(false);
    expect(satisfies('22.13.0', '>= 10.x')).toBe(true);
  });

  it('names a floor every dependency accepts, and README names the same', () => {
    const rootRange = (lock.packages['']!.engines as { node: string }).node;
    const floor = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(rootRange)?.[1];
    expect(floor, rootRange).toBeDefined();
    const refused = Object.entries(lock.packages)
      .filter(([p, e]) => p && !Array.isArray(e.engines) && typeof e.engines?.node === 'string')
      .filter(([, e]) => !satisfies(floor!, (e.engines as { node: string }).node))
      .map(([p, e]) => `${p}: ${(e.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(rootRange);
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`Node ≥ ${floor}`);
  });
});
