import { and, asc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { users } from '../../../db/schema';
import { anyOf, searchIdsAll } from '../../../lib/crud/paging';

/** The users a courier at a screen may hand a parcel to: read only, a few at a time. */

/** `text` as a LIKE prefix: its own `%`, `_` and `\` taken literally. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A user a courier may choose: active, not deleted, not a widget's record, reachable. */
const reachable = (organizationId: string) =>
  and(
    eq(users.organizationId, organizationId),
    eq(users.active, true),
    eq(users.isDeleted, false),
    eq(users.widgetOnly, false),
    or(isNotNull(users.phoneNumber), isNotNull(users.email)),
  );

/** Candidates of a name search past which the search reads the organization's users instead. */
const NAME_CANDIDATES = 2000;

/**
 * The organization's users whose first or last name starts with the first word of `name`, through
 * the names' trigram indexes (`app_search_ids`: row-level security keeps ILIKE off an index), or
 * null past `NAME_CANDIDATES` (a common first word: the caller's own conditions then read the
 * users). Every user matching the name search is among them: a full name "First Last" starts with
 * its first name, so its first word starts the first name.
 */
async function nameCandidates(tx: TxOrg['tx'], name: string): Promise<string[] | null> {
  const first = name.trim().split(/\s+/)[0] ?? '';
  const [ids] = await searchIdsAll({
    tx,
    searches: [
      {
        table: 'users',
        columns: ['name', 'last_name'],
        softDeleteColumn: 'is_deleted',
        cap: NAME_CANDIDATES,
      },
    ] as const,
    pattern: prefix(first),
  });
  return ids;
}

/**
 * The organization's reachable users whose first name, last name or full name starts with `name`,
 * whose e-mail is `email` or whose phone number's digits are one of `phoneDigits` — at most
 * `limit`, by name. A name is looked up through the names' indexes first (`nameCandidates`: 1–3 ms
 * at 20,000 users, against 40–60 ms reading them all), a number through `phone_digits` (index
 * `users_org_phone_digits_idx`: a plain text equality, which row-level security lets use an index,
 * instead of every user's digits). Answers only what the screen's masked answer needs.
 */
export async function findRecipients({
  tx,
  organizationId,
  name,
  email,
  phoneDigits,
  limit,
}: TxOrg<{ name?: string; email?: string; phoneDigits?: string[]; limit: number }>) {
  const full = sql`(${users.name} || ' ' || coalesce(${users.lastName}, ''))`;
  const candidates = name ? await nameCandidates(tx, name) : null;
  if (candidates?.length === 0) return [];
  return tx
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(
      and(
        reachable(organizationId),
        candidates ? anyOf(users.id, candidates) : undefined,
        or(
          name ? ilike(users.name, prefix(name)) : undefined,
          name ? ilike(users.lastName, prefix(name)) : undefined,
          name ? sql`${full} ilike ${prefix(name)}` : undefined,
          email ? eq(users.emailNormalized, email) : undefined,
          ...(phoneDigits ?? []).map((d) => eq(users.phoneDigits, d)),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id))
    .limit(limit);
}

/** A reachable user of the organization by id (a recipient chosen at the screen), or undefined. */
export async function recipientById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(reachable(organizationId), eq(users.id, id)));
  return u;
}
