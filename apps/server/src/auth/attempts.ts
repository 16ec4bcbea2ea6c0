import { MSG } from '@lockerops/contract';
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema';
import { HttpError } from '../errors';

export type AttemptKind = (typeof authAttempts.$inferInsert)['kind'];

/** Who tries: the e-mail within its organization, and the client address (`req.ip`). */
export interface AttemptSubject {
  /** The organization's id, or the name asked for when no such organization exists. */
  organization: string;
  email: string;
  address: string;
}

/** The window the limits count over, seconds. */
const WINDOW_SECONDS = 60;
/** How long rows are kept: the reset-code lifetime, so an unknown e-mail can mirror a known one. */
const RETENTION_MINUTES = 60;

const emailSubject = (s: AttemptSubject) => `e:${s.organization}|${s.email.trim().toLowerCase()}`;
const addressSubject = (s: AttemptSubject) => `a:${s.address}`;

/**
 * Counts failed authentication attempts in PostgreSQL so that the limits hold across server
 * processes and a forged header cannot reset them: at most `limit` failures per e-mail and
 * organization, and `3 × limit` per client address, in the last minute (AUTH_RATE_LIMIT).
 * Successful sign-ins are never counted, so they never lock anyone out.
 */
export class AuthAttempts {
  constructor(
    private readonly db: Db,
    private readonly limit: number,
  ) {}

  /** Throws 429 `MSG.tooManyRequests` when the e-mail or the address is over its budget. */
  async check(s: AttemptSubject): Promise<void> {
    const subjects = [emailSubject(s), addressSubject(s)];
    const rows = await this.db
      .select({ subject: authAttempts.subject, n: count() })
      .from(authAttempts)
      .where(
        and(
          inArray(authAttempts.subject, subjects),
          gt(authAttempts.createdAt, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`),
        ),
      )
      .groupBy(authAttempts.subject);
    const of = (subject: string) => rows.find((r) => r.subject === subject)?.n ?? 0;
    if (of(subjects[0]!) >= this.limit || of(subjects[1]!) >= this.limit * 3) {
      throw new HttpError(429, MSG.tooManyRequests);
    }
  }

  /** Records one failed attempt of `kind` for the e-mail and the address; prunes expired rows. */
  async record(s: AttemptSubject, kind: AttemptKind): Promise<void> {
    await this.db.insert(authAttempts).values([
      { subject: emailSubject(s), kind },
      { subject: addressSubject(s), kind },
    ]);
    await this.db
      .delete(authAttempts)
      .where(lt(authAttempts.createdAt, sql`now() - make_interval(mins => ${RETENTION_MINUTES})`));
  }

  /**
   * The wrong reset codes tried for the e-mail of `s` (any client) since its last forgot-password
   * call, or in the last `RETENTION_MINUTES` without one: the count `confirm-forgot-password`
   * answers from, the same for every e-mail whether it has an account or a pending code.
   */
  async wrongResetTries(s: AttemptSubject): Promise<number> {
    const subject = emailSubject(s);
    const window = sql`now() - make_interval(mins => ${RETENTION_MINUTES})`;
    const [last] = await this.db
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
    const [tries] = await this.db
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
}
