import { MAX_PAGE_SIZE, MSG, membersEndpoints, rolesOf, type TMember, type TRole } from '@lockerops/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TxAuth } from '../../../auth/context';
import { members } from '../../../db/schema';
import { NotFound } from '../../../errors';
import { likePattern, pageOf, pageOffset } from '../../../lib/crud/paging';
import { historyRegistry } from '../../../lib/crud/resource';
import { wireColumns } from '../../../lib/wire';
import { type MemberRow, toMemberFor } from '../service';

const SORT: Record<string, AnyPgColumn> = wireColumns(members, [
  'email',
  'first_name',
  'last_name',
  'role',
  'status',
  'created_at',
]);

/** What a members list or export is filtered and sorted by. */
export interface MemberFilters {
  search?: string;
  role?: string;
  status?: string;
  ids?: string[];
  sort_by?: string;
  order?: 'asc' | 'desc';
}

/** The filters of a members list (search, role, status, ids); each statement adds the organization. */
function filtersOf(q: MemberFilters): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  const s = q.search?.trim();
  if (s && s.length >= 2) {
    const p = likePattern(s);
    parts.push(
      or(
        ilike(members.email, p),
        ilike(members.firstName, p),
        ilike(members.lastName, p),
        ilike(members.name, p),
      ),
    );
  }
  if (q.role) parts.push(eq(members.role, q.role as TRole));
  if (q.status) parts.push(eq(members.status, q.status));
  if (q.ids?.length) parts.push(inArray(members.id, q.ids));
  return and(...parts);
}

const orderOf = (sortBy?: string, order?: 'asc' | 'desc') => {
  const known = !!sortBy && Object.hasOwn(SORT, sortBy);
  const col = known ? SORT[sortBy!]! : members.createdAt;
  const dir = known ? (order ?? 'asc') : 'desc';
  return [dir === 'desc' ? desc(col) : asc(col), asc(members.id)];
};

/** Lets `GET history/member/{id}` show a member's audit trail to those who may read the member. */
export function registerMemberHistory(): void {
  historyRegistry.set('member', { table: members, roles: rolesOf(membersEndpoints.members.get) });
}

/**
 * One page (1-based, at most `MAX_PAGE_SIZE`) of the organization's team members on the wire
 * (`GET members`): searched over e-mail and names (2+ characters), filtered by role and status,
 * sorted by a known column (default newest first); `pin_code` as the caller may see it. spec:
 * operational §7 Members.
 */
export async function memberPage({
  tx,
  auth,
  q,
}: TxAuth<{ q: MemberFilters & { page: number; size: number } }>) {
  const size = Math.min(q.size, MAX_PAGE_SIZE);
  const filters = filtersOf(q);
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(members)
    .where(and(eq(members.organizationId, auth.organizationId), filters))) as [{ total: number }];
  const rows = await tx
    .select()
    .from(members)
    .where(and(eq(members.organizationId, auth.organizationId), filters))
    .orderBy(...orderOf(q.sort_by, q.order))
    .limit(size)
    .offset(pageOffset(q.page, size));
  return pageOf(rows.map(toMemberFor(auth)), total, q.page, size);
}

/**
 * Every team member matching the filters of a members list, or the given ids, in the list's order
 * (`GET members/export`). spec: operational §7 Bulk upload/export.
 */
export async function membersForExport({ tx, auth, q }: TxAuth<{ q: MemberFilters }>): Promise<MemberRow[]> {
  return tx
    .select()
    .from(members)
    .where(and(eq(members.organizationId, auth.organizationId), filtersOf(q)))
    .orderBy(...orderOf(q.sort_by, q.order));
}

/**
 * One team member on the wire (`GET members/{id}`), `pin_code` as the caller may see it. 404
 * "User not found" for an id of another organization. spec: operational §3 Team member.
 */
export async function memberOf({ tx, auth, id }: TxAuth<{ id: string }>): Promise<TMember> {
  const [m] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, id), eq(members.organizationId, auth.organizationId)));
  if (!m) throw NotFound(MSG.userNotFound);
  return toMemberFor(auth)(m);
}

/**
 * The organization's member with this e-mail (any case), locked for update. 404 "User not found"
 * when there is none. spec: operational §7 Members.
 */
export async function lockMemberByEmail({ tx, auth, email }: TxAuth<{ email: string }>): Promise<MemberRow> {
  const [m] = await tx
    .select()
    .from(members)
    .where(
      and(
        eq(members.organizationId, auth.organizationId),
        sql`lower(${members.email}) = ${email.toLowerCase()}`,
      ),
    )
    .for('update');
  if (!m) throw NotFound(MSG.userNotFound);
  return m;
}
