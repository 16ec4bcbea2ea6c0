import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { doorHolds } from '../../../db/schema';

/** How long a door stays promised to a step whose lock call is under way, seconds. */
export const DOOR_HOLD_SECONDS = 60;

/**
 * Promises the organization's door `deviceId` to the step `token` for `DOOR_HOLD_SECONDS`, in the
 * step's intent transaction, before its lock is called: true when the door is free, already the
 * step's, or its hold lapsed; false when another step holds it (the caller answers 409 and no
 * door moves). One statement; concurrent callers are ordered by the row's primary key.
 */
export async function holdDoor({
  tx,
  organizationId,
  deviceId,
  token,
}: TxOrg<{ deviceId: string; token: string }>): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${DOOR_HOLD_SECONDS})`;
  const rows = await tx
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
  return rows.length === 1;
}

/** Releases the step `token`'s hold of door `deviceId` (none: nothing happens). */
export async function releaseDoor({
  tx,
  organizationId,
  deviceId,
  token,
}: TxOrg<{ deviceId: string; token: string }>): Promise<void> {
  // a named prepared statement: every step that opened a door releases its hold
  await tx
    .delete(doorHolds)
    .where(
      and(
        eq(doorHolds.organizationId, sql.placeholder('org')),
        eq(doorHolds.idDevice, sql.placeholder('device')),
        eq(doorHolds.token, sql.placeholder('token')),
      ),
    )
    .prepare('door_hold_release')
    .execute({ org: organizationId, device: deviceId, token });
}
