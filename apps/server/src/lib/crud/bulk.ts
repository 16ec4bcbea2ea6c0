import type { TBulkUploadRow } from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { toWire } from '../wire';
import { writeAudits } from './audit';
import { insertOne, rowError } from './rows';
import type { Resource, Row } from './types';

export class DryRun extends Error {
  constructor(readonly results: TBulkUploadRow[]) {
    super('dry run');
  }
}

/** A CSV record validated as a create: empty cells are absent. */
export const parseRecord = <TCreate extends z.ZodType>(create: TCreate, record: Record<string, string>) =>
  create.safeParse(Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === '' ? undefined : v])));

/**
 * Inserts CSV records, collecting per-row results; a dry run rolls all back. With the resource's
 * `bulkValues`, set-based (`insertAtOnce`); else, or when that fails, one savepoint per row.
 */
export async function bulkInsert<TOut, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  req: FastifyRequest,
  r: Resource<TOut, TCreate, TUpdate>,
  uploaded: Record<string, string>[],
  dryRun: boolean,
): Promise<TBulkUploadRow[]> {
  const written: Row[] = [];
  try {
    const results = await req.withTenant(async (tx) => {
      const records = r.csv.fillEmpty ? await r.csv.fillEmpty(uploaded, { tx, auth: req.auth }) : uploaded;
      const atOnce =
        r.bulkValues && !r.afterWrite && !r.afterCommit
          ? await insertAtOnce(r, tx, req.auth, records)
          : undefined;
      if (atOnce) {
        if (dryRun) throw new DryRun(atOnce);
        return atOnce;
      }
      const results: TBulkUploadRow[] = [];
      for (const [i, record] of records.entries()) {
        const row = i + 1;
        const parsed = parseRecord(r.create, record);
        if (!parsed.success) {
          results.push({ row, detail: rowError(parsed.error) });
          continue;
        }
        try {
          written.push(
            await tx.transaction((sp) => insertOne(r, sp as Tx, req.auth, parsed.data as z.output<TCreate>)),
          );
          results.push({ row, detail: true });
        } catch (err) {
          results.push({ row, detail: rowError(err) });
        }
      }
      if (dryRun) throw new DryRun(results);
      return results;
    });
    // what reaches an outside system goes once the rows are committed, one row at a time
    for (const row of written)
      await r.afterCommit?.(row, { run: (fn) => req.withTenant(fn), auth: req.auth });
    return results;
  } catch (err) {
    if (err instanceof DryRun) return err.results;
    throw err;
  }
}

/**
 * The set-based CSV upload: validates every record, asks `bulkValues` for the rules of the valid
 * ones, inserts the good rows in one statement and writes their audit entries in one more (inside
 * a savepoint). Answers the per-row results, or undefined when the insert failed (nothing of it
 * is left), so the caller redoes the file row by row.
 */
export async function insertAtOnce<TOut, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  r: Resource<TOut, TCreate, TUpdate>,
  tx: Tx,
  auth: AuthContext,
  records: Record<string, string>[],
): Promise<TBulkUploadRow[] | undefined> {
  const results: TBulkUploadRow[] = records.map((_, i) => ({ row: i + 1, detail: true }));
  const valid: Array<{ i: number; input: z.output<TCreate> }> = [];
  for (const [i, record] of records.entries()) {
    const parsed = parseRecord(r.create, record);
    if (parsed.success) valid.push({ i, input: parsed.data as z.output<TCreate> });
    else results[i] = { row: i + 1, detail: rowError(parsed.error) };
  }
  const values = valid.length
    ? await r.bulkValues!(
        valid.map((v) => v.input),
        { tx, auth },
      )
    : [];
  const good: Record<string, unknown>[] = [];
  for (const [k, v] of values.entries()) {
    const i = valid[k]!.i;
    if (v instanceof Error) results[i] = { row: i + 1, detail: rowError(v) };
    else good.push({ ...v, organizationId: auth.organizationId });
  }
  if (!good.length) return results;
  try {
    await tx.transaction(async (sp) => {
      const rows = (await sp
        .insert(r.table)
        .values(good as never)
        .returning()) as Row[];
      await writeAudits({
        tx: sp as Tx,
        auth,
        entries: rows.map((row) => ({
          entity: r.entity,
          entityId: row.id,
          action: 'create',
          after: toWire(r.table, row as never),
        })),
      });
    });
  } catch {
    return undefined;
  }
  return results;
}
