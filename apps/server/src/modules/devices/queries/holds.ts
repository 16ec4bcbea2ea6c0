import { and, eq, gt, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { customerDoorHolds, doorHolds } from '../../../db/schema';
import { preparedOnce } from '../../../lib/prepared';
import type { RawParams } from '../../../lib/raw-sql';

/** How long a door stays promised to a step whose lock call is under way, seconds. */
export const DOOR_HOLD_SECONDS = 60;

/**
 * The statement that promises the organization's door `deviceId` to the step `token` for
 * `DOOR_HOLD_SECONDS`, as text for a statement that holds the door among others (`promiseUnlock`,
 * `lib/raw-sql.ts`): it returns the hold's token when the door is free, already the step's, or its
 * hold lapsed; no row when another step holds it (the caller answers 409 and no door moves).
 * Concurrent callers are ordered by the row's primary key.
 */
export function holdDoorSql(
  p: RawParams,
  { organizationId, deviceId, token }: { organizationId: string; deviceId: string; token: string },
): string {
  const until = `now() + make_interval(secs => ${DOOR_HOLD_SECONDS})`;
  const [org, device, tok] = [p.add(organizationId), p.add(deviceId), p.add(token)];
  return `insert into "door_holds" ("id_device", "organization_id", "token", "held_until") values (${device}, ${org}, ${tok}, ${until}) on conflict ("id_device") do update set "token" = ${tok}, "held_until" = ${until} where "door_holds"."organization_id" = ${org} and ("door_holds"."token" = ${tok} or "door_holds"."held_until" < now()) returning "token"`;
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

/**
 * The Lite App customer who holds door `deviceId` at `at` while they pay (`customer_door_holds`,
 * README "Lite App"), or undefined: every start of the door, by the app, a kiosk or a partner,
 * is refused to anyone else until the hold ends, so a paying customer's door is never taken.
 */
export async function customerHolderOf({
  tx,
  organizationId,
  deviceId,
  at,
}: TxOrg<{ deviceId: string; at: Date }>): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: customerDoorHolds.userId })
    .from(customerDoorHolds)
    .where(
      and(
        eq(customerDoorHolds.organizationId, organizationId),
        eq(customerDoorHolds.idDevice, deviceId),
        gt(customerDoorHolds.heldUntil, at),
      ),
    );
  return row?.userId;
}
