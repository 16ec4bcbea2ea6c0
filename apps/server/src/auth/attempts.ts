import { MSG } from '@lockerops/contract';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import {
  type AttemptKind,
  attemptsBySubject,
  recordAttempts,
  resetTriesSinceForgot,
} from './queries/attempts';

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
    const rows = await attemptsBySubject({ db: this.db, subjects, windowSeconds: WINDOW_SECONDS });
    const of = (subject: string) => rows.find((r) => r.subject === subject)?.n ?? 0;
    if (of(subjects[0]!) >= this.limit || of(subjects[1]!) >= this.limit * 3) {
      throw new HttpError(429, MSG.tooManyRequests);
    }
  }

  /** Records one failed attempt of `kind` for the e-mail and the address; prunes expired rows. */
  async record(s: AttemptSubject, kind: AttemptKind): Promise<void> {
    await recordAttempts({
      db: this.db,
      subjects: [emailSubject(s), addressSubject(s)],
      kind,
      retentionMinutes: RETENTION_MINUTES,
    });
  }

  /**
   * The wrong reset codes tried for the e-mail of `s` (any client) since its last forgot-password
   * call, or in the last `RETENTION_MINUTES` without one: the count `confirm-forgot-password`
   * answers from, the same for every e-mail whether it has an account or a pending code.
   */
  async wrongResetTries(s: AttemptSubject): Promise<number> {
    return resetTriesSinceForgot({
      db: this.db,
      subject: emailSubject(s),
      retentionMinutes: RETENTION_MINUTES,
    });
  }
}
