import { EXACT_COUNT_LIMIT, MAX_OFFSET } from '@lockerops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, insertLocation, signIn, type TestApp } from '../../../test/helpers';
import { transactions, users } from '../../db/schema';
import { INVALID_CURSOR, PAGE_TOO_DEEP } from '../../lib/crud/paging';

let t: TestApp;
let admin: Record<string, string>;
let orgId: string;
let serial = 0;

/** Inserts `n` finished storage transactions created at `at` (several share one instant: ties). */
async function insert(n: number, at: (i: number) => Date, idUser?: string) {
  const rows = Array.from({ length: n }, (_, i) => {
    serial++;
    return {
      organizationId: orgId,
      invoiceId: `INV-P${String(serial).padStart(6, '0')}`,
      orderId: `ORD-P${String(serial).padStart(6, '0')}`,
      type: 'storage',
      status: 'finished',
      idUser,
      createdAt: at(i),
    };
  });
  await t.database.db.insert(transactions).values(rows);
}

const get = async (url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: admin });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  const base = Date.parse('2026-01-01T00:00:00Z');
  // 130 rows over 26 instants: five rows share each created_at, so the id breaks the ties.
  await insert(130, (i) => new Date(base + Math.floor(i / 5) * 60_000));
});

afterAll(async () => {
  await t?.close();
});

describe('GET events paging', () => {
  it('following next_cursor returns every row exactly once while rows are being inserted', async () => {
    const before = (await get('events?size=200')).json().items.map((e: { id: string }) => e.id);
    expect(before.length).toBe(130);
    const seen: string[] = [];
    let url = 'events?size=25';
    let pages = 0;
    let late = Date.parse('2026-02-01T00:00:00Z');
    for (;;) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.items.map((e: { id: string }) => e.id));
      pages++;
      // newer rows arrive between two pages: they belong before the cursor and shift no one
      await insert(7, () => new Date(late++));
      if (!page.next_cursor) break;
      url = `events?size=25&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(pages).toBe(6);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
  });

  it('page numbers alone (an offset) would repeat rows under the same inserts', async () => {
    // The same walk with page=N: the rows inserted meanwhile push earlier rows onto later pages.
    const seen: string[] = [];
    let late = Date.parse('2026-03-01T00:00:00Z');
    for (let page = 1; page <= 3; page++) {
      seen.push(...(await get(`events?size=25&page=${page}`)).json().items.map((e: { id: string }) => e.id));
      await insert(7, () => new Date(late++));
    }
    expect(new Set(seen).size).toBeLessThan(seen.length);
  });

  it('a cursor keeps the filters and the ascending order; a foreign or malformed cursor is refused', async () => {
    const asc = (await get('events?size=10&sort_by=created_at&order=asc')).json();
    const next = (
      await get(`events?size=10&sort_by=created_at&order=asc&cursor=${encodeURIComponent(asc.next_cursor)}`)
    ).json();
    expect(next.items[0].created_at >= asc.items[9].created_at).toBe(true);
    expect(next.items.some((e: { id: string }) => asc.items.some((a: { id: string }) => a.id === e.id))).toBe(
      false,
    );
    const wrong = await get(`events?size=10&cursor=${encodeURIComponent(asc.next_cursor)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(INVALID_CURSOR);
    expect((await get('events?cursor=nonsense')).statusCode).toBe(400);
    expect((await get(`events?sort_by=total&cursor=${encodeURIComponent(asc.next_cursor)}`)).statusCode).toBe(
      400,
    );
  });

  it('a page deeper than MAX_OFFSET rows needs the cursor', async () => {
    const res = await get(`events?size=100&page=${MAX_OFFSET / 100 + 2}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(PAGE_TOO_DEEP);
  });

  it('counts exactly up to EXACT_COUNT_LIMIT rows, then estimates and says so', async () => {
    const exact = (await get('events?size=1')).json();
    expect(exact.total_estimated).toBe(false);
    const [u] = await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Many' })
      .returning({ id: users.id });
    const mine = (await get(`events?id_user=${u!.id}`)).json();
    expect(mine).toMatchObject({ total: 0, total_estimated: false });
    await insert(
      EXACT_COUNT_LIMIT + 5,
      (i) => new Date(Date.parse('2025-06-01T00:00:00Z') + i * 1000),
      u!.id,
    );
    await t.database.db.execute(sql`analyze transactions`);
    const many = (await get(`events?id_user=${u!.id}&size=5`)).json();
    expect(many.total_estimated).toBe(true);
    expect(many.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(many.pages).toBe(Math.ceil(many.total / 5));
  });

  it('estimates a search over thousands of ids from a sample of them, as the planner would over all', async () => {
    // 1,000 users whose name matches (a list ESTIMATE_SAMPLE samples), 3 transactions each, and a
    // location whose name matches with 200 more: the search ORs the two parts
    const people = await t.database.db
      .insert(users)
      .values(Array.from({ length: 1000 }, (_, i) => ({ organizationId: orgId, name: `Quimby ${i}` })))
      .returning({ id: users.id });
    const depot = await insertLocation(t.database.db, orgId, 'Quimby Depot');
    const at = Date.parse('2025-03-01T00:00:00Z');
    const row = (n: string, i: number, more: { idUser?: string; idLocation?: string }) => ({
      organizationId: orgId,
      invoiceId: `INV-${n}`,
      orderId: `ORD-${n}`,
      type: 'storage',
      status: 'finished',
      createdAt: new Date(at + i * 1000),
      ...more,
    });
    await t.database.db
      .insert(transactions)
      .values([
        ...people.flatMap((p, i) => [0, 1, 2].map((k) => row(`Q${i}-${k}`, i * 3 + k, { idUser: p.id }))),
        ...Array.from({ length: 200 }, (_, i) => row(`D${i}`, -i - 1, { idLocation: depot })),
      ]);
    await t.database.db.execute(sql`analyze transactions`);
    const ids = `{${people.map((p) => p.id).join(',')}}`;
    const [plan] = (
      (await t.database.db.execute(
        sql`explain (format json) select 1 from transactions where organization_id = ${orgId} and (id_user = any(${ids}::uuid[]) or id_location = any(${`{${depot}}`}::uuid[]))`,
      )) as unknown as { rows: Array<Record<string, unknown>> }
    ).rows;
    const cell = Object.values(plan!)[0];
    const planner = (typeof cell === 'string' ? JSON.parse(cell) : cell)[0].Plan['Plan Rows'] as number;
    const found = (await get('events?search=quimby&size=5')).json();
    expect(found.total_estimated).toBe(true);
    expect(found.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // the sampled estimate lands where the planner's estimate over every id does
    expect(found.total).toBeGreaterThan(planner * 0.7);
    expect(found.total).toBeLessThan(planner * 1.3);
    expect(found.items).toHaveLength(5);
  });
});
