/**
 * The tenant check, run by `npm run lint` (CONTRIBUTING "One shape for the tenant"): every query
 * built with Drizzle on a tenant table (a table of `db/schema` with an `organizationId` column)
 * names the organization in its own statement, so no read or write relies on row-level security
 * alone.
 *
 * A statement is the whole method chain around `.from(table)`, `.update(table)` or
 * `.delete(table)` (`tx.select().from(devices).where(…)`); it passes when its text names
 * `organizationId` (a column of any tenant table in it, or the caller's `organizationId`), or the
 * shared helper `tenantOf(` that builds that filter. `insert` is left out: the row it writes
 * carries its organization, and row-level security refuses any other.
 *
 * A statement that must span organizations (a job's sweep, a sign-in's look-up by a secret's hash)
 * says so where it stands: a comment `tenant: every organization — <why>` just above the statement
 * that holds it, so the reason is read in review.
 *
 * Usage: `npx tsx scripts/check-tenant-filter.ts` from the repository root; exits 1 on a finding,
 * naming each statement's file, line and table.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { getTableColumns, isTable } from 'drizzle-orm';
import ts from 'typescript';
import * as schema from '../apps/server/src/db/schema';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'apps/server/src');

/** The export names of the tenant tables. */
const TENANT_TABLES = new Set(
  Object.entries(schema)
    .filter(([, v]) => isTable(v) && 'organizationId' in getTableColumns(v))
    .map(([name]) => name),
);

/** What a statement may say to name its organization. */
const NAMES_ORGANIZATION = /\borganizationId\b|\btenantOf\(/;

function serverFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'migrations' && name !== 'seed') out.push(...serverFiles(path));
    } else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The local names under which a file imports each tenant table (`import { devices as d }`). */
function tenantImports(file: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const st of file.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!/\/db\/schema(\/[\w-]+)?$/.test(st.moduleSpecifier.text)) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      const imported = (el.propertyName ?? el.name).text;
      if (TENANT_TABLES.has(imported)) names.set(el.name.text, imported);
    }
  }
  return names;
}

/** The outermost expression of the method chain `node` is part of. */
function chainTop(node: ts.Node): ts.Node {
  let n = node;
  for (;;) {
    const p = n.parent;
    if (!p) return n;
    if (ts.isPropertyAccessExpression(p) && p.expression === n) n = p;
    else if (ts.isCallExpression(p) && p.expression === n) n = p;
    else if (ts.isAwaitExpression(p) || ts.isNonNullExpression(p) || ts.isParenthesizedExpression(p)) n = p;
    else return n;
  }
}

const EVERY_ORGANIZATION = /tenant: every organization\b/;

/** Whether the comments just above the statement holding `node` say it spans organizations. */
function spansOrganizations(node: ts.Node, text: string): boolean {
  for (let n: ts.Node | undefined = node; n && !ts.isSourceFile(n); n = n.parent) {
    const comments = ts.getLeadingCommentRanges(text, n.getFullStart()) ?? [];
    if (comments.some((c) => EVERY_ORGANIZATION.test(text.slice(c.pos, c.end)))) return true;
    if (ts.isStatement(n) || ts.isClassElement(n) || ts.isPropertyAssignment(n)) {
      if (!ts.isBlock(n.parent) && !ts.isSourceFile(n.parent) && !ts.isObjectLiteralExpression(n.parent))
        continue;
      return false;
    }
  }
  return false;
}

interface Finding {
  file: string;
  line: number;
  table: string;
  verb: string;
}

function check(path: string): Finding[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const tables = tenantImports(file);
  if (!tables.size) return [];
  const found: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['from', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!) &&
      tables.has(node.arguments[0].text)
    ) {
      const top = chainTop(node);
      if (!NAMES_ORGANIZATION.test(top.getText(file)) && !spansOrganizations(top, text)) {
        found.push({
          file: relative(ROOT, path),
          line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
          table: tables.get(node.arguments[0].text)!,
          verb: node.expression.name.text,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const findings = serverFiles(SRC).flatMap(check);
for (const f of findings) {
  console.error(`✗ ${f.file}:${f.line} ${f.verb}(${f.table}) does not name the organization`);
}
if (findings.length) {
  console.error(`${findings.length} statements on tenant tables without an organization filter`);
  process.exit(1);
}
console.log(`tenant: every statement on the ${TENANT_TABLES.size} tenant tables names its organization`);
