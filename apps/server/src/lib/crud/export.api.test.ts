import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { TRANSACTION_CSV_HEADERS, ZTransactionListQuery } from '@lockerops/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { transactions, users } from '../../db/schema';
import { exportStatements } from '../../modules/transactions/queries/list';
import { withTenant } from '../../tenancy';
import { csvLine, csvSqlLine } from './csv';
import { rawRows } from './paging';
import { type CsvSource, snapshotCsv } from './snapshot';

/**
 * The CSV export written by the database (spec: operational §7 Bulk upload/export): the
 * cells are neutralised and quoted in SQL exactly as `csvLine` does in JavaScript, the export reads
 * one snapshot (rows written meanwhile stay out, X-Export-Count is the number of lines), and a
 * reader that goes away ends the export's transaction. On PostgreSQL the rows come from COPY, on
 * PGlite from a cursor: this file runs on both (DATABASE_URL).
 */
let t: TestApp;
let admin: Record<string, string>;
let orgId: string;

/** Values a spreadsheet would run, and values that need CSV quoting. */
const TRICKY = [
  '=1+2',
  '+SUM(A1)',
  '-2+3',
  '@cmd',
  '\tx',
  '\rx',
  'a,b',
  'say "hi"',
  '=x,"y"',
  'two\nlines',
  "'quoted",
  'plain',
  '',
  null,
];

const text = async (body: Readable) => {
  let s = '';
  for await (const chunk of body) s += chunk.toString();
  return s;
};

const fakeRequest = (org = orgId) => ({
  withTenant: <T>(fn: Parameters<typeof withTenant<T>>[2], config?: Parameters<typeof withTenant<T>>[3]) =>
    withTenant(t.database.db, org, fn, config),
  server: t.app,
});

let seq = 0;
/** Inserts `n` transactions of the demo organization through the owner connection. */
async function addTransactions(n: number, extra: Partial<typeof transactions.$inferInsert> = {}) {
  const rows = Array.from({ length: n }, () => {
    seq++;
    return {
      organizationId: orgId,
      invoiceId: `INV-EXP-${seq}`,
      orderId: `ORD-EXP-${seq}`,
      type: 'storage',
      status: 'finished',
      createdAt: new Date(Date.UTC(2026, 0, 1) + seq * 1000),
      ...extra,
    };
  });
  await t.database.db.insert(transactions).values(rows);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  // one transaction per tricky value, in the user's name, e-mail and phone and the own e-mail
  for (const v of TRICKY) {
    const [u] = await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: v ?? 'Nobody', lastName: v, email: v, phoneNumber: v })
      .returning();
    await addTransactions(1, { idUser: u!.id });
    await addTransactions(1, { email: v, phoneNumber: v });
  }
  await addTransactions(40);
  // another organization's rows never show
  const other = await createOrganization(t, 'Export Other');
  await t.database.db.insert(transactions).values({
    organizationId: other.id,
    invoiceId: 'INV-OTHER-1',
    orderId: 'ORD-OTHER-1',
    type: 'storage',
    status: 'finished',
  });
});
afterAll(() => t.close());

