/**
 * Request generators for fuzzing the partner API from its own OpenAPI document: fast-check
 * arbitraries for every operation's path parameters, query fields and body (JSON or multipart),
 * valid by the document's schema, near-valid (one field off: missing, past a bound, of the wrong
 * type) or hostile (huge numbers, long strings, unicode, injection-looking text).
 */
import fc from 'fast-check';
import { PNG } from './multipart';

/** The subset of JSON Schema (OpenAPI 3.0 dialect) the generated document uses. */
export interface Schema {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  description?: string;
}

interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  path: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter> };
}

/** One generated request, ready for `app.inject`. */
export interface FuzzRequest {
  method: string;
  url: string;
  /** JSON body, or a multipart body (bytes and its content type). */
  json?: unknown;
  multipart?: { payload: Buffer; contentType: string };
  /** What was changed from valid, for the failure report. */
  mutation: string;
}

const OMIT = Symbol('omit');

/** Text that tends to break parsers, SQL and encoders. */
const HOSTILE_TEXT = [
  '',
  ' ',
  'x'.repeat(3000),
  'é'.repeat(20_001),
  '𝄞'.repeat(600),
  '\u202e\u0301\u200b\ufeff',
  '\ud800',
  "' or 1=1 --",
  '"; drop table users; --',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '=cmd|"/c calc"!A1',
  '%00%ff',
  '\\',
  '9007199254740993',
  '1e309',
  '-1',
  '0',
  'NaN',
  'Infinity',
  'null',
  'true',
  '2026-02-30T25:61:61Z',
  '99999-12-31',
  '0000-00-00',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '{"$gt":""}',
];
const HOSTILE_NUMBERS = [
  9007199254740991,
  -9007199254740991,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
  0.1,
  -0.5,
  123456789.123456,
  1e15,
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  ...HOSTILE_NUMBERS,
  null,
  true,
  false,
  {},
  [],
  [null],
  ['x'],
  { a: { b: { c: [1, 'x', null] } } },
];

/** A hostile value of any type. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_VALUES), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.maxSafeInteger(), weight: 1 },
  );

/** Hostile text for places that only carry text (query strings, path segments, CSV cells). */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS.map(String)), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), weight: 1 },
    {
      arbitrary: fc.string({ unit: 'binary', maxLength: 100 }),
      weight: 1,
    },
    { arbitrary: fc.maxSafeInteger().map(String), weight: 1 },
  );

