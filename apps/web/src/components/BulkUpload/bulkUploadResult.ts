import { CSV_MESSAGES, MAX_CSV_ROWS, type TBulkUploadRow } from '@lockerops/contract';
import Papa from 'papaparse';

export interface UploadSummary {
  /** ok: every row saved; failed: none; partial: some */
  kind: 'ok' | 'failed' | 'partial';
  /** the headline texts, in order */
  headlines: string[];
  /** 'Error ocurred on row N: …' per failed row, in row order */
  rowErrors: string[];
}

/**
 * The texts of a bulk-upload answer, word for word (spec operational §8): all ok → '{n} row(s) uploaded
 * successfully!'; all failed → 'Upload was unsuccessful!'; partial → 'N rows was successfully added' and
 * 'M rows has failed'; each failed row → 'Error ocurred on row N: …'.
 */
export function summarizeUpload(rows: readonly TBulkUploadRow[]): UploadSummary {
  const failed = rows.filter((r) => r.detail !== true);
  const okCount = rows.length - failed.length;
  const rowErrors = failed.map((r) => CSV_MESSAGES.rowError(r.row, String(r.detail)));
  if (!failed.length) return { kind: 'ok', headlines: [CSV_MESSAGES.allOk(okCount)], rowErrors };
  if (!okCount) return { kind: 'failed', headlines: [CSV_MESSAGES.allFailed], rowErrors };
  return {
    kind: 'partial',
    headlines: [CSV_MESSAGES.partialOk(okCount), CSV_MESSAGES.partialFailed(failed.length)],
    rowErrors,
  };
}

/** The local read of a picked file: its data rows, or the text that refuses it. */
export type LocalCsvCheck = { ok: true; rows: number } | { ok: false; message: string };

/**
 * Reads a .csv locally before upload (spec operational §5 CSV upload, §9): an unreadable or empty file
 * answers "Couldn't read the file. Please try again."; more than 500 data rows is refused.
 */
export async function checkCsvFile(file: File): Promise<LocalCsvCheck> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: CSV_MESSAGES.unreadable };
  }
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' });
  const fields = parsed.meta.fields ?? [];
  if (!fields.length || fields.every((f) => !f.trim()) || !parsed.data.length) {
    return { ok: false, message: CSV_MESSAGES.unreadable };
  }
  if (parsed.data.length > MAX_CSV_ROWS) return { ok: false, message: CSV_MESSAGES.tooManyRows };
  return { ok: true, rows: parsed.data.length };
}

/** A template holding only the header row of the area's CSV. */
export function csvTemplate(headers: readonly string[]): string {
  return Papa.unparse({ fields: [...headers], data: [] });
}
