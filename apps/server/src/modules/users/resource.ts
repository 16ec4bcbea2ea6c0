import {
  endpoints,
  STAFF,
  type TUser,
  USER_CSV_HEADERS,
  USER_MESSAGES,
  userContactIssue,
  ZUser,
  ZUserCreateRequest,
  ZUserListQuery,
  ZUserUpdateRequest,
} from '@lockerops/contract';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { groups, groupUsers, users } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { likePattern } from '../../lib/crud/paging';
import type { Resource } from '../../lib/crud/resource';
import { assertEmailFree, notificationChannelOf, takenEmails } from './service';

type UserRow = typeof users.$inferSelect;

/** The wire shape of users, with their groups (one query for the whole batch). */
export async function usersToWire(rows: UserRow[], tx: Tx): Promise<TUser[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await tx
        .select({ userId: groupUsers.userId, id: groups.id, name: groups.name })
        .from(groupUsers)
        .innerJoin(groups, eq(groups.id, groupUsers.groupId))
        .where(inArray(groupUsers.userId, ids))
        .orderBy(asc(groups.name))
    : [];
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    last_name: u.lastName,
    email: u.email,
    address: u.address,
    phone_number: u.phoneNumber,
    user_id: u.userId,
    pin_code: u.pinCode,
    active: u.active,
    is_deleted: u.isDeleted,
    require_auth: u.requireAuth,
    access_code: u.accessCode,
    groups: links.filter((l) => l.userId === u.id).map((l) => ({ id: l.id, name: l.name })),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  }));
}

const like = (col: Parameters<typeof ilike>[0], v?: string): SQL | undefined =>
  v ? ilike(sql`${col}::text`, likePattern(v)) : undefined;

/**
 * The Users area (spec: operational §2 Users, §3 User, §5 User, §7 Users): the operator's
 * customers. Deleting is soft (`is_deleted`): the row stays for history and leaves every list.
 * Viewers cannot read users (spec: console §6); activation is a separate call (routes.ts).
 */
export const usersResource: Resource<
  TUser,
  typeof ZUserCreateRequest,
  typeof ZUserUpdateRequest,
  typeof ZUserListQuery
> = {
  entity: 'user',
  path: 'users',
  api: endpoints.users,
  model: 'user',
  tag: 'Users',
  table: users,
  item: ZUser,
  create: ZUserCreateRequest,
  update: ZUserUpdateRequest,
  query: ZUserListQuery,
  filters: (q) => [
    like(users.phoneNumber, q.by_phone),
    like(users.email, q.by_email),
    like(users.name, q.by_first_name),
    like(users.userId, q.by_user_id),
    like(users.lastName, q.by_last_name),
    like(users.address, q.by_address),
    q.active ? eq(users.active, q.active === 'true') : undefined,
    q.id_group
      ? sql`exists (select 1 from ${groupUsers} where ${groupUsers.userId} = ${users.id} and ${groupUsers.groupId} = ${q.id_group})`
      : undefined,
  ],
  search: [users.name, users.lastName, users.email, users.phoneNumber, users.userId, users.address],
  searchIndexed: true,
  sort: {
    name: users.name,
    last_name: users.lastName,
    email: users.email,
    phone_number: users.phoneNumber,
    user_id: users.userId,
    address: users.address,
    active: users.active,
    created_at: users.createdAt,
  },
  defaultSort: { by: 'created_at', order: 'desc' },
  toWire: (rows, tx) => usersToWire(rows as unknown as UserRow[], tx),
  async toValues(input, { tx, auth, existing }) {
    if (existing?.isDeleted) throw NotFound();
    const channel = await notificationChannelOf(tx, auth.organizationId);
    const issue = userContactIssue(input, channel);
    if (issue) throw BadRequest(issue);
    await assertEmailFree(tx, auth.organizationId, input.email, existing?.id, USER_MESSAGES.emailInUse);
    return userValues(input);
  },
  // A CSV upload: the channel read once, every e-mail of the file looked up in one statement
  // (index users_org_email_uq), and each row's e-mail claimed in order, as row by row.
  async bulkValues(inputs, { tx, auth }) {
    const channel = await notificationChannelOf(tx, auth.organizationId);
    const taken = await takenEmails(
      tx,
      auth.organizationId,
      inputs.map((i) => i.email),
    );
    return inputs.map((input) => {
      const issue = userContactIssue(input, channel);
      if (issue) return BadRequest(issue);
      const email = input.email?.toLowerCase();
      if (email) {
        if (taken.has(email)) return Conflict(USER_MESSAGES.emailInUse);
        taken.add(email);
      }
      return userValues(input);
    });
  },
  csv: { headers: USER_CSV_HEADERS },
  softDeleteColumn: users.isDeleted,
  roles: { read: STAFF },
  messages: { created: USER_MESSAGES.created, updated: USER_MESSAGES.updated },
};

/** The column values of a user create or update (the rules are checked before). */
function userValues(
  input: z.output<typeof ZUserCreateRequest> | z.output<typeof ZUserUpdateRequest>,
): Record<string, unknown> {
  return {
    name: input.name,
    lastName: input.last_name,
    email: input.email,
    address: input.address,
    phoneNumber: input.phone_number,
    userId: input.user_id,
    pinCode: input.pin_code,
    accessCode: input.access_code,
    ...(input.require_auth === undefined ? {} : { requireAuth: input.require_auth }),
  };
}

/** The WHERE of the live (not deleted) users of one organization. */
export const liveUsersOf = (organizationId: string): SQL =>
  and(eq(users.organizationId, organizationId), eq(users.isDeleted, false))!;