/** Fast-check arbitraries for the schemas of one OpenAPI document. */
export class SchemaArbitraries {
  /**
   * @param doc the OpenAPI document
   * @param ids existing row ids by entity (`locations`, `devices`…) to use for `format: uuid`
   *   fields besides random ones, so that valid requests reach the handlers' rules and not only
   *   their 404; a field `id_location` or a path `/locations/{id}` picks from `locations`
   * @param examples stored rows by entity, as their lists answer them: bodies are also made from
   *   them (their fields that the body schema has), so near-valid bodies differ from a real one in
   *   one field and get past the rules the schema cannot express
   * @param entity the entity of the operation at hand (for `id`, `ids` and examples)
   */
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly ids: Map<string, string[]>,
    private readonly examples: Map<string, Record<string, unknown>[]> = new Map(),
    private readonly entity = '',
  ) {}

  /** The same generators for the operations of one entity. */
  forEntity(entity: string): SchemaArbitraries {
    return new SchemaArbitraries(this.doc, this.ids, this.examples, entity);
  }

  /** Bodies made from the entity's stored rows: the fields the schema has, `id_x` from `x.id`. */
  private fromExamples(s: Schema): fc.Arbitrary<Record<string, unknown>> | undefined {
    const rows = this.examples.get(this.entity);
    const props = s.properties;
    if (!rows?.length || !props) return undefined;
    const bodies = rows.map((row) => {
      const body: Record<string, unknown> = {};
      for (const k of Object.keys(props)) {
        const nested = row[k.replace(/^id_/, '')] as { id?: unknown } | null | undefined;
        const v =
          k in row
            ? row[k]
            : k.startsWith('id_') && nested && typeof nested === 'object'
              ? nested.id
              : undefined;
        if (v !== undefined) body[k] = v;
      }
      return body;
    });
    return fc.constantFrom(...bodies);
  }

  /** Follows `$ref` and folds `allOf` into one schema. */
  resolve(s: Schema, depth = 0): Schema {
    if (depth > 20) return {};
    if (s.$ref) {
      const name = s.$ref.replace('#/components/schemas/', '');
      const { $ref: _ref, ...rest } = s;
      return this.resolve({ ...this.doc.components.schemas[name], ...rest }, depth + 1);
    }
    if (s.allOf) {
      const { allOf, ...rest } = s;
      let merged: Schema = {};
      for (const part of allOf) {
        const r = this.resolve(part, depth + 1);
        merged = {
          ...merged,
          ...r,
          properties: { ...merged.properties, ...r.properties },
          required: [...(merged.required ?? []), ...(r.required ?? [])],
        };
        if (!r.properties && !merged.properties) delete merged.properties;
      }
      if (!Object.keys(merged.properties ?? {}).length) delete merged.properties;
      if (!merged.required?.length) delete merged.required;
      return this.resolve({ ...merged, ...rest }, depth + 1);
    }
    return s;
  }

  parameter(p: Parameter): Parameter {
    if (!p.$ref) return p;
    return this.doc.components.parameters![p.$ref.replace('#/components/parameters/', '')]!;
  }

  /** A uuid: an existing id of the entity `hint` names (a field or parameter name), any id, or a new one. */
  uuid(hint = ''): fc.Arbitrary<string> {
    const stem = /^(id|ids|id2)?$/.test(hint)
      ? this.entity
      : hint.replace(/^id_|_ids?$/g, '').replace(/_/g, '-');
    const own = this.ids.get(stem) ?? this.ids.get(`${stem}s`) ?? [];
    const all = [...this.ids.values()].flat();
    const options: Array<{ arbitrary: fc.Arbitrary<string>; weight: number }> = [
      { arbitrary: fc.uuid({ version: 4 }), weight: 1 },
    ];
    if (own.length) options.push({ arbitrary: fc.constantFrom(...own), weight: 6 });
    if (all.length) options.push({ arbitrary: fc.constantFrom(...all), weight: 1 });
    return fc.oneof(...options);
  }

  /** A value the schema accepts. */
  valid(schema: Schema, depth = 0, hint = ''): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if (s.nullable) {
      const { nullable: _n, ...rest } = s;
      return fc.oneof(
        { arbitrary: this.valid(rest, depth, hint), weight: 4 },
        { arbitrary: fc.constant(null), weight: 1 },
      );
    }
    const union = s.anyOf ?? s.oneOf;
    if (union) return fc.oneof(...union.map((u) => this.valid(u, depth + 1, hint)));
    if (s.enum) return fc.constantFrom(...s.enum);
    switch (s.type) {
      case 'string':
        return this.validString(s, hint);
      case 'integer': {
        const min = s.minimum ?? Number.MIN_SAFE_INTEGER;
        const max = s.maximum ?? Number.MAX_SAFE_INTEGER;
        const small = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) });
        return min > 1000 || max < -1000
          ? fc.integer({ min, max })
          : fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
      }
      case 'number': {
        const min = s.minimum ?? -Number.MAX_VALUE;
        const max = s.maximum ?? Number.MAX_VALUE;
        const cents = fc
          .integer({ min: Math.ceil(Math.max(min, -1e6) * 100), max: Math.floor(Math.min(max, 1e6) * 100) })
          .map((c) => c / 100);
        return fc.oneof(
          { arbitrary: cents, weight: 3 },
          { arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), weight: 1 },
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        if (depth > 4) return fc.constant([]);
        const minLength = s.minItems ?? 0;
        return fc.array(this.valid(s.items ?? {}, depth + 1, hint), {
          minLength,
          maxLength: Math.max(minLength, Math.min(s.maxItems ?? 4, 4)),
        });
      }
      case 'object':
        return this.validObject(s, depth);
      default:
        if (s.properties) return this.validObject(s, depth);
        return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
    }
  }

  private validString(s: Schema, hint: string): fc.Arbitrary<string> {
    const minLength = s.minLength ?? 0;
    const maxLength = s.maxLength ?? 10_000;
    const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
    if (s.format === 'uuid') return this.uuid(hint);
    if (s.format === 'email') return fc.emailAddress().filter(fits);
    if (s.format === 'date-time')
      return fc
        .date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    if (s.format === 'binary') return fc.constant('');
    if (s.pattern) {
      try {
        return fc.stringMatching(new RegExp(s.pattern, 'u')).filter(fits);
      } catch {
        return fc.string({ minLength, maxLength: Math.min(maxLength, 40) });
      }
    }
    // Long text at the limit: one repeated character (generating thousands at random is slow).
    const long = fc
      .tuple(
        fc.constantFrom('a', 'é', '😀', '中', ' '),
        fc.integer({ min: Math.max(minLength, maxLength - 2), max: maxLength }),
      )
      .map(([c, n]) => c.repeat(Math.ceil(n / c.length)).slice(0, n));
    return fc
      .oneof(
        {
          arbitrary: fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 30)) }),
          weight: 4,
        },
        {
          arbitrary: fc.string({
            unit: 'grapheme',
            minLength,
            maxLength: Math.max(minLength, Math.min(maxLength, 30)),
          }),
          weight: 2,
        },
        {
          arbitrary: maxLength <= 20_000 ? long : fc.constant('a'.repeat(Math.max(minLength, 5000))),
          weight: 1,
        },
      )
      .filter(fits);
  }

  private validObject(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    if (depth > 5) return fc.constant({});
    const props = s.properties ?? {};
    const required = new Set(s.required ?? []);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, p] of Object.entries(props)) {
      const r = this.resolve(p);
      if (r.format === 'binary') continue;
      model[k] = this.valid(p, depth + 1, k);
    }
    return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  }

  /** Values just outside what the schema accepts, plus hostile values of any type. */
  invalid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const near: unknown[] = [];
    if (!s.nullable) near.push(null);
    if (s.enum) near.push('not-one-of-them', String(s.enum[0]).toUpperCase(), ` ${String(s.enum[0])}`);
    if (s.type === 'string') {
      near.push(123, true, [], {});
      if (s.maxLength !== undefined) near.push('z'.repeat(s.maxLength + 1), '😀'.repeat(s.maxLength));
      if (s.minLength) near.push('z'.repeat(s.minLength - 1));
      if (s.format === 'uuid') near.push('not-a-uuid', '123', `${'a'.repeat(36)}`);
      if (s.format === 'date-time') near.push('2026-13-01T00:00:00Z', '1e10', '10000-01-01T00:00:00Z');
      if (s.pattern) near.push('x', '123456789012345678901234567890');
    }
    if (s.type === 'integer' || s.type === 'number') {
      near.push('12', 'abc', true, 1e308, -1e308, 9007199254740991, -9007199254740991, 2 ** 31, 2 ** 53 + 2);
      if (s.type === 'integer') near.push(1.5);
      if (s.maximum !== undefined) near.push(s.maximum + 1, s.maximum + 0.001);
      if (s.minimum !== undefined) near.push(s.minimum - 1, s.minimum - 0.001);
    }
    if (s.type === 'boolean') near.push('true', 1, 'yes');
    if (s.type === 'array') {
      near.push(
        'x',
        {},
        [null],
        Array.from({ length: 1001 }, (_, i) => i),
      );
      if (s.maxItems !== undefined) near.push(Array.from({ length: s.maxItems + 1 }, () => 'x'));
    }
    if (s.type === 'object' || s.properties) near.push([], 'x', 7);
    const options: Array<{ arbitrary: fc.Arbitrary<unknown>; weight: number }> = [
      { arbitrary: hostileValue(), weight: 2 },
    ];
    if (near.length) options.push({ arbitrary: fc.constantFrom(...near), weight: 3 });
    if ((s.type === 'object' || s.properties) && depth < 3)
      options.push({ arbitrary: this.nearObject(s, depth + 1).map((x) => x.value), weight: 2 });
    if (s.type === 'array' && s.items && depth < 3)
      options.push({
        arbitrary: fc.array(this.invalid(s.items, depth + 1), { minLength: 1, maxLength: 3 }),
        weight: 1,
      });
    return fc.oneof(...options);
  }

  /** A valid object with one property changed: missing, invalid, or an unknown extra one. */
  nearObject(schema: Schema, depth = 0): fc.Arbitrary<{ value: unknown; mutation: string }> {
    const s = this.resolve(schema);
    const keys = Object.keys(s.properties ?? {});
    const base = this.valid(s, depth) as fc.Arbitrary<Record<string, unknown>>;
    if (!keys.length)
      return fc
        .tuple(base, hostileValue())
        .map(([v, x]) => ({ value: { ...v, extra: x }, mutation: 'extra' }));
    return fc.tuple(base, fc.constantFrom(...keys)).chain(([v, k]) =>
      fc
        .oneof(
          { arbitrary: fc.constant<unknown>(OMIT), weight: 1 },
          { arbitrary: this.invalid(s.properties![k]!, depth + 1), weight: 6 },
        )
        .map((x) => {
          const out = { ...v };
          if (x === OMIT) delete out[k];
          else out[k] = x;
          return { value: out, mutation: x === OMIT ? `without ${k}` : `${k}=${preview(x)}` };
        }),
    );
  }

  /**
   * A body for the schema: valid, near-valid, or hostile; for an entity with stored rows, also a
   * stored row's fields as they are, with one field set to another valid value, or with one
   * field invalid or missing.
   */
  body(schema: Schema): fc.Arbitrary<{ value: unknown; mutation: string }> {
    const s = this.resolve(schema);
    const isObject = s.type === 'object' || !!s.properties;
    const options: Array<{ arbitrary: fc.Arbitrary<{ value: unknown; mutation: string }>; weight: number }> =
      [
        { arbitrary: this.valid(s).map((value) => ({ value, mutation: 'valid' })), weight: 2 },
        {
          arbitrary: this.invalid(s).map((value) => ({ value, mutation: `body=${preview(value)}` })),
          weight: 1,
        },
      ];
    if (isObject) options.push({ arbitrary: this.nearObject(s), weight: 3 });
    const example = isObject ? this.fromExamples(s) : undefined;
    const keys = Object.keys(s.properties ?? {});
    if (example && keys.length)
      options.push(
        { arbitrary: example.map((value) => ({ value, mutation: 'stored row' })), weight: 2 },
        {
          arbitrary: fc.tuple(example, fc.constantFrom(...keys)).chain(([ex, k]) =>
            fc
              .oneof(
                {
                  arbitrary: this.valid(s.properties![k]!, 1, k).map((v) => ({ v, how: 'valid' })),
                  weight: 3,
                },
                {
                  arbitrary: this.invalid(s.properties![k]!, 1).map((v) => ({ v, how: 'invalid' })),
                  weight: 3,
                },
                { arbitrary: fc.constant({ v: OMIT as unknown, how: 'omitted' }), weight: 1 },
              )
              .map(({ v, how }) => {
                const value = { ...ex };
                if (v === OMIT) delete value[k];
                else value[k] = v;
                return { value, mutation: `stored row, ${how} ${k}=${preview(v === OMIT ? '' : v)}` };
              }),
          ),
          weight: 4,
        },
      );
    return fc.oneof(...options);
  }

  /** The text of a query field or path segment: valid by its schema, or not. */
  text(schema: Schema | undefined, validOnly = false, hint = ''): fc.Arbitrary<string> {
    const s = schema ? this.resolve(schema) : {};
    const valid = this.valid(s, 0, hint).map(queryText);
    if (validOnly) return valid;
    return fc.oneof(
      { arbitrary: valid, weight: 3 },
      { arbitrary: this.invalid(s).map(queryText), weight: 1 },
      { arbitrary: hostileText(), weight: 1 },
    );
  }
}

