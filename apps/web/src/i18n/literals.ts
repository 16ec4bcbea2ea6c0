import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds user-visible English left in the console's source: JSX text, string
 * values of the props a person reads (label, title, placeholder, aria-label, helperText, …) and of
 * the same keys in object literals (DataGrid `headerName`, select options' `label`) and the
 * defaults of such props in a component's parameters (`{ placeholder = 'Search' }`,
 * `{ submitText = 'Save' }`). Text made only of allowed words (proper names, units, symbols) passes.
 */

/** Props and object keys whose string value is shown to a person. */
export const VISIBLE_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'helperText',
  'headerName',
  'alt',
  'primary',
  'secondary',
  'description',
  'tooltip',
  'noOptionsText',
  'loadingText',
  'confirmText',
  'cancelText',
  'submitText',
  'message',
  'heading',
  'subheader',
  'emptyText',
]);

/** Proper names and tokens that read the same in every language. */
export const ALLOWED_WORDS = new Set(
  [
    'Lockerops',
    'Stripe',
    'Twilio',
    'Linka',
    'Ojmar',
    'Gantner',
    'Harbor',
    'Spintly',
    'Kerong',
    'Headleader',
    'DC',
    'Lock',
    'Google',
    'OpenStreetMap',
    'Leaflet',
    'API',
    'APIs',
    'CSV',
    'PDF',
    'SMS',
    'PIN',
    'URL',
    'ID',
    'QR',
    'JSON',
    'HTTP',
    'HTTPS',
    'UTC',
    'IANA',
    'SMTP',
    'OK',
    'Redoc',
    'iframe',
    'Webhook',
    'px',
    'kg',
    'lb',
    'cm',
    'in',
    'x',
    'mm',
    'ss',
    'hh',
    'HH',
    'MM',
    'DD',
    'YYYY',
    'A',
    'e',
    'g',
    'E',
  ].map((w) => w.toLowerCase()),
);

export interface Literal {
  file: string;
  line: number;
  text: string;
}

const hasWords = (text: string) =>
  (text.match(/\p{L}[\p{L}'’-]*/gu) ?? []).some((w) => !ALLOWED_WORDS.has(w.toLowerCase()));

function stringOf(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  if (ts.isJsxExpression(node)) return stringOf(node.expression);
  if (ts.isParenthesizedExpression(node)) return stringOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = stringOf(node.whenTrue);
    const b = stringOf(node.whenFalse);
    return a !== undefined || b !== undefined ? `${a ?? ''} ${b ?? ''}` : undefined;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return stringOf(node.right);
  return undefined;
}

const propName = (name: ts.Node): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** The visible literals of one source file. */
export function literalsOf(file: string, source: string): Literal[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const add = (node: ts.Node, text: string) => {
    if (hasWords(text))
      found.push({
        file,
        line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: text.trim(),
      });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text);
    else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      const text = VISIBLE_PROPS.has(name) ? stringOf(node.initializer) : undefined;
      if (text !== undefined) add(node, text);
    } else if (ts.isJsxExpression(node) && node.parent && ts.isJsxElement(node.parent)) {
      const text = stringOf(node.expression);
      if (text !== undefined) add(node, text);
    } else if (ts.isBindingElement(node) && node.initializer) {
      // a component's default for a visible prop: shown whenever the caller passes none
      const name = propName(node.propertyName ?? node.name);
      const text =
        name && (VISIBLE_PROPS.has(name) || /Text$/.test(name)) ? stringOf(node.initializer) : undefined;
      if (text !== undefined) add(node, text);
    } else if (ts.isPropertyAssignment(node)) {
      const name = propName(node.name);
      const text = name && VISIBLE_PROPS.has(name) ? stringOf(node.initializer) : undefined;
      if (text !== undefined) add(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** A contract message constant (`MSG.x`, `CSV_MESSAGES.x(n)`): English until `translateMessage`. */
const isContractMessage = (node: ts.Expression): boolean => {
  const access = ts.isCallExpression(node) ? node.expression : node;
  return (
    ts.isPropertyAccessExpression(access) &&
    ts.isIdentifier(access.expression) &&
    /^(MSG|[A-Z_]+_MESSAGES)$/.test(access.expression.text)
  );
};

/**
 * Why an expression a person reads is still English, or undefined: a literal with words, a contract
 * message, a server's `detail` or an entry picked from a list of texts, none passed through
 * `translateMessage`, `t` or `formatApiError` (a call of anything else is taken as translated).
 */
function rawText(node: ts.Expression, literals: boolean): string | undefined {
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node))
    return rawText(node.expression, literals);
  if (ts.isConditionalExpression(node))
    return rawText(node.whenTrue, literals) ?? rawText(node.whenFalse, literals);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return rawText(node.left, literals) ?? rawText(node.right, literals);
  const text = stringOf(node);
  if (text !== undefined) return literals && hasWords(text) ? text : undefined;
  if (isContractMessage(node)) return node.getText();
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'detail') return node.getText();
  if (ts.isElementAccessExpression(node) && !ts.isIdentifier(node.expression)) return node.getText();
  return undefined;
}

/**
 * Messages shown untranslated: what goes to `enqueueSnackbar` (literals, contract messages, a server's
 * `detail`), and contract messages or a server's `detail` put straight into JSX or a visible prop.
 */
export function rawMessagesOf(file: string, source: string): Literal[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const add = (node: ts.Node, text: string | undefined) => {
    if (text !== undefined)
      found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'enqueueSnackbar'
    ) {
      const [first] = node.arguments;
      if (first) add(node, rawText(first, true));
    } else if (ts.isJsxExpression(node) && node.expression && node.parent && ts.isJsxElement(node.parent)) {
      add(node, rawText(node.expression, false));
    } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(sf))) {
      const init = node.initializer;
      if (init && ts.isJsxExpression(init) && init.expression) add(node, rawText(init.expression, false));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** A contract constant a message is read from: `SIZE_MESSAGES.created` → ['SIZE_MESSAGES', 'created']. */
export interface ContractMessageUse {
  file: string;
  line: number;
  object: string;
  key: string;
}

/**
 * The contract constants passed to `translateMessage` (`translateMessage(X.key)`, `X.key(n)`, either
 * branch of `a ? X.b : X.c`): each must be a message with a code, or it stays English.
 */
export function translatedConstantsOf(file: string, source: string): ContractMessageUse[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ContractMessageUse[] = [];
  const take = (node: ts.Expression) => {
    if (ts.isParenthesizedExpression(node)) return take(node.expression);
    if (ts.isConditionalExpression(node)) {
      take(node.whenTrue);
      take(node.whenFalse);
      return;
    }
    const access = ts.isCallExpression(node) ? node.expression : node;
    if (
      ts.isPropertyAccessExpression(access) &&
      ts.isIdentifier(access.expression) &&
      /^[A-Z][A-Z_]+$/.test(access.expression.text)
    )
      found.push({
        file,
        line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        object: access.expression.text,
        key: access.name.text,
      });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'translateMessage'
    ) {
      const [first] = node.arguments;
      if (first) take(first);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The `.tsx` files of the console (tests and test helpers aside), relative to `root`; `.ts` too with `ts`. */
export function consoleFiles(root: string, { ts: withTs = false } = {}): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => (f.endsWith('.tsx') || (withTs && f.endsWith('.ts'))) && !f.endsWith('.d.ts'))
    .filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith(`test${path.sep}`))
    .filter((f) => !f.endsWith('testing.tsx'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}
