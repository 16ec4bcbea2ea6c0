/**
 * The bus's one statement: the insert of an event into `domain_events`, which also evaluates the
 * subscribers' interests (boolean SQL expressions) in the same round trip.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { domainEvents } from '../db/schema';

/** A boolean SQL expression a subscriber's interest answers (`DomainEventSubscriber.interest`). */
export type Interest = SQL;

/**
 * Inserts one event of the organization and answers its id with, under each key of `interests`,
 * whether that expression held (true, or anything else for no).
 */
export async function insertEvent({
  tx,
  row,
  interests,
}: {
  tx: Tx;
  row: Omit<typeof domainEvents.$inferInsert, 'id' | 'createdAt'>;
  interests: Record<string, Interest>;
}): Promise<{ id: string } & Record<string, unknown>> {
  const asked = Object.fromEntries(Object.entries(interests).map(([k, q]) => [k, sql`${q}`]));
  const [stored] = (await tx
    .insert(domainEvents)
    .values(row)
    .returning({ id: domainEvents.id, ...asked })) as Array<{ id: string } & Record<string, unknown>>;
  return stored!;
}
