import * as contract from '@lockerops/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildDemo } from '../../scripts/demo/build';
import {
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  requestArbitrary,
  SchemaArbitraries,
} from '../../test/fuzz';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';

/**
 * Fuzzing: fast-check drives every operation of the OpenAPI document with valid,
 * near-valid and hostile path parameters, query fields and bodies (JSON and multipart, CSV files
 * included). No answer may be a 500, and afterwards every stored row still reads back through its
 * list with the contract's schema. A fixed seed and a fixed number of requests make every run the
 * same; `FUZZ_SEED` and `FUZZ_REQUESTS` change them for a longer local run. On the PostgreSQL
 * server (`DATABASE_URL`, the second pass of CI after the embedded one) the run sends 5,000 other
 * requests (another seed) rather than the same 12,000 again.
 */
const ON_SERVER = Boolean(process.env.DATABASE_URL);
const SEED = Number(process.env.FUZZ_SEED ?? (ON_SERVER ? 7070 : 1616));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (ON_SERVER ? 5_000 : 12_000));

let t: TestApp;
let auth: { authorization: string };
let doc: OpenApiDocument;
let sent = 0;
let resignIns = 0;
let genCpu = 0;
const ids = new Map<string, string[]>();
const examples = new Map<string, Record<string, unknown>[]>();
/** The signed-in admin and its organization stay out of the id pools (no fuzzed call may remove them). */
let ownIds: Set<string>;
const failures: string[] = [];
const spent = new Map<string, number>();
const statuses = new Map<string, Record<number, number>>();

beforeAll(async () => {
  t = await createTestApp({ GEOCODE_URL: 'off', ...(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {}) });
  // A small operator of every area (the demo's set-up and a day of transactions), made through the API.
  await buildDemo({
    app: t.app,
    database: t.database,
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    counts: { users: 8, devicesPerLocation: 5, days: 1, perDay: 20 },
  });
  const session = await signIn(t.app);
  auth = bearer(session);
  ownIds = new Set([session.user.user_id, session.user.organization.id]);
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}, 300_000);
afterAll(() => t?.close(), 120_000);

type Entry = { path: string; method: string; op: Operation };
const operations = (): Entry[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({ path, method: m.toUpperCase(), op })),
  );

/** The entity an operation is about: `/api/locations/{id}` → `locations`. */
const entityOf = (path: string) => {
  const first = path.split('/')[2] ?? '';
  const aliases: Record<string, string> = { location: 'locations', event: 'events', delivery: 'events' };
  return aliases[first] ?? first;
};

/** Sign-in and other session calls are sent without the session (sign-out would end it). */
const isSessionCall = (path: string) =>
  path.startsWith('/api/auth/') || path === '/api/members/change-password';

async function send(req: FuzzRequest, entry: Entry) {
  const headers: Record<string, string> = isSessionCall(entry.path) ? {} : { ...auth };
  let payload: string | Buffer | undefined;
  if (req.multipart) {
    headers['content-type'] = req.multipart.contentType;
    payload = req.multipart.payload;
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.json);
  }
  sent++;
  let res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers, payload });
  if (res.statusCode === 401 && !isSessionCall(entry.path)) {
    // A fuzzed call may have ended the session (a member disabled, the password changed): sign in again.
    resignIns++;
    auth = bearer(await signIn(t.app));
    sent++;
    res = await t.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: { ...headers, ...auth },
      payload,
    });
  }
  const key = `${entry.method} ${entry.path}`;
  const counts = statuses.get(key) ?? {};
  counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  statuses.set(key, counts);
  if (process.env.FUZZ_TRACE && entry.path.includes(process.env.FUZZ_TRACE))
    console.info(res.statusCode, req.url.slice(0, 100), req.mutation.slice(0, 100), res.body.slice(0, 200));
  // 502 and 503 are answers of their own (an outside system failed, a feature not configured).
  if (res.statusCode === 500 || res.statusCode > 503)
    failures.push(
      `${entry.method} ${entry.path} → ${res.statusCode} ${res.body.slice(0, 100)}\n    ${req.method} ${req.url.slice(0, 300)}\n    ${req.mutation.slice(0, 300)}`,
    );
  return res;
}

/** Keeps the ids of the rows a call created, for the path parameters and id fields that follow. */
function remember(entry: Entry, body: string) {
  let out: unknown;
  try {
    out = JSON.parse(body);
  } catch {
    return;
  }
  const id = (out as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id) || ownIds.has(id)) return;
  const key = entityOf(entry.path);
  const list = ids.get(key) ?? [];
  if (!list.includes(id) && list.length < 40) ids.set(key, [...list, id]);
}

