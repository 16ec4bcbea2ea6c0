import {
  endpoints,
  type TUser,
  USER_CSV_HEADERS,
  USER_MESSAGES,
  userContactIssue,
  ZUser,
  ZUserCreateRequest,
  ZUserListQuery,
  ZUserUpdateRequest,
  zUserPhone,
} from '@lockerops/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TxAuth, TxOrg } from '../../auth/context';
import type { Tx } from '../../db/client';
import { groups, groupUsers, users } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { likePattern } from '../../lib/crud/paging';
import { lockOr404, type Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { fromWire, toWire, wireColumns, wireOf } from '../../lib/wire';
import { assertEmailFree, notificationChannelOf, takenEmails } from './queries';

type UserRow = typeof users.$inferSelect;

/** The wire shape of users, with their groups (one query for the whole batch). */
export async function usersToWire(rows: UserRow[], tx: Tx): Promise<TUser[]> {
  const ids = rows.map((r) => r.id);
  const orgIds = organizationsOf(rows);
  const links = ids.length
    ? await tx
        .select({ userId: groupUsers.userId, id: groups.id, name: groups.name })
        .from(groupUsers)
        .innerJoin(groups, eq(groups.id, groupUsers.groupId))
        .where(and(inArray(groupUsers.organizationId, orgIds), inArray(groupUsers.userId, ids)))
        .orderBy(asc(groups.name))
    : [];
  return rows.map((u) =>
    wireOf(ZUser, u, {
      groups: links.filter((l) => l.userId === u.id).map((l) => ({ id: l.id, name: l.name })),
    }),
  );
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
  sort: wireColumns(users, [
    'name',
    'last_name',
    'email',
    'phone_number',
    'user_id',
    'address',
    'active',
    'created_at',
  ]),
  defaultSort: { by: 'created_at', order: 'desc' },
  toWire: (rows, tx) => usersToWire(rows as unknown as UserRow[], tx),
  async toValues(input, { tx, auth, existing }) {
    if (existing?.isDeleted) throw NotFound();
    const channel = await notificationChannelOf({ tx, auth });
    const issue = userContactIssue(input, channel);
    if (issue) throw BadRequest(issue);
    await assertEmailFree({
      tx,
      auth,
      email: input.email,
      exceptId: existing?.id,
      message: USER_MESSAGES.emailInUse,
    });
    return userValues(input);
  },
  // A CSV upload: the channel read once, every e-mail of the file looked up in one statement
  // (index users_org_email_uq), and each row's e-mail claimed in order, as row by row.
  async bulkValues(inputs, { tx, auth }) {
    const channel = await notificationChannelOf({ tx, auth });
    const taken = await takenEmails({ tx, auth, emails: inputs.map((i) => i.email) });
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
  messages: { created: USER_MESSAGES.created, updated: USER_MESSAGES.updated },
};

/** The column values of a user create or update (the rules are checked before). */
function userValues(
  input: z.output<typeof ZUserCreateRequest> | z.output<typeof ZUserUpdateRequest>,
): Record<string, unknown> {
  return fromWire(ZUserCreateRequest, input);
}

/** The WHERE of the live (not deleted) users of one organization. */
/**
 * Activates or deactivates one user, under a row lock, with its User History Log entry; returns
 * the user's wire shape. 404 (`NotFound`) for a deleted user, a missing id or another
 * organization's. spec: operational §1, §4 User, §7 `PATCH users/{id}/activate|deactivate`.
 */
export async function setUserActive({
  tx,
  auth,
  id,
  action,
}: TxAuth<{ id: string; action: 'activate' | 'deactivate' }>): Promise<TUser> {
  const before = (await lockOr404({ tx, table: users, auth, id })) as unknown as UserRow;
  if (before.isDeleted) throw NotFound();
  const [after] = await tx
    .update(users)
    .set({ active: action === 'activate', updatedAt: new Date() })
    .where(and(eq(users.id, before.id), eq(users.organizationId, auth.organizationId)))
    .returning();
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'user',
      entityId: before.id,
      action,
      before: toWire(users, before as never),
      after: toWire(users, after as never),
    },
  });
  return (await usersToWire([after!], tx))[0]!;
}

/**
 * Finds live users: by `email` (case-insensitive; else 404 'User Email does not exist'), by
 * `phone_number` (normalised; else 404 'User Phone does not exist'), or up to 20 matching `search`
 * (2+ characters, else 400) on name, last name, e-mail, phone or user id. spec: operational §7
 * `GET users/search`, §8.
 */
export async function searchUsers({
  tx,
  organizationId,
  query,
}: TxOrg<{ query: { email?: string; phone_number?: string; search?: string } }>): Promise<TUser[]> {
  const { email, phone_number, search } = query;
  if (email) {
    const rows = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.isDeleted, false),
          eq(users.emailNormalized, email.toLowerCase()),
        ),
      )
      .limit(1);
    if (!rows.length) throw NotFound(USER_MESSAGES.emailNotFound);
    return usersToWire(rows, tx);
  }
  if (phone_number) {
    const parsed = zUserPhone.safeParse(phone_number);
    const phone = parsed.success ? parsed.data : null;
    const rows = phone
      ? await tx
          .select()
          .from(users)
          .where(
            and(
              eq(users.organizationId, organizationId),
              eq(users.isDeleted, false),
              eq(users.phoneNumber, phone),
            ),
          )
          .orderBy(asc(users.createdAt))
          .limit(1)
      : [];
    if (!rows.length) throw NotFound(USER_MESSAGES.phoneNotFound);
    return usersToWire(rows, tx);
  }
  const s = search?.trim() ?? '';
  if (s.length < 2) throw BadRequest('Search needs at least 2 characters.');
  const pattern = likePattern(s);
  const rows = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isDeleted, false),
        or(
          ...[users.name, users.lastName, users.email, users.phoneNumber, users.userId].map((c) =>
            ilike(sql`${c}::text`, pattern),
          ),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(20);
  return usersToWire(rows, tx);
}

/**
 * One user of the organization, deleted ones included, or undefined when the id is missing or of
 * another organization. spec: operational §7 `GET events_by_user/{id}`.
 */
export async function findUser({
  tx,
  organizationId,
  id,
}: TxOrg<{ id: string }>): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
  return user;
}