describe('CSV written in SQL', () => {
  it('csvSqlLine writes each line exactly as csvLine does', async () => {
    const cols = ['a', 'b', 'c'];
    const records = TRICKY.flatMap((a) => [
      { a, b: 'x', c: a },
      { a: 'plain', b: a, c: '5' },
    ]);
    const values = sql.join(
      records.map((r) => sql`(${r.a}::text, ${r.b}::text, ${r.c}::text)`),
      sql`, `,
    );
    const fields = cols.map((c) => sql`v.${sql.identifier(c)}`);
    const rows = await rawRows<{ line: string }>({
      tx: t.database.db as never,
      query: sql`select ${csvSqlLine(fields)} as line from (values ${values}) v(a, b, c)`,
    });
    expect(rows.map((r) => r.line)).toEqual(records.map((r) => csvLine(cols, r)));
  });

  it('the transactions export neutralises and quotes every cell as the list shows it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events/export', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1);
    const records = parse(lines, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([...TRANSACTION_CSV_HEADERS]);
    expect(records).toHaveLength(Number(res.headers['x-export-count']));
    expect(records.some((r) => r.invoice_id === 'INV-OTHER-1')).toBe(false);
    // newest first, as the list
    const list = (await t.app.inject({ method: 'GET', url: '/api/events?size=50', headers: admin })).json();
    expect(records.slice(0, 50).map((r) => r.invoice_id)).toEqual(
      list.items.map((i: { invoice_id: string }) => i.invoice_id),
    );
    // no cell starts with a formula character, whatever the data
    for (const r of records) for (const v of Object.values(r)) expect(v).not.toMatch(/^[=+\-@\t\r]/);
    const own = (v: string | null) => records.find((r) => r.email === (v ? csvCellText(v) : ''));
    expect(own('=x,"y"')?.phone_number).toBe(`'=x,"y"`);
    expect(own('two\nlines')?.email).toBe('two\nlines');
    expect(own('\rx')?.email).toBe("'\rx");
    expect(records.find((r) => r.user === `'-2+3 -2+3`)?.phone_number).toBe("'-2+3");
    // byte for byte what csvLine writes for the records read back (neutralised cells stay as they
    // are: they no longer start with a formula character)
    expect(res.body).toBe(
      `\ufeff${TRANSACTION_CSV_HEADERS.join(',')}\n${records.map((r) => csvLine(TRANSACTION_CSV_HEADERS, r)).join('')}`,
    );
  });
});

