import { z } from 'zod';
import { MAX_PAGE_SIZE } from './common';

/** Texts of the Groups area (spec: operational §5 Group, §8). */
export const GROUP_MESSAGES = {
  nameRequired: 'name is required',
  created: 'Group created successfully',
  updated: 'Group updated successfully',
  userAssigned: 'User assigned to group',
  userRemoved: 'User removed from group',
  resourceAssigned: 'Resource assigned to group',
  resourceRemoved: 'Resource removed from group',
  userNotFound: 'User not found',
  resourceNotFound: 'Resource not found',
} as const;

/** Kinds of resource a group can hold (spec: operational §7 Groups). */
export const GROUP_RESOURCE_TYPES = ['location', 'device'] as const;
export const ZGroupResourceType = z.enum(GROUP_RESOURCE_TYPES);
export type TGroupResourceType = z.infer<typeof ZGroupResourceType>;

/** A group with its counts (spec: operational §3 Group). */
export const ZGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  users: z.number().int().describe('number of users in the group'),
  devices: z.number().int().describe('number of devices assigned to the group'),
  locations: z.number().int().describe('number of locations assigned to the group'),
  couriers: z
    .boolean()
    .describe(
      "the group holds the organization's couriers: its members sign in at the screens with a courier code",
    ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** Create and update: `name` from the query (`POST groups?name`) or a JSON body. */
export const ZGroupCreateRequest = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: GROUP_MESSAGES.nameRequired }).min(1, GROUP_MESSAGES.nameRequired).max(100),
  ),
  /** marks the group as the organization's couriers (kept as it was when left out) */
  couriers: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
});
export type TGroupCreateRequest = z.input<typeof ZGroupCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZGroupUpdateRequest = ZGroupCreateRequest;

/** `GET groups` answers up to 10000 rows by default (spec: operational §7 Groups). */
export const ZGroupListQuery = z.object({
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});

/** `PATCH groups/{id}/assign-user` / `remove-user`: one user or several. */
export const ZGroupUsersRequest = z
  .object({ id_user: z.uuid().optional(), id_users: z.array(z.uuid()).max(10000).optional() })
  .refine((b) => b.id_user || b.id_users?.length, { message: GROUP_MESSAGES.userNotFound });
export type TGroupUsersRequest = z.infer<typeof ZGroupUsersRequest>;

/** `PATCH groups/{id}/assign` / `remove`: one location or device. */
export const ZGroupResourceRequest = z.object({ id_resource: z.uuid(), resource_type: ZGroupResourceType });
export type TGroupResourceRequest = z.infer<typeof ZGroupResourceRequest>;

/** The users and resources of one group, for its edit dialog. */
export const ZGroupMembers = z.object({
  users: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      last_name: z.string().nullable(),
      email: z.string().nullable(),
    }),
  ),
  resources: z.array(
    z.object({ id_resource: z.uuid(), resource_type: ZGroupResourceType, name: z.string() }),
  ),
});
export type TGroupMembers = z.infer<typeof ZGroupMembers>;
