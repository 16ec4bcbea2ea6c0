import * as contract from '@lockerops/contract';
import { type Endpoint, ERROR_CODES, ZErrorResponse } from '@lockerops/contract';
import { z } from 'zod';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `detail` holds the spec message(s)',
  401: 'No session, or an expired or revoked one',
  402: 'The payment was declined or the payment account cannot take it',
  403: 'The role or a feature flag does not allow this',
  404: 'Not found, or owned by another organization',
  409: 'Conflict: a duplicate, or a state that forbids the action',
  413: 'Too large',
  429: 'Too many requests',
  502: 'An outside system (payment provider, lock, mail) did not answer as expected',
};

/**
 * The error answer's `code` as documented: every code a message can have. It
 * stays a plain string on the wire, so a new code never fails serialization.
 */
z.globalRegistry.add(ZErrorResponse.shape.code, {
  description:
    "The message's stable machine code (`<area>.<key>`, or `http.<status name>` for a free-form detail); translate it, fall back to `detail`. With a list `detail`, `codes` holds the code of each text; a template message's arguments are in `params`.",
  enum: [...ERROR_CODES],
});

/** Response schemas of the error statuses a route may answer, for the OpenAPI document. */
export function errors(...codes: number[]) {
  return Object.fromEntries(
    codes.map((c) => [c, ZErrorResponse.describe(DESCRIPTIONS[c] ?? 'Error')]),
  ) as Record<number, typeof ZErrorResponse>;
}

/**
 * Gives every schema the contract exports (`Z<Name>`) the id `<Name>` in zod's global registry, so
 * the OpenAPI document lists it once under `components/schemas` and refers to it with `$ref`
 * (fastify-type-provider-zod `jsonSchemaTransformObject`). Idempotent; a schema exported under two
 * names keeps the first. `Z…Query` and `Z…Params` stay inline. The list pages made with `zPage` so far
 * are named `<Item>Page`: call it again once the routes are registered.
 */
export function registerContractSchemas(): void {
  for (const [name, value] of Object.entries(contract)) {
    if (!/^Z[A-Z]/.test(name) || !(value instanceof z.ZodType)) continue;
    // Query strings and path parameters are documented as a list of parameters, which needs the
    // schema's properties in place, not a reference.
    if (/(Query|Params)$/.test(name)) continue;
    const meta = z.globalRegistry.get(value);
    if (meta?.id) continue;
    // fastify-type-provider-zod names the input variant of a schema `<id>Input`: avoid the suffix.
    z.globalRegistry.add(value, { ...meta, id: name.slice(1).replace(/Input$/, 'Request') });
  }
  for (const [name, value] of Object.entries(contract)) {
    if (!/^Z[A-Z]/.test(name) || !(value instanceof z.ZodType)) continue;
    const page = contract.pageSchemaOf(value);
    const id = z.globalRegistry.get(value)?.id;
    if (page && id && !z.globalRegistry.get(page)?.id) z.globalRegistry.add(page, { id: `${id}Page` });
  }
}

type Json = unknown;
type Doc = {
  paths?: Record<string, Record<string, { responses?: Record<string, Json>; tags?: string[] }>>;
  tags?: { name: string; description?: string }[];
  components?: Record<string, Record<string, Json>>;
};

const SAFE_INT = 9007199254740991;

/**
 * Lists every tag in the order of its first operation, with its description (the spec section of a
 * list area) where one is known, so the spec section is written once per area.
 */
function describeTags(doc: Doc, descriptions: ReadonlyMap<string, string>): void {
  const names = new Set<string>();
  for (const ops of Object.values(doc.paths ?? {}))
    for (const op of Object.values(ops)) for (const tag of op.tags ?? []) names.add(tag);
  doc.tags = [...names].map((name) => {
    const description = descriptions.get(name);
    return description ? { name, description } : { name };
  });
}

/** Drops the bounds zod writes for every `int()` (±2^53−1) and the pattern beside `format: uuid`. */
function dropSafeIntegerBounds(node: Json): Json {
  if (Array.isArray(node)) return node.map(dropSafeIntegerBounds);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'minimum' && v === -SAFE_INT) || (k === 'maximum' && v === SAFE_INT)) continue;
    // a parameter is optional unless it says otherwise (OpenAPI 3.0 §4.7.12)
    if (k === 'required' && v === false && 'in' in node) continue;
    // `format: uuid` already says it; zod adds the 150-character pattern of a UUID to each one.
    if (k === 'pattern' && (node as { format?: string }).format === 'uuid') continue;
    out[k] = dropSafeIntegerBounds(v);
  }
  return out;
}

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) collectRefs(n, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else collectRefs(v, into);
    }
  }
}

