/**
 * The statements of the failed-attempt counters (`auth/attempts.ts`; spec: console §4 Login, §7
 * identity operations): the attempts of a subject (an e-mail within its organization, or a client
 * address) in the last window, recording one, and the wrong reset codes since the last
 * forgot-password call. Not a tenant table: a subject names its organization in its text, and an
 * attempt is counted before any organization may be known.
 */
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authAttempts } from '../../db/schema';

/** What an attempt was: a sign-in, a forgot-password call, a reset code, a password change. */
export type AttemptKind = (typeof authAttempts.$inferInsert)['kind'];

/** How many attempts each of `subjects` made in the last `windowSeconds`; a subject with none is absent. */
export async function attemptsBySubject({
  db,
  subjects,
  windowSeconds,
}: {
  db: Db;
  subjects: string[];
  windowSeconds: number;
}): Promise<Array<{ subject: string; n: number }>> {
  return db
    .select({ subject: authAttempts.subject, n: count() })
    .from(authAttempts)
    .where(
      and(
        inArray(authAttempts.subject, subjects),
        gt(authAttempts.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    )
    .groupBy(authAttempts.subject);
}

/**
 * Records one attempt of `kind` for each of `subjects`, and removes every attempt older than
 * `retentionMinutes`.
 */
export async function recordAttempts({
  db,
  subjects,
  kind,
  retentionMinutes,
}: {
  db: Db;
  subjects: string[];
  kind: AttemptKind;
  retentionMinutes: number;
}): Promise<void> {
  await db.insert(authAttempts).values(subjects.map((subject) => ({ subject, kind })));
  await db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, sql`now() - make_interval(mins => ${retentionMinutes})`));
}

/**
 * The wrong reset codes (`confirm` attempts) of `subject` since its last forgot-password call
 * within `retentionMinutes`, or over the last `retentionMinutes` without one.
 */
export async function resetTriesSinceForgot({
  db,
  subject,
  retentionMinutes,
}: {
  db: Db;
  subject: string;
  retentionMinutes: number;
}): Promise<number> {
  const window = sql`now() - make_interval(mins => ${retentionMinutes})`;
  const [last] = await db
    .select({ at: authAttempts.createdAt })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.subject, subject),
        eq(authAttempts.kind, 'forgot'),
        gt(authAttempts.createdAt, window),
      ),
    )
    .orderBy(desc(authAttempts.createdAt))
    .limit(1);
  const [tries] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.subject, subject),
        eq(authAttempts.kind, 'confirm'),
        last ? gt(authAttempts.createdAt, last.at) : gt(authAttempts.createdAt, window),
      ),
    );
  return tries?.n ?? 0;
}