const preview = (x: unknown) => {
  const s = typeof x === 'string' ? JSON.stringify(x) : (JSON.stringify(x) ?? String(x));
  return s.length > 60 ? `${s.slice(0, 60)}…(${s.length})` : s;
};

/** Percent-encodes text; a lone surrogate goes out as the bytes of its (invalid) UTF-8 form. */
export const encodeText = (v: string): string => {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
};

const queryText = (v: unknown): string =>
  Array.isArray(v)
    ? v.map(queryText).join(',')
    : v === null || v === undefined
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** Files for a multipart field: images, not-quite-images, nothing, or noise. */
const fileArb = (csv: fc.Arbitrary<Buffer> | undefined): fc.Arbitrary<Buffer> =>
  fc.oneof(
    ...(csv ? [{ arbitrary: csv, weight: 6 }] : []),
    { arbitrary: fc.constant(PNG), weight: 3 },
    { arbitrary: fc.constant(Buffer.alloc(0)), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)), weight: 1 },
    { arbitrary: fc.constant(Buffer.concat([PNG.subarray(0, 40)])), weight: 1 },
    {
      arbitrary: fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')),
      weight: 1,
    },
  );

/** Joins CSV cells, quoting as RFC 4180 says. */
const csvLine = (cells: string[]) =>
  cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/**
 * Builds the request arbitraries of every operation of `doc`.
 *
 * @param csvSchemaOf for a `…/csv` upload path, the create schema its rows are validated with
 */