/**
 * Adds the `Idempotency-Key` request header (README: Idempotent writes) to every write operation
 * (POST, PUT, PATCH, DELETE) of the document that needs a credential, described by `description`;
 * `publicWrites` lists the others as `<method> <path>` (`post /api/auth/sign-in`, path parameters
 * as `{id}`). `compactDocument` then shares it as `components/parameters/Idempotency-Key`.
 */
export function withIdempotencyKeyParameter<T>(
  document: T,
  description: string,
  publicWrites: ReadonlySet<string>,
): T {
  const doc = document as { paths?: Record<string, Record<string, { parameters?: Json[] }>> };
  for (const [path, ops] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(ops)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      if (publicWrites.has(`${method} ${path}`)) continue;
      op.parameters = [
        ...(op.parameters ?? []),
        {
          in: 'header',
          name: 'Idempotency-Key',
          description,
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      ];
    }
  return document;
}

/**
 * Makes the generated document reviewable: the error answers (the same `{ detail }` per status on
 * every operation) become `components/responses/Error<status>` references, the safe-integer bounds
 * go, and only the component schemas something refers to are kept (the type provider emits an input
 * and an output variant of every registered schema).
 */
export function compactDocument<T>(document: T, tagDescriptions: ReadonlyMap<string, string> = new Map()): T {
  const doc = dropSafeIntegerBounds(document) as Doc;
  describeTags(doc, tagDescriptions);
  const responses: Record<string, Json> = {};
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const [code, answer] of Object.entries(op.responses ?? {})) {
        if (Number(code) < 400 || !DESCRIPTIONS[Number(code)]) continue;
        const refs = new Set<string>();
        collectRefs(answer, refs);
        if (refs.size !== 1 || !refs.has('#/components/schemas/ErrorResponse')) continue;
        // a streamed export declares its errors under its own media type (text/csv)
        const media = Object.keys((answer as { content?: object }).content ?? {});
        const name = `Error${code}${media.includes('text/csv') ? 'Csv' : ''}`;
        responses[name] ??= answer;
        if (JSON.stringify(responses[name]) !== JSON.stringify(answer)) continue;
        op.responses![code] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  doc.components ??= {};
  const components = doc.components;
  components.responses = { ...components.responses, ...responses };
  components.parameters = { ...components.parameters, ...shareParameters(doc) };
  const schemas = components.schemas ?? {};
  const keep = new Set<string>();
  const pending = new Set<string>();
  collectRefs({ paths: doc.paths, responses: components.responses }, pending);
  while (pending.size) {
    const [ref] = pending;
    pending.delete(ref!);
    const name = ref!.replace('#/components/schemas/', '');
    if (keep.has(name) || !(name in schemas)) continue;
    keep.add(name);
    collectRefs(schemas[name], pending);
  }
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => keep.has(name)));
  return dropInputSuffix(nameSuccessAnswers(doc)) as T;
}

const SUCCESS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

/** A success answer without its own description says its status ("OK") instead of "Default Response". */
function nameSuccessAnswers(doc: Doc): Doc {
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const [code, answer] of Object.entries(op.responses ?? {})) {
        const a = answer as { description?: string };
        if (a.description === 'Default Response') a.description = SUCCESS[code] ?? 'Answer';
      }
    }
  }
  return doc;
}

/**
 * The type provider names the request variant of a schema `<id>Input`. Where the document keeps no
 * different `<id>` (a request body only, or both variants alike), the schema is called `<id>`.
 */
function dropInputSuffix(doc: Doc): Doc {
  const schemas = doc.components?.schemas ?? {};
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith('Input')) continue;
    const twin = name.slice(0, -'Input'.length);
    if (twin in schemas && JSON.stringify(schemas[twin]) !== JSON.stringify(schemas[name])) continue;
    renames.set(`#/components/schemas/${name}`, `#/components/schemas/${twin}`);
  }
  if (renames.size === 0) return doc;
  const rewrite = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' ? (renames.get(v) ?? v) : rewrite(v),
      ]),
    );
  };
  const out = rewrite(doc) as Doc;
  const renamed: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(out.components!.schemas!)) {
    const to = renames.get(`#/components/schemas/${name}`)?.replace('#/components/schemas/', '') ?? name;
    renamed[to] ??= schema;
  }
  out.components!.schemas = renamed;
  return out;
}

