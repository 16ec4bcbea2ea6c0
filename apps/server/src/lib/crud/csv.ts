import fs from 'node:fs';
import { Readable } from 'node:stream';
import { CSV_MESSAGES, MAX_CSV_ROWS } from '@lockerops/contract';
import { parse } from 'csv-parse';
import { type SQL, sql } from 'drizzle-orm';
import { BadRequest, TooLarge } from '../../errors';

/** Largest CSV upload: 5 MB (500 rows fit many times over). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const CSV_TOO_LARGE = 'The CSV file is larger than 5 MB.';

/**
 * Parses an uploaded CSV file (UTF-8, optional BOM, header row), read as a stream from its
 * temporary file, into records keyed by the lower-cased header. 400 when unreadable, empty, or
 * over 500 data rows (spec: operational §5 CSV upload); 413 `CSV_TOO_LARGE` over 5 MB
 * (`MAX_CSV_BYTES`; the upload itself already stops there while it streams). Records past the
 * 500th are counted, not kept.
 */
export async function parseCsv(file: { path: string; size: number }): Promise<Record<string, string>[]> {
  if (file.size > MAX_CSV_BYTES) throw TooLarge(CSV_TOO_LARGE);
  const records: Record<string, string>[] = [];
  let count = 0;
  const input = fs.createReadStream(file.path);
  const parser = input.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }),
  );
  input.on('error', (err) => parser.destroy(err));
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      if (++count <= MAX_CSV_ROWS) records.push(record);
    }
  } catch {
    throw BadRequest(CSV_MESSAGES.unreadable);
  } finally {
    input.destroy();
  }
  if (count > MAX_CSV_ROWS) throw BadRequest(CSV_MESSAGES.tooManyRows);
  return records.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, unescapeCell(v)])));
}

/**
 * Cells a spreadsheet would run as formulas (starting with `=`, `+`, `-`, `@`, tab or carriage
 * return — OWASP CSV injection) are exported with a leading quote, removed again on upload.
 */
export const escapeCell = (v: string): string => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const unescapeCell = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/**
 * The text of one exported cell: empty for null, ISO time for dates, JSON for objects, list items
 * joined with `;`; whatever the type, the final text is neutralised by `escapeCell`.
 */
export const csvCell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v))
    return escapeCell(v.map((x) => (x === null || x === undefined ? '' : String(x))).join(';'));
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return escapeCell(JSON.stringify(v));
  return escapeCell(String(v));
};

/**
 * One CSV field as `csv-stringify` wrote it (RFC 4180): quoted, with inner quotes doubled, when it
 * holds a comma, a double quote, a line feed or a carriage return; as it is otherwise.
 */
const csvField = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One CSV line (ending in `\n`) of `record`: the cells under `headers`, each through `csvCell`. */
export const csvLine = (headers: readonly string[], record: Record<string, unknown>): string => {
  let line = '';
  for (let i = 0; i < headers.length; i++) {
    if (i) line += ',';
    line += csvField(csvCell(record[headers[i]!]));
  }
  return `${line}\n`;
};

/**
 * Streams a CSV file whose data lines are already written: a BOM, the header row, then each chunk
 * of `chunks` (whole lines, each ending in `\n`) as it comes. The next chunk is pulled only when the
 * reader has taken the previous one (backpressure), so memory stays constant however many rows;
 * when the reader goes away the iteration is ended (`return`), which lets the producer close its
 * cursor. An error of `chunks` destroys the stream with it.
 */
export function csvTextStream(headers: readonly string[], chunks: AsyncIterable<string>): Readable {
  async function* text() {
    yield `\ufeff${headers.map(csvField).join(',')}\n`;
    yield* chunks;
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * Streams CSV: a BOM, the header row, then the records that `batches` yields, one batch at a time
 * (each batch one chunk of text, `csvLine` per record), so memory stays constant however many rows
 * are exported.
 */
export function csvStream(
  headers: readonly string[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): Readable {
  async function* lines() {
    for await (const batch of batches) {
      let chunk = '';
      for (const record of batch) chunk += csvLine(headers, record);
      if (chunk) yield chunk;
    }
  }
  return csvTextStream(headers, lines());
}

/** `ascii()` of the characters a cell may not start with: `=`, `+`, `-`, `@`, tab, carriage return. */
const FORMULA_CODES = sql.raw('(61, 43, 45, 64, 9, 13)');
const NEEDS_QUOTES = sql.raw(`E'[",\\n\\r]'`);

/**
 * The SQL of one CSV field, equal to `csvField(csvCell(v))` for a text `v`: empty for null; a
 * leading `'` before `=`, `+`, `-`, `@`, tab or carriage return (formula injection, `escapeCell`);
 * then RFC 4180 quoting (`csvField`). `v` is read several times: pass a column (of a subquery),
 * not an expression to compute. A list cell is `array_to_string(list, ';', '')`, as `csvCell` joins.
 */
const csvSqlField = (v: SQL): SQL =>
  sql`case when ${v} is null then ''
    when ascii(${v}) in ${FORMULA_CODES} then
      case when ${v} ~ ${NEEDS_QUOTES} then '"''' || replace(${v}, '"', '""') || '"' else '''' || ${v} end
    when ${v} ~ ${NEEDS_QUOTES} then '"' || replace(${v}, '"', '""') || '"'
    else ${v} end`;

/**
 * The SQL of one CSV data line (ending in `\n`), equal to `csvLine` over the same values: the text
 * `fields` (plain columns, see `csvSqlField`) joined with commas, each neutralised against formula
 * injection and quoted when it must be. A line none of whose fields holds a comma, a quote or a
 * line break (nearly every line) costs one pattern match and is written with the neutralisation
 * only; the others take `csvSqlField` per field.
 */
export const csvSqlLine = (fields: readonly SQL[]): SQL => {
  const neutralised = fields.map(
    (v) => sql`(case when ascii(${v}) in ${FORMULA_CODES} then '''' || ${v} else coalesce(${v}, '') end)`,
  );
  const quoted = fields.map((v) => sql`(${csvSqlField(v)})`);
  return sql`(case when concat(${sql.join([...fields], sql`, `)}) ~ ${NEEDS_QUOTES}
    then ${sql.join(quoted, sql` || ',' || `)}
    else ${sql.join(neutralised, sql` || ',' || `)} end) || E'\\n'`;
};

/**
 * The SQL of one cell for PostgreSQL's CSV writer (`COPY … (FORMAT csv)`, which quotes as
 * `csvField` does): `v` (text) with a leading `'` before `=`, `+`, `-`, `@`, tab or carriage return
 * (formula injection, `escapeCell`), and null for null or empty (written as an empty field, as
 * `csvCell` writes them). `v` is read several times: pass a column. (One difference with `csvField`:
 * a cell that is exactly `\.` comes quoted, which a CSV reader reads back the same.)
 */
export const csvSqlCell = (v: SQL): SQL =>
  sql`case when ascii(${v}) in ${FORMULA_CODES} then '''' || ${v} else nullif(${v}, '') end`;
