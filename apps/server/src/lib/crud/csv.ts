import type { Readable } from 'node:stream';
import { CSV_MESSAGES, MAX_CSV_ROWS } from '@lockerops/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { BadRequest, TooLarge } from '../../errors';

/** Largest CSV upload: 5 MB (500 rows fit many times over). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const CSV_TOO_LARGE = 'The CSV file is larger than 5 MB.';

/**
 * Parses an uploaded CSV (UTF-8, optional BOM, header row) into records keyed by the lower-cased
 * header. 400 when unreadable, empty, or over 500 data rows (spec: operational §5 CSV upload);
 * 413 over 5 MB (`MAX_CSV_BYTES`).
 */
export function parseCsv(data: Buffer): Record<string, string>[] {
  if (data.length > MAX_CSV_BYTES) throw TooLarge(CSV_TOO_LARGE);
  let records: Record<string, string>[];
  try {
    records = parse(data, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch {
    throw BadRequest(CSV_MESSAGES.unreadable);
  }
  if (records.length > MAX_CSV_ROWS) throw BadRequest(CSV_MESSAGES.tooManyRows);
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
 * Streams CSV: a BOM, the header row, then the records that `batches` yields, one batch at a time,
 * so memory stays constant however many rows are exported.
 */
export function csvStream(
  headers: readonly string[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): Readable {
  const out = stringify({ header: true, columns: [...headers], bom: true });
  (async () => {
    try {
      for await (const batch of batches) {
        for (const record of batch) {
          const row = Object.fromEntries(headers.map((h) => [h, csvCell(record[h])]));
          if (!out.write(row)) await new Promise((r) => out.once('drain', r));
        }
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
