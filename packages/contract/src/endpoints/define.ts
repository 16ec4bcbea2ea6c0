/**
 * What every entry of the endpoint map is made of: the `Endpoint` shape, `endpoint()` to declare
 * one with its literal types, and `listArea()`, the calls every list area shares. The entries
 * themselves live in one module per area beside this one; `../endpoints.ts` joins them.
 */
import { z } from 'zod';
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
}

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
>(area: A, s: { item: Item; create: Create; update: Update; query?: Q; page?: Page }) {
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
    list: endpoint({ method: 'GET', path, query: list, response: (s.page ?? zPage(s.item, true)) as Page }),
    get: endpoint({
      method: 'GET',
      path: `/${area}/:id` as const,
      params: ZListAreaParams,
      response: s.item,
    }),
    create: endpoint({ method: 'POST', path, body: s.create, response: s.item }),
    update: endpoint({
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