const csvRowSchema = (entries: Entry[]) => (csvPath: string) => {
  const base = csvPath.replace(/\/csv$/, '');
  const create = entries.find((e) => e.path === base && e.method === 'POST');
  return create?.op.requestBody?.content['application/json']?.schema;
};

/** Runs `perOperation` generated requests of each operation; answers how many were sent. */
async function run(entries: Entry[], perOperation: (e: Entry) => number, seed: number, keep = true) {
  const arbs = new SchemaArbitraries(doc, ids, examples);
  const rowSchema = csvRowSchema(operations());
  for (const [i, entry] of entries.entries()) {
    const n = perOperation(entry);
    if (!n) continue;
    const arb = requestArbitrary(
      arbs.forEntity(entityOf(entry.path)),
      entry.path,
      entry.method,
      entry.op,
      rowSchema,
    );
    const started = performance.now();
    const g0 = process.cpuUsage();
    const reqs = fc.sample(arb, { seed: seed + i, numRuns: n });
    const g1 = process.cpuUsage(g0);
    genCpu += (g1.user + g1.system) / 1000;
    for (const req of reqs) {
      const res = await send(req, entry);
      if (keep && res.statusCode < 300 && entry.method === 'POST') remember(entry, res.body);
    }
    const key = `${entry.method} ${entry.path}`;
    spent.set(key, (spent.get(key) ?? 0) + performance.now() - started);
  }
}

/**
 * The schema an entity list's items must match: the contract's `Z<Item>` of the list's
 * `<Item>Page` answer.
 */
function itemSchemaOf(op: Operation): z.ZodType | undefined {
  const ref = op.responses?.['200']?.content?.['application/json']?.schema?.$ref ?? '';
  const m = /\/([A-Za-z]+)Page$/.exec(ref);
  const schema = m && (contract as Record<string, unknown>)[`Z${m[1]}`];
  return schema instanceof z.ZodType ? schema : undefined;
}

/** Lists of stored rows: every GET without path parameters that answers `<Item>Page`. */
const lists = () =>
  operations().filter((e) => e.method === 'GET' && !e.path.includes('{') && itemSchemaOf(e.op));

/** Reads the stored rows of every list into the id pools and the examples. */
async function harvest() {
  for (const e of lists()) {
    const res = await t.app.inject({ method: 'GET', url: `${e.path}?size=40`, headers: auth });
    if (res.statusCode !== 200) continue;
    const items = (res.json().items as Array<Record<string, unknown>>).filter(
      (x) => typeof x.id === 'string' && !ownIds.has(x.id),
    );
    const key = entityOf(e.path);
    ids.set(key, [...new Set([...(ids.get(key) ?? []), ...items.map((x) => x.id as string)])].slice(0, 40));
    if (!examples.has(key)) examples.set(key, items.slice(0, 10));
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers no 500 to ${REQUESTS} generated requests`, async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(250);
    await harvest();
    // Then every operation, each its share of the budget; deletions last so rows live long enough.
    const ordered = [
      ...all.filter((e) => e.method !== 'DELETE'),
      ...all.filter((e) => e.method === 'DELETE'),
    ];
    const perOperation = Math.ceil((REQUESTS - sent) / ordered.length);
    await run(ordered, () => perOperation, SEED, true);
    console.info(
      `fuzz: ${sent} requests, ${resignIns} new sign-ins, ids kept: ${[...ids].map(([k, v]) => `${k} ${v.length}`).join(', ')}`,
    );
    if (process.env.FUZZ_PROFILE)
      console.info(
        `generation cpu ${Math.round(genCpu)} ms, total cpu ${Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000)} ms`,
      );
    if (process.env.FUZZ_PROFILE)
      console.info(
        [...spent]
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.FUZZ_PROFILE) || 25)
          .map(([k, ms]) => `${Math.round(ms)} ms ${k} ${JSON.stringify(statuses.get(k))}`)
          .join('\n'),
      );
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 900_000);

  it('leaves every stored row matching its schema', async () => {
    expect(lists().length).toBeGreaterThan(15);
    const broken: string[] = [];
    for (const e of lists()) {
      const schema = itemSchemaOf(e.op)!;
      const res = await t.app.inject({ method: 'GET', url: `${e.path}?size=10000`, headers: auth });
      if (res.statusCode !== 200) {
        broken.push(`${e.path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      for (const item of res.json().items as unknown[]) {
        const parsed = schema.safeParse(item);
        if (!parsed.success)
          broken.push(
            `${e.path}: ${JSON.stringify(item).slice(0, 200)} ${parsed.error.message.slice(0, 200)}`,
          );
      }
    }
    expect(broken).toEqual([]);
  }, 120_000);
});