describe('filters', () => {
  it("takes the list's filters: a search with quotes and backslashes, a status list, ids", async () => {
    const [u] = await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Quote', lastName: "O'Brien\\x" })
      .returning();
    await addTransactions(2, { idUser: u!.id });
    await addTransactions(1, { idUser: u!.id, status: 'canceled' });
    const exported = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/events/export?${query}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const records = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
      expect(records).toHaveLength(Number(res.headers['x-export-count']));
      return records.map((r) => r.invoice_id);
    };
    const listed = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/events?size=50&${query}`, headers: admin }))
        .json()
        .items.map((i: { invoice_id: string }) => i.invoice_id);
    const search = `search=${encodeURIComponent("'Brien\\x")}`;
    expect(await exported(search)).toHaveLength(3);
    expect(await exported(search)).toEqual(await listed(search));
    const statuses = `${search}&status=finished,canceled`;
    expect(await exported(statuses)).toEqual(await listed(statuses));
    expect(await exported(`${search}&status=canceled`)).toHaveLength(1);
    expect(await exported('search=nobody-has-this-name')).toEqual([]);
    const two = (await listed(search)).slice(0, 2);
    const ids = (await t.app.inject({ method: 'GET', url: `/api/events?size=50&${search}`, headers: admin }))
      .json()
      .items.slice(0, 2)
      .map((i: { id: string }) => i.id);
    expect(await exported(`ids=${ids.join(',')}`)).toEqual(two);
  });
});

/** The text of a cell after neutralisation (as parsed back from the CSV). */
const csvCellText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

describe('one snapshot', () => {
  it('rows written while the export runs stay out, and the count is the number of lines', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/events/export', headers: admin });
    const count = Number(before.headers['x-export-count']);
    let written: Promise<unknown> | undefined;
    const { total, body } = await snapshotCsv(
      fakeRequest(),
      { raw: new EventEmitter() as never },
      ['invoice_id', 'order_id'],
      async () => {
        // the snapshot is taken (the tenant setting was the first statement): another connection
        // commits new rows now, before the count and the rows are read. PGlite has one connection,
        // which the export holds: its write waits for the export to end.
        written = t.database.db
          .insert(transactions)
          .values({
            organizationId: orgId,
            invoiceId: 'INV-DURING-1',
            orderId: 'ORD-DURING-1',
            type: 'storage',
            status: 'finished',
            createdAt: new Date(Date.UTC(2027, 0, 1)),
          })
          .then(() => undefined);
        if (t.database.kind === 'postgres') await written;
        const where = sql`${transactions.organizationId} = ${orgId}`;
        return {
          count: sql`select count(*) as n from ${transactions} where ${where}`,
          rows: sql`select ${transactions.invoiceId} as invoice_id, ${transactions.orderId} as order_id
            from ${transactions} where ${where} order by ${transactions.createdAt} desc, ${transactions.id} desc`,
        };
      },
    );
    const csv = await text(body);
    await written;
    expect(total).toBe(count);
    expect(csv.trim().split('\n')).toHaveLength(count + 1);
    expect(csv).not.toContain('INV-DURING-1');
    // committed: the next export has it
    const after = await t.app.inject({ method: 'GET', url: '/api/events/export', headers: admin });
    expect(Number(after.headers['x-export-count'])).toBe(count + 1);
    expect(after.body.split('\n')[1]).toContain('INV-DURING-1');
  });

  it('a reader that goes away ends the export and frees its connection', async () => {
    const raw = new EventEmitter();
    const started = Date.now();
    const { body } = await snapshotCsv(fakeRequest(), { raw: raw as never }, ['invoice_id'], async () => ({
      count: sql`select 10000000 as n`,
      // ten million generated rows: far more than one read takes
      rows: sql`select g::text as invoice_id from generate_series(1, 10000000) g`,
    }));
    const reader = body[Symbol.asyncIterator]();
    const first = await reader.next();
    expect(String(first.value)).toContain('invoice_id');
    await reader.return?.();
    raw.emit('close');
    // the export's transaction ends long before ten million rows would have been written, and the
    // database answers the next request
    const res = await t.app.inject({ method: 'GET', url: '/api/events?size=1', headers: admin });
    expect(res.statusCode).toBe(200);
    if (t.database.kind === 'postgres') {
      // this file's own database: another test file's export may be running on the same server
      for (let i = 0; i < 100; i++) {
        const busy = await rawRows<{ n: string }>({
          tx: t.database.db as never,
          query: sql`select count(*) as n from pg_stat_activity where datname = current_database() and query like 'copy (select%' and state = 'active'`,
        });
        if (Number(busy[0]!.n) === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const busy = await rawRows<{ n: string }>({
        tx: t.database.db as never,
        query: sql`select count(*) as n from pg_stat_activity where datname = current_database() and query like 'copy (select%' and state <> 'idle'`,
      });
      expect(Number(busy[0]!.n)).toBe(0);
    }
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('keyset pages', () => {
  it('the rows paged on their index order are the rows of the one statement, in order, ties included', async () => {
    // rows created at the same instant: the id breaks the tie across a page boundary
    await addTransactions(7, { createdAt: new Date(Date.UTC(2026, 5, 1)) });
    const exportOf = async (query: Record<string, string>, paged: boolean) => {
      const q = ZTransactionListQuery.parse({ page: 1, ...query });
      const { total, body } = await snapshotCsv(
        fakeRequest(),
        { raw: new EventEmitter() as never },
        TRANSACTION_CSV_HEADERS,
        async (tx): Promise<CsvSource> => {
          const s = await exportStatements({ tx, organizationId: orgId, q });
          return paged ? s : { count: s.count, rows: s.rows };
        },
        { first: [1, 2, 3], rest: 4 },
      );
      return { total, csv: await text(body) };
    };
    const queries: Record<string, string>[] = [
      {},
      { order: 'asc', sort_by: 'created_at' },
      { status: 'finished' },
      { search: 'EXP-1' },
    ];
    for (const query of queries) {
      const whole = await exportOf(query, false);
      const paged = await exportOf(query, true);
      expect(paged.total, JSON.stringify(query)).toBe(whole.total);
      expect(paged.csv, JSON.stringify(query)).toBe(whole.csv);
    }
  });
});

describe('errors', () => {
  it('a statement that fails answers its error, before any body', async () => {
    const err = await snapshotCsv(
      fakeRequest(),
      { raw: new EventEmitter() as never },
      ['invoice_id'],
      async () => ({
        count: sql`select 1 as n`,
        rows: sql`select (1 / (g - 1))::text as invoice_id from generate_series(1, 3) g`,
      }),
    ).then(
      () => undefined,
      (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
    );
    expect(err).toMatch(/division by zero/);
  });
});