/** Parameters that several operations declare alike become `components/parameters`. */
function shareParameters(doc: Doc): Record<string, Json> {
  type Param = { name?: string; in?: string };
  const ops = Object.values(doc.paths ?? {}).flatMap((o) => Object.values(o)) as { parameters?: Param[] }[];
  const counts = new Map<string, number>();
  for (const op of ops)
    for (const p of op.parameters ?? [])
      counts.set(JSON.stringify(p), (counts.get(JSON.stringify(p)) ?? 0) + 1);
  const names = new Map<string, string>();
  const shared: Record<string, Json> = {};
  for (const [key, n] of counts) {
    const p = JSON.parse(key) as Param;
    if (n < 3 || !p.name) continue;
    let name = p.name;
    for (let i = 2; name in shared; i++) name = `${p.name}${i}`;
    shared[name] = p;
    names.set(key, name);
  }
  for (const op of ops) {
    if (!op.parameters) continue;
    op.parameters = op.parameters.map((p) => {
      const name = names.get(JSON.stringify(p));
      return (name ? { $ref: `#/components/parameters/${name}` } : p) as Param;
    });
  }
  return shared;
}

/**
 * What a route adds to its entry of the endpoint map: the OpenAPI text (tags, summary,
 * description), the error answers (`errors(…)`), and only the schema parts the map leaves out —
 * a multipart body (the map says `multipart`), the format of path parameters it does not declare,
 * a query or success answer the server builds itself (`zPage`), the media type of a CSV export.
 * A part the map declares always comes from the map.
 */
export interface RouteDoc {
  tags: string[];
  summary: string;
  description?: string;
  errors?: Record<number, z.ZodType>;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The success answer of an entry that declares none (a page the server builds with `zPage`). */
  response?: z.ZodType;
  consumes?: string[];
  /** The media types of an answer that is not JSON (a streamed CSV export). */
  produces?: string[];
  hide?: boolean;
  security?: Array<Record<string, string[]>>;
}

type Either<A, B> = A extends z.ZodType ? A : B extends z.ZodType ? B : undefined;
type StatusOf<E extends Endpoint> = E['status'] extends number ? E['status'] : 200;
type SuccessOf<E extends Endpoint, D extends RouteDoc> = E['response'] extends z.ZodType
  ? { [K in StatusOf<E>]: E['response'] }
  : D['response'] extends z.ZodType
    ? { [K in StatusOf<E>]: D['response'] }
    : unknown;

/** The Fastify route options `routeOf(entry, doc)` fixes. */
export type RouteOf<E extends Endpoint, D extends RouteDoc> = {
  method: E['method'];
  url: E['path'];
  schema: Omit<D, 'errors' | 'params' | 'querystring' | 'body' | 'response'> & {
    params: Either<E['params'], D['params']>;
    querystring: Either<E['query'], D['querystring']>;
    body: Either<E['body'], D['body']>;
    // The error answers are documented and serialized, but typed out: handlers throw them.
    response: SuccessOf<E, D>;
  };
};

/**
 * A route registered from its entry of the endpoint map (`endpoints.<area>.<call>`, @lockerops/
 * contract): method, path, path parameters, query, JSON body and success answer come from the
 * entry, so the server and the console cannot drift apart (its roles and API-key scopes are
 * enforced from the entry by the auth hook); the route adds its documentation, error answers and
 * handler:
 *
 *   app.route({
 *     ...routeOf(endpoints.apiKeys.rotate, { tags, summary: 'Rotate the API key', params, errors: errors(401, 404) }),
 *     handler: async (req) => …,
 *   });
 *
 * Request and answer types of the handler follow from the entry's schemas (type provider).
 */
export function routeOf<const E extends Endpoint, const D extends RouteDoc>(e: E, doc: D): RouteOf<E, D> {
  const { errors: errs, params, querystring, body, response, ...text } = doc;
  const schema: Record<string, unknown> = { ...text };
  const p = e.params ?? params;
  const q = e.query ?? querystring;
  const b = e.body ?? body;
  if (p) schema.params = p;
  if (q) schema.querystring = q;
  if (b) schema.body = b;
  const ok = e.response ?? response;
  const answers = { ...(ok ? { [e.status ?? 200]: ok } : {}), ...errs };
  // A route with no declared answer at all (an HTML page) keeps Fastify's default one.
  if (Object.keys(answers).length > 0) schema.response = answers;
  // Marks the route as made from the map (invisible to the OpenAPI document): a test checks every
  // /api route carries it, so a route declared by hand fails.
  Object.defineProperty(schema, FROM_ENDPOINT_MAP, { value: true });
  return { method: e.method, url: e.path, schema } as unknown as RouteOf<E, D>;
}

/** The mark `routeOf` leaves on the schema of the routes it makes. */
export const FROM_ENDPOINT_MAP = Symbol('lockerops.endpointMap');