export function requestArbitrary(
  arbs: SchemaArbitraries,
  path: string,
  method: string,
  op: Operation,
  csvSchemaOf: (csvPath: string) => Schema | undefined,
): fc.Arbitrary<FuzzRequest> {
  const params = (op.parameters ?? []).map((p) => arbs.parameter(p));
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');

  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { arbitrary: arbs.text(p.schema, true, p.name), weight: 6 },
        { arbitrary: arbs.text(p.schema, false, p.name), weight: 1 },
      ),
    ),
  );
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, arbs.text(p.schema, true, p.name)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const badQueryArb =
    queryParams.length > 0
      ? fc
          .tuple(queryArb, fc.constantFrom(...queryParams))
          .chain(([q, p]) =>
            arbs
              .text(p.schema, false, p.name)
              .map((bad) => ({ q: { ...q, [p.name]: bad }, mutation: `?${p.name}=${preview(bad)}` })),
          )
      : undefined;

  const json = op.requestBody?.content['application/json']?.schema;
  const form = op.requestBody?.content['multipart/form-data']?.schema;
  type Body = { json?: unknown; multipart?: FuzzRequest['multipart']; mutation: string };
  let bodyArb: fc.Arbitrary<Body> = fc.constant({ mutation: 'valid' });
  if (json) bodyArb = arbs.body(json).map((b) => ({ json: b.value, mutation: b.mutation }));
  if (form) {
    const formArb = multipartArbitrary(arbs, form, csvSchemaOf(path), op.description);
    bodyArb = json ? fc.oneof(bodyArb, formArb) : formArb;
  }

  const build = (
    segments: string[],
    query: Record<string, string>,
    body: Body,
    mutation: string,
  ): FuzzRequest => {
    let i = 0;
    let url = path.replace(/\{[^}]+\}/g, () => encodeText(segments[i++] ?? ''));
    const qs = Object.entries(query)
      .map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`)
      .join('&');
    if (qs) url += `?${qs}`;
    return { method, url, json: body.json, multipart: body.multipart, mutation };
  };

  const options: Array<{ arbitrary: fc.Arbitrary<FuzzRequest>; weight: number }> = [
    {
      arbitrary: fc
        .tuple(pathArb, queryArb, bodyArb)
        .map(([seg, q, b]) => build(seg, q as Record<string, string>, b, b.mutation)),
      weight: 6,
    },
  ];
  if (badQueryArb)
    options.push({
      arbitrary: fc
        .tuple(pathArb, badQueryArb, bodyArb)
        .map(([seg, bq, b]) => build(seg, bq.q as Record<string, string>, b, `${bq.mutation} ${b.mutation}`)),
      weight: 2,
    });
  if (pathParams.length)
    options.push({
      arbitrary: fc
        .tuple(fc.tuple(...pathParams.map(() => hostileText())), queryArb, bodyArb)
        .map(([seg, q, b]) => build(seg, q as Record<string, string>, b, `path=${preview(seg)}`)),
      weight: 1,
    });
  return fc.oneof(...options);
}

/** A multipart body: the text fields of the schema (as text) and its binary fields as files. */
function multipartArbitrary(
  arbs: SchemaArbitraries,
  schema: Schema,
  csvRowSchema: Schema | undefined,
  description = '',
): fc.Arbitrary<{ multipart: FuzzRequest['multipart']; mutation: string }> {
  const s = arbs.resolve(schema);
  const props = Object.entries(s.properties ?? {}).map(([k, p]) => [k, arbs.resolve(p)] as const);
  const headers = /header(?:s| row) ([a-z_, ]+?);/.exec(description)?.[1]?.split(/,\s*/);
  const csv = headers ? csvArbitrary(arbs, headers, csvRowSchema) : undefined;
  const fields = fc.record(
    Object.fromEntries(
      props
        .filter(
          ([, p]) =>
            p.format !== 'binary' &&
            !(p.type === 'array' && p.items && arbs.resolve(p.items).format === 'binary'),
        )
        .map(([k, p]) => [
          k,
          fc.oneof(
            { arbitrary: arbs.text(p, true, k), weight: 4 },
            { arbitrary: arbs.text(p, false, k), weight: 1 },
          ),
        ]),
    ),
    { requiredKeys: [] },
  );
  const fileFields = props
    .filter(
      ([, p]) =>
        p.format === 'binary' ||
        (p.type === 'array' && p.items && arbs.resolve(p.items).format === 'binary') ||
        p.anyOf,
    )
    .map(([k]) => k);
  const files = fc.array(
    fc.record({
      name: fileFields.length ? fc.constantFrom(...fileFields) : fc.constant('file'),
      data: fileArb(csv),
      filename: fc.constantFrom('a.csv', 'a.png', 'x', '../../a.csv', 'ü 😀.png', ''),
    }),
    { minLength: 0, maxLength: 3 },
  );
  return fc.tuple(fields, files).map(([f, fl]) => {
    const boundary = '----lockeropsfuzz';
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(f as Record<string, string>))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (const file of fl)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      multipart: { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` },
      mutation: `multipart ${Object.keys(f as object).join(',')} files ${fl.map((x) => `${x.name}:${x.data.length}B`).join(',')}`,
    };
  });
}

/** CSV files for an upload: the header row, then rows of valid, empty or hostile cells. */
function csvArbitrary(
  arbs: SchemaArbitraries,
  headers: string[],
  rowSchema: Schema | undefined,
): fc.Arbitrary<Buffer> {
  const props = rowSchema ? (arbs.resolve(rowSchema).properties ?? {}) : {};
  const cell = (h: string) =>
    fc.oneof(
      { arbitrary: props[h] ? arbs.text(props[h], true, h) : fc.string({ maxLength: 20 }), weight: 5 },
      { arbitrary: fc.constant(''), weight: 1 },
      { arbitrary: hostileText(), weight: 1 },
    );
  const row = fc.tuple(...headers.map(cell));
  return fc
    .tuple(
      fc.subarray(headers, { minLength: Math.max(1, headers.length - 1) }),
      fc.array(row, { minLength: 1, maxLength: 6 }),
      fc.constantFrom('', '\ufeff'),
      fc.constantFrom('\n', '\r\n'),
    )
    .map(([cols, rows, bom, eol]) => {
      const lines = [csvLine(cols), ...rows.map((r) => csvLine(cols.map((c) => r[headers.indexOf(c)]!)))];
      return Buffer.from(bom + lines.join(eol) + eol);
    });
}
