/**
 * What every entry of the endpoint map is made of: the `Endpoint` shape, `endpoint()` to declare
 * one with its literal types, and `listArea()`, the calls every list area shares. The entries
 * themselves live in one module per area beside this one; `../endpoints.ts` joins them.
 */
import { z } from 'zod';
import type { TApiKeyScope } from '../api-keys';
import {
  ADMINS,
  EVERYONE,
  STAFF,
  type TRole,
  ZBulkUploadResult,
  ZDeleteResponse,
  ZIdsRequest,
  ZListQuery,
  zCursor,
  zPage,
} from '../common';

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
  /**
   * The roles of the signed-in team member that may call it (an API key acts as an admin, within
   * its `scopes`); the others answer 403. None: every role for a GET, admins and members for a
   * write (the viewer is read-only; spec: operational §1, console §6). Named with the contract's
   * sets `ADMINS`, `STAFF`, `EVERYONE`. Enforced by the server from this entry (`rolesOf`);
   * public calls (sign-in, the widget) have no caller to check.
   */
  roles?: readonly TRole[];
}

/**
 * The roles that may call `e`: its `roles`, else every role for a GET and admins and members for
 * a write (spec: operational §1 "viewer is read-only").
 */
export const rolesOf = (e: Pick<Endpoint, 'method' | 'roles'>): readonly TRole[] =>
  e.roles ?? (e.method === 'GET' ? EVERYONE : STAFF);

/**
 * The partner/kiosk key's scope: it drives transactions and reservations, looks users up, reads
 * what a kiosk shows and unlocks doors; never members, settings, organizations, white-label,
 * webhooks or keys, the console's bulk tools (bulk end or delete, exports, CSV uploads) or refunds.
 */
export const PARTNER = ['partner'] as const satisfies readonly TApiKeyScope[];

/** Declares one endpoint, keeping its literal method, path and schema types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** Who may call a list area's calls (`listArea`'s `roles`). */
export interface ListAreaRoles {
  read?: readonly TRole[];
  write?: readonly TRole[];
  /** Editing an existing record; defaults to `write`. */
  update?: readonly TRole[];
  delete?: readonly TRole[];
  upload?: readonly TRole[];
  export?: readonly TRole[];
}

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
    /**
     * Who may call what (spec: operational §1): `read` (list, one record; default every role),
     * `write` (create; default admins and members), `update` (default `write`), `delete` (bulk
     * delete), `upload` (CSV) and `export` (CSV; these three default to admins).
     */
    roles?: ListAreaRoles;
  },
) {
  const scoped = (call: 'list' | 'get' | 'create' | 'update') =>
    s.partner?.includes(call) ? { scopes: PARTNER } : {};
  const write = s.roles?.write ?? STAFF;
  const read = s.roles?.read ?? EVERYONE;
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
      roles: read,
    }),
    get: endpoint({
      ...scoped('get'),
      roles: read,
      method: 'GET',
      path: `/${area}/:id` as const,
      params: ZListAreaParams,
      response: s.item,
    }),
    create: endpoint({
      method: 'POST',
      path,
      body: s.create,
      response: s.item,
      ...scoped('create'),
      roles: write,
    }),
    update: endpoint({
      ...scoped('update'),
      roles: s.roles?.update ?? write,
      method: 'PUT',
      path: `/${area}/:id` as const,
      params: ZListAreaParams,
      body: s.update,
      response: s.item,
    }),
    remove: endpoint({
      method: 'DELETE',
      path,
      body: ZIdsRequest,
      response: ZDeleteResponse,
      roles: s.roles?.delete ?? ADMINS,
    }),
    export: endpoint({
      method: 'GET',
      path: `/${area}/export` as const,
      query: exported,
      file: true,
      roles: s.roles?.export ?? ADMINS,
    }),
    upload: endpoint({
      roles: s.roles?.upload ?? ADMINS,
      method: 'POST',
      path: `/${area}/csv` as const,
      response: ZBulkUploadResult,
      multipart: true,
    }),
  } as const;
}

/** The list areas' calls, by area. */
export type ListAreaEndpoints = ReturnType<typeof listArea>;
