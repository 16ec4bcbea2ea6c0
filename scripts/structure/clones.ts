/**
 * Clones by shape: two runs of at least `minLines` code lines that read the same once every
 * name is replaced by `I` and every literal by `L` — a copied block whose variables, fields or
 * texts were renamed is still a clone. Comments and blank lines are not lines of code; imports
 * are left out (every file of an area imports much the same), and so are runs of a few line
 * shapes repeated (a map of texts, a list of columns), which hold no logic to share. So are the
 * declarative descriptions that name the same fields in the same order by design, what they
 * share already living in `lib/crud`, the route helpers and the console's components: the
 * declarations typed `Resource<…>` (`export const xResource: Resource<…> = { entity, path, api, … }`),
 * the `routeOf(endpoint, { tags, summary, description, errors })` calls, and the props of a
 * `<ListPage>` or `<ResourceFormDialog>`. jscpd (`.jscpd.json`) finds the identical blocks;
 * this finds the renamed ones.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

/**
 * A run counts when it has at least MIN_SHAPES distinct line shapes, whatever its length: fewer is
 * a list (a map of texts, an enum with its labels, a list of props), not logic.
 */
const MIN_SHAPES = 8;

/** One clone: the first lines of two places that have the same shape for `lines` code lines. */
export interface Clone {
  a: string;
  b: string;
  lines: number;
}

/** How many declarative blocks were read: each one's line shape is its own number. */
let barriers = 0;

/** The console's components configured by an area's props alone: a list page, a record's form dialog. */
const AREA_ELEMENTS = new Set(['ListPage', 'ResourceFormDialog']);

/**
 * The lines (1-based) of a source text's declarative descriptions, left out of the clone check:
 * the top-level declarations typed `Resource<…>` (an area's CRUD endpoints), the `routeOf(…)`
 * calls (an endpoint's documentation: tags, summary, description, errors) and the props of the
 * AREA_ELEMENTS (`<ListPage ns endpoint queryKey schema columns … />`; their children are checked).
 */
function declarativeLines(text: string, jsx: boolean): Set<number> {
  const source = ts.createSourceFile(
    'x.ts',
    text,
    ts.ScriptTarget.Latest,
    false,
    jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = new Set<number>();
  const skip = (node: ts.Node) => {
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
    for (let line = first; line <= last; line++) lines.add(line);
  };
  const isResource = (d: ts.VariableDeclaration) =>
    d.type !== undefined &&
    ts.isTypeReferenceNode(d.type) &&
    ts.isIdentifier(d.type.typeName) &&
    d.type.typeName.text === 'Resource';
  const visit = (node: ts.Node): void => {
    const resource = ts.isVariableStatement(node) && node.declarationList.declarations.some(isResource);
    const route =
      ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'routeOf';
    const area =
      (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
      ts.isIdentifier(node.tagName) &&
      AREA_ELEMENTS.has(node.tagName.text);
    if (resource || route || area) skip(node);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** The shape of each code line of a source text: [line number (1-based), shape]. */
export function lineShapes(text: string, jsx: boolean): Array<[number, string]> {
  const declarative = declarativeLines(text, jsx);
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    true,
    jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard,
    text,
  );
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  const lineOf = (pos: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const shapes = new Map<number, string[]>();
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    let shape: string;
    if (kind === ts.SyntaxKind.Identifier || kind === ts.SyntaxKind.PrivateIdentifier) shape = 'I';
    else if (
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NumericLiteral ||
      kind === ts.SyntaxKind.BigIntLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      kind === ts.SyntaxKind.TemplateHead ||
      kind === ts.SyntaxKind.RegularExpressionLiteral ||
      kind === ts.SyntaxKind.JsxText
    )
      shape = 'L';
    else shape = ts.tokenToString(kind) ?? String(kind);
    const line = lineOf(scanner.getTokenStart());
    const list = shapes.get(line) ?? [];
    list.push(shape);
    shapes.set(line, list);
  }
  const out: Array<[number, string]> = [];
  let inImport = false;
  for (const [line, tokens] of [...shapes].sort((x, y) => x[0] - y[0])) {
    const shape = tokens.join(' ');
    if (tokens[0] === 'import' || (tokens[0] === 'export' && tokens.includes('from'))) inImport = true;
    // a declarative block reads as one line no other matches: a run neither counts nor crosses it
    if (declarative.has(line)) {
      if (!inImport && !declarative.has(line - 1)) out.push([line, `declarative ${barriers++}`]);
    } else if (!inImport) out.push([line, shape]);
    if (inImport && (tokens.includes('from') || tokens.at(-1) === ';')) inImport = false;
  }
  return out;
}

/**
 * The clones of at least `minLines` code lines among `files` (paths named relative to `root`):
 * each pair of places once, the longest run of the pair.
 */
export function shapeClones(root: string, files: string[], minLines: number): Clone[] {
  const seen = new Map<string, { file: number; index: number }>();
  const shapes = files.map((file) => lineShapes(readFileSync(file, 'utf8'), file.endsWith('.tsx')));
  /** `${fileA}:${indexA}:${fileB}:${indexB}` of the window pairs found, to extend runs. */
  const pairs = new Set<string>();
  const found: Array<{ fa: number; ia: number; fb: number; ib: number }> = [];
  shapes.forEach((lines, file) => {
    for (let index = 0; index + minLines <= lines.length; index++) {
      const window = lines.slice(index, index + minLines).map(([, s]) => s);
      // a run of a few repeated line shapes (a map of texts, a list of columns) is no logic
      if (new Set(window).size < MIN_SHAPES) continue;
      const key = window.join('\n');
      const first = seen.get(key);
      if (!first) {
        seen.set(key, { file, index });
        continue;
      }
      if (first.file === file && index - first.index < minLines) continue;
      const id = `${first.file}:${first.index}:${file}:${index}`;
      pairs.add(id);
      if (!pairs.has(`${first.file}:${first.index - 1}:${file}:${index - 1}`))
        found.push({ fa: first.file, ia: first.index, fb: file, ib: index });
    }
  });
  return found.map(({ fa, ia, fb, ib }) => {
    let n = 0;
    while (pairs.has(`${fa}:${ia + n + 1}:${fb}:${ib + n + 1}`)) n++;
    const la = shapes[fa]!;
    const lb = shapes[fb]!;
    return {
      a: `${relative(root, files[fa]!)}:${la[ia]![0]}`,
      b: `${relative(root, files[fb]!)}:${lb[ib]![0]}`,
      lines: minLines + n,
    };
  });
}
