import { ISSUE_MESSAGES, type TIssue, type TIssueCreateRequest, ZIssue } from '@lockerops/contract';
import type { AuthContext, TxAuth, TxOrg } from '../../auth/context';
import type { Tx } from '../../db/client';
import { BadRequest, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { wireOf } from '../../lib/wire';
import {
  type IssueRow,
  insertIssue,
  issueAuditImage,
  issueRefsOf,
  memberById,
  pendingIssueExists,
  type TransactionRef,
  touchAlertIssue,
  transactionRefById,
  transactionRefByNumber,
  userExists,
} from './queries';

export type { IssueRow } from './queries';

/** The wire shape of a batch of issues (spec: console §3 Issue): one query each for users, members, transactions. */
export async function issuesToWire(rows: IssueRow[], tx: Tx): Promise<TIssue[]> {
  if (!rows.length) return [];
  const refs = await Promise.all(
    [...new Set(rows.map((r) => r.organizationId))].map((organizationId) => {
      const of = rows.filter((r) => r.organizationId === organizationId);
      const idsOf = <K extends keyof IssueRow>(k: K) =>
        [...new Set(of.map((r) => r[k]).filter((v): v is NonNullable<IssueRow[K]> => !!v))] as string[];
      return issueRefsOf({
        tx,
        organizationId,
        userIds: idsOf('idUser'),
        memberIds: idsOf('teamMemberId'),
        transactionIds: idsOf('transactionId'),
        locationIds: idsOf('idLocation'),
      });
    }),
  );
  const us = refs.flatMap((r) => r.users);
  const ms = refs.flatMap((r) => r.members);
  const ts = refs.flatMap((r) => r.transactions);
  const zones = new Map(refs.flatMap((r) => r.locations).map((l) => [l.id, l.timeZone]));
  return rows.map((r) => {
    const u = us.find((x) => x.id === r.idUser);
    const m = ms.find((x) => x.id === r.teamMemberId);
    const t = ts.find((x) => x.id === r.transactionId);
    return wireOf(ZIssue, r, {
      issue_id: `ISS-${r.number}`,
      id_event: r.transactionId,
      pictures: r.pictures ?? [],
      user: u
        ? { name: [u.name, u.lastName].filter(Boolean).join(' '), email: u.email, phone_number: u.phone }
        : null,
      reporter_user_name: r.reporterName,
      reporter_user_email: r.reporterEmail,
      reporter_user_phone: r.reporterPhone,
      event: t ? wireOf(ZIssue.shape.event, t) : null,
      team_member: m
        ? {
            id: m.id,
            name: m.name ?? ([m.firstName, m.lastName].filter(Boolean).join(' ') || m.email),
            email: m.email,
          }
        : null,
      invoice_id: t?.invoiceId ?? r.invoiceId,
      location_time_zone: (r.idLocation && zones.get(r.idLocation)) || null,
    });
  });
}

/**
 * The transaction an issue is about: by id (`id_event`, spec §7 `POST issues?id_event=`) or by its
 * order/invoice number (either one, case-insensitive). 400 'Order No. does not exist.' when none of
 * this organization matches (another organization's number is not found either).
 */
export async function resolveIssueEvent({
  tx,
  auth,
  ref,
}: TxAuth<{ ref: { transactionId?: string; invoiceId?: string } }>): Promise<TransactionRef> {
  if (ref.transactionId) {
    const t = await transactionRefById({ tx, auth, id: ref.transactionId });
    if (t && (!ref.invoiceId || sameNumber(ref.invoiceId, t.invoiceId))) return t;
    if (!ref.invoiceId) throw BadRequest(ISSUE_MESSAGES.orderNotFound);
  }
  const number = ref.invoiceId?.trim().toUpperCase();
  if (!number) throw BadRequest(ISSUE_MESSAGES.orderNotFound);
  const t = await transactionRefByNumber({ tx, auth, number });
  if (!t) throw BadRequest(ISSUE_MESSAGES.orderNotFound);
  return t;
}

const sameNumber = (a: string, b: string) => a.trim().toUpperCase() === b.toUpperCase();

/** Checks that the user and the team member (when given) belong to the organization; 404 otherwise. */
export async function assertIssueRefs({
  tx,
  auth,
  input,
}: TxAuth<{ input: Pick<TIssueCreateRequest, 'id_user' | 'team_member_id'> }>): Promise<void> {
  if (input.id_user) {
    const u = await userExists({ tx, auth, id: input.id_user });
    if (!u) throw NotFound(ISSUE_MESSAGES.userNotFound);
  }
  if (input.team_member_id) {
    const m = await memberById({ tx, auth, id: input.team_member_id });
    if (!m) throw NotFound(ISSUE_MESSAGES.memberNotFound);
  }
}

/** Who files an issue: the signed-in team member's name and e-mail, or the API key's name. */
export async function reporterOf({ tx, auth }: TxAuth): Promise<{
  reporterName: string | null;
  reporterEmail: string | null;
  reporterPhone: string | null;
}> {
  if (auth.actor.type === 'member' && auth.memberId) {
    const m = await memberById({ tx, auth, id: auth.memberId });
    if (m)
      return {
        reporterName: m.name ?? ([m.firstName, m.lastName].filter(Boolean).join(' ') || auth.actor.name),
        reporterEmail: m.email,
        reporterPhone: null,
      };
  }
  return { reporterName: auth.actor.name, reporterEmail: null, reporterPhone: null };
}

/**
 * Opens the issue of a rental that came back in a condition with Report Issue (spec: operational §2
 * Conditions; console §3 Issue): pending, about `transactionId`'s transaction (its user and location), or
 * about no transaction when the condition was set outside a rental (a product edit). Runs in the
 * caller's transaction and writes the issue's audit entry. Answers the new issue's id.
 */
export async function openConditionIssue({
  tx,
  auth,
  args,
}: TxAuth<{
  args: {
    conditionId: string;
    conditionName: string;
    productName: string | null;
    transactionId: string | null;
  };
}>): Promise<string> {
  const t = args.transactionId ? await transactionRefById({ tx, auth, id: args.transactionId }) : undefined;
  const what = args.productName ? `${args.productName} returned` : 'Returned';
  const row = await insertIssue({
    tx,
    auth,
    values: {
      description: `${what} in condition "${args.conditionName}"`.slice(0, 200),
      transactionId: t?.id ?? null,
      invoiceId: t?.invoiceId ?? null,
      idUser: t?.idUser ?? null,
      idLocation: t?.idLocation ?? null,
      source: 'condition',
      idCondition: args.conditionId,
      ...(await reporterOf({ tx, auth })),
    },
  });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'issue',
      entityId: row.id,
      action: 'create',
      after: issueAuditImage(row),
    },
  });
  return row.id;
}

