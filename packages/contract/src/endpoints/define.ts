/**
 * What every entry of the endpoint map is made of: the `Endpoint` shape, `endpoint()` to declare
 * one with its literal types, and `listArea()`, the calls every list area shares. The entries
 * themselves live in one module per area beside this one; `../endpoints.ts` joins them.
 */
import { z } from 'zod';
import type { TApiKeyScope } from '../api-keys';
import { ZBulkUploadResult, ZDeleteResponse, ZIdsRequest, ZListQuery, zCursor, zPage } from '../common';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of the API. */
export interface Endpoint {
  method: HttpMethod;
  path: `/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  multipart?: true;
  file?: true;
  /**
   * The API-key scopes that may call it (`X-API-Key`); none: keys are refused (403, default
   * deny). Enforced by the server from this entry.
   */
  scopes?: readonly TApiKeyScope[];
}

/**
 * The partner/kiosk key's scope: it drives transactions and reservations, looks users up, reads
 * what a kiosk shows and unlocks doors; never members, settings, organizations, white-label,
 * webhooks or keys, the console's bulk tools (bulk end or delete, exports, CSV uploads) or refunds.
 */
export const PARTNER = ['partner'] as const satisfies readonly TApiKeyScope[];

/** Declares one endpoint, keeping its literal method, path and schema types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** `{ id }` of every `/<area>/:id` call of a list area. */
export const ZListAreaParams = z.object({ id: z.uuid() });

/**
 * The calls every list area shares (spec: operational §2 common list behaviour, §7): list, one
 * record, create, update, bulk delete, CSV export and CSV upload. `query` holds the area's filters
 * beyond page, size, search, sort and cursor; `page` an answer beyond the house page, if any.
 */
export function listArea<
  A extends string,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Q extends z.ZodObject = z.ZodObject<Record<never, never>>,
  Page extends z.ZodType = ReturnType<typeof zPage<Item>>,
>(
  area: A,
  s: {
    item: Item;
    create: Create;
    update: Update;
    query?: Q;
    page?: Page;
    /** the calls an API key of the partner scope may make (default: none) */
    partner?: readonly ('list' | 'get' | 'create' | 'update')[];
  },
) {
  const scoped = (call: 'list' | 'get' | 'create' | 'update') =>
    s.partner?.includes(call) ? { scopes: PARTNER } : {};
  const path = `/${area}` as const;
  const list = ZListQuery.extend({ cursor: zCursor, ...((s.query ?? z.object({})) as Q).shape });
  const exported = list.omit({ page: true, size: true, cursor: true }).extend({
    ids: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
      .pipe(z.array(z.uuid()).optional()),
  });
  return {
    list: endpoint({
      method: 'GET',
      path,
      query: list,
      response: (s.page ?? zPage(s.item, true)) as Page,
      ...scoped('list'),
    }),
    get: endpoint({
      ...scoped('get'),
      method: 'GET',
      path: `/${area}/:id` as const,
      params: ZListAreaParams,
      response: s.item,
    }),
    create: endpoint({ method: 'POST', path, body: s.create, response: s.item, ...scoped('create') }),
    update: endpoint({
      ...scoped('update'),
      method: 'PUT',
      path: `/${area}/:id` as const,
      params: ZListAreaParams,
      body: s.update,
      response: s.item,
    }),
    remove: endpoint({ method: 'DELETE', path, body: ZIdsRequest, response: ZDeleteResponse }),
    export: endpoint({ method: 'GET', path: `/${area}/export` as const, query: exported, file: true }),
    upload: endpoint({
      method: 'POST',
      path: `/${area}/csv` as const,
      response: ZBulkUploadResult,
      multipart: true,
    }),
  } as const;
}

/** The list areas' calls, by area. */
export type ListAreaEndpoints = ReturnType<typeof listArea>;
