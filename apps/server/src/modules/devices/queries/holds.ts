import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { doorHolds } from '../../../db/schema';
import { preparedOnce } from '../../../lib/prepared';

/** How long a door stays promised to a step whose lock call is under way, seconds. */
export const DOOR_HOLD_SECONDS = 60;

/**
 * The statement that promises the organization's door `deviceId` to the step `token` for
 * `DOOR_HOLD_SECONDS`, not yet run, for a statement that holds the door among others
 * (`promiseUnlock`): it returns the hold's token when the door is free, already the step's, or
 * its hold lapsed; no row when another step holds it (the caller answers 409 and no door moves).
 * Concurrent callers are ordered by the row's primary key.
 */
export function holdDoorQuery({
  tx,
  organizationId,
  deviceId,
  token,
}: TxOrg<{ deviceId: string; token: string }>) {
  const until = sql`now() + make_interval(secs => ${DOOR_HOLD_SECONDS})`;
  return tx
    .insert(doorHolds)
    .values({ idDevice: deviceId, organizationId, token, heldUntil: until })
    .onConflictDoUpdate({
      target: doorHolds.idDevice,
      set: { token, heldUntil: until },
      setWhere: and(
        eq(doorHolds.organizationId, organizationId),
        or(eq(doorHolds.token, token), lt(doorHolds.heldUntil, sql`now()`)),
      ),
    })
    .returning({ token: doorHolds.token });
}

/** Releases the step `token`'s hold of door `deviceId` (none: nothing happens). */
export async function releaseDoor({
  tx,
  organizationId,
  deviceId,
  token,
}: TxOrg<{ deviceId: string; token: string }>): Promise<void> {
  await holdRelease(tx, { org: organizationId, device: deviceId, token });
}

// a named prepared statement built once: a step that opened a door releases its hold
const holdRelease = preparedOnce((tx) =>
  tx
    .delete(doorHolds)
    .where(
      and(
        eq(doorHolds.organizationId, sql.placeholder('org')),
        eq(doorHolds.idDevice, sql.placeholder('device')),
        eq(doorHolds.token, sql.placeholder('token')),
      ),
    )
    .prepare('door_hold_release'),
);