/**
 * Opens the issue of a door reported at a screen by the wall (README: The screen at the wall):
 * pending, at the door's location, with `description` (the door and the problem, ≤ 200
 * characters), filed by the screen. Runs in the caller's transaction and writes the issue's
 * audit entry. Answers the new issue's id.
 */
export async function openDoorIssue({
  tx,
  auth,
  args,
}: TxAuth<{ args: { idLocation: string; description: string } }>): Promise<string> {
  const row = await insertIssue({
    tx,
    auth,
    values: {
      description: args.description.slice(0, 200),
      idLocation: args.idLocation,
      source: 'lock',
      ...(await reporterOf({ tx, auth })),
    },
  });
  await writeAudit({
    tx,
    auth,
    entry: { entity: 'issue', entityId: row.id, action: 'create', after: issueAuditImage(row) },
  });
  return row.id;
}

/**
 * Opens a pending issue about `idLocation` from `source` (reported by `reporterName`) with its audit
 * entry, in the caller's transaction, unless an issue of that source, place and description is still
 * pending. Answers whether it opened one. spec: console §3 Issue.
 */
export async function openPendingIssue({
  tx,
  auth,
  args,
}: TxAuth<{
  args: { idLocation: string; description: string; source: IssueRow['source']; reporterName: string };
}>): Promise<boolean> {
  const description = args.description.slice(0, 200);
  const pending = await pendingIssueExists({
    tx,
    auth,
    source: args.source,
    locationId: args.idLocation,
    description,
  });
  if (pending) return false;
  const row = await insertIssue({ tx, auth, values: { ...args, description } });
  await writeAudit({
    tx,
    auth,
    entry: { entity: 'issue', entityId: row.id, action: 'create', changes: {} },
  });
  return true;
}

/** Who the server's alert issues are filed by (audit and reporter): the fleet-health monitor. */
const monitorAuth = (organizationId: string): AuthContext => ({
  organizationId,
  homeOrganizationId: organizationId,
  role: 'admin',
  // the audit log's `system` actor: no member or key asked for it
  actor: {
    type: 'system' as AuthContext['actor']['type'],
    id: null as unknown as string,
    name: 'Fleet health',
  },
});

/**
 * Opens or updates the one issue of an alert (source `lock`, reported by "Fleet health"): the
 * issue `issueId` when it still exists (its description refreshed, pending again if it was
 * resolved), else a new pending issue about `locationId` with its audit entry. Runs in the
 * caller's transaction; answers the issue's id. `resolved: true` marks it resolved instead (the
 * alert cleared) and answers its id, or null when there is none.
 */
export async function upsertAlertIssue({
  tx,
  organizationId,
  issueId,
  description,
  locationId,
  resolved = false,
}: TxOrg<{
  issueId: string | null;
  description: string;
  locationId: string | null;
  resolved?: boolean;
}>): Promise<string | null> {
  const text = description.slice(0, 200);
  if (issueId) {
    const row = await touchAlertIssue({
      tx,
      organizationId,
      id: issueId,
      description: resolved ? undefined : text,
      status: resolved ? 'resolved' : 'pending',
    });
    if (row || resolved) return row?.id ?? null;
  }
  if (resolved) return null;
  const auth = monitorAuth(organizationId);
  const row = await insertIssue({
    tx,
    auth,
    values: { description: text, idLocation: locationId, source: 'lock', reporterName: 'Fleet health' },
  });
  await writeAudit({
    tx,
    auth,
    entry: { entity: 'issue', entityId: row.id, action: 'create', after: issueAuditImage(row) },
  });
  return row.id;
}
