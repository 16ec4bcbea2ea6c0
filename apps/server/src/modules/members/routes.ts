import {
  ADMINS,
  CSV_MESSAGES,
  idsOf,
  MAX_PAGE_SIZE,
  MEMBER_CSV_HEADERS,
  MEMBER_MESSAGES,
  MSG,
  STAFF,
  type TBulkUploadRow,
  type TRole,
  ZBulkUploadResult,
  ZDeleteResponse,
  ZDetailResponse,
  ZIdsRequest,
  ZListQuery,
  ZMember,
  ZMemberActionResponse,
  ZMemberBulkResponse,
  ZMemberBulkRoleRequest,
  ZMemberInviteQuery,
  ZMemberListQuery,
  ZMemberRequest,
  ZMemberStatusRequest,
  ZMemberUpdateRequest,
  ZMemberVerifyRequest,
  ZResendPasswordRequest,
  zMemberEmail,
  zPage,
} from '@lockerops/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { authSessions, members } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { csvStream, parseCsv } from '../../lib/crud/csv';
import { likePattern, pageOf, pageOffset } from '../../lib/crud/paging';
import { historyRegistry, lockOr404, rowError, wireOf } from '../../lib/crud/resource';
import { MULTIPART, zField, zFile } from '../../lib/multipart';
import { errors } from '../../lib/openapi';
import {
  insertInvitedMember,
  type MemberRow,
  mailInvites,
  type PendingInvite,
  renewTemporaryPassword,
  toMember,
  toMemberFor,
} from './service';

const Params = z.object({ id: z.uuid() });
const tags = ['Team members'];
const ListQuery = ZListQuery.extend(ZMemberListQuery.shape);
const SORT: Record<string, AnyPgColumn> = {
  email: members.email,
  first_name: members.firstName,
  last_name: members.lastName,
  role: members.role,
  status: members.status,
  created_at: members.createdAt,
};

function whereOf(
  auth: AuthContext,
  q: { search?: string; role?: string; status?: string; ids?: string[] },
): SQL {
  const parts: Array<SQL | undefined> = [eq(members.organizationId, auth.organizationId)];
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
  return and(...parts)!;
}

const orderOf = (sortBy?: string, order?: 'asc' | 'desc') => {
  const known = !!sortBy && Object.hasOwn(SORT, sortBy);
  const col = known ? SORT[sortBy!]! : members.createdAt;
  const dir = known ? (order ?? 'asc') : 'desc';
  return [dir === 'desc' ? desc(col) : asc(col), asc(members.id)];
};

async function lockMember(tx: Tx, auth: AuthContext, id: string): Promise<MemberRow> {
  return (await lockOr404(tx, members, auth, id)) as unknown as MemberRow;
}

/**
 * The Team members calls (spec: operational §2, §3 Team member, §5 Member, §7 Members). Staff
 * (admin, member) read; only admins invite, edit, delete, enable/disable, verify, change roles,
 * resend password e-mails and upload (spec: operational §1); viewers get 403. `GET members/self`,
 * `PATCH members/{id}` (own name) and `POST members/change-password` live in auth/routes.ts.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  historyRegistry.set('member', { table: members, roles: STAFF });

  app.get(
    '/members',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "The organization's team members",
        description:
          "Paged (1-based), searchable over e-mail and names (2+ characters), filters `role`, `status`, sortable by email, first_name, last_name, role, status, created_at (default newest first). Only admins see other members' `pin_code` (else null). spec: operational §7 Members.",
        querystring: ListQuery,
        response: { 200: zPage(ZMember), ...errors(400, 401, 403) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const q = req.query;
        const size = Math.min(q.size, MAX_PAGE_SIZE);
        const where = whereOf(req.auth, q);
        const [{ total }] = (await tx.select({ total: count() }).from(members).where(where)) as [
          { total: number },
        ];
        const rows = await tx
          .select()
          .from(members)
          .where(where)
          .orderBy(...orderOf(q.sort_by, q.order))
          .limit(size)
          .offset(pageOffset(q.page, size));
        return pageOf(rows.map(toMemberFor(req.auth)), total, q.page, size);
      }),
  );

  app.get(
    '/members/export',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Export team members as CSV',
        description: `Streams \`member_export.csv\` with headers ${MEMBER_CSV_HEADERS.join(', ')}: every member matching search and filters, or the given \`ids\` (comma-separated). spec: operational §7 Bulk upload/export.`,
        querystring: ListQuery.omit({ page: true, size: true }).extend({
          ids: z
            .string()
            .optional()
            .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
            .pipe(z.array(z.uuid()).optional()),
        }),
        produces: ['text/csv'],
        response: errors(400, 401, 403),
      },
    },
    async (req, reply) => {
      const rows = await req.withTenant((tx) =>
        tx
          .select()
          .from(members)
          .where(whereOf(req.auth, req.query))
          .orderBy(...orderOf(req.query.sort_by, req.query.order)),
      );
      async function* batches() {
        yield rows.map((m) => ({ ...toMember(m) }) as Record<string, unknown>);
      }
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="member_export.csv"')
        .header('x-export-count', String(rows.length))
        .header('access-control-expose-headers', 'x-export-count, content-disposition');
      return reply.send(csvStream(MEMBER_CSV_HEADERS, batches()) as never);
    },
  );

  app.get(
    '/members/:id',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'One team member',
        description:
          "404 for an id of another organization. `pin_code` is null for a non-admin reading another member's. spec: operational §3 Team member.",
        params: Params,
        response: { 200: ZMember, ...errors(401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const [m] = await tx
          .select()
          .from(members)
          .where(and(eq(members.id, req.params.id), eq(members.organizationId, req.auth.organizationId)));
        if (!m) throw NotFound(MSG.userNotFound);
        return toMemberFor(req.auth)(m);
      }),
  );

  app.post(
    '/members',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Invite a team member',
        description:
          "`?email` plus body {first_name, last_name, role, pin_code, send_reported_issues}. Creates the account with a temporary password (status FORCE_CHANGE_PASSWORD) and mails it with the sign-in address; the first sign-in meets the NEW_PASSWORD_REQUIRED challenge. 400 with the spec's messages ('First name is required', 'Role is required', 'Invalid pin code' for a PIN not of 4–8 digits or 1234, 'Invalid email address'); 409 'A team member with this email already exists.'; 502 when the e-mail cannot be sent. Admins only. spec: operational §5 Member, §7 Members.",
        querystring: ZMemberInviteQuery,
        body: ZMemberRequest,
        response: { 200: ZMember, ...errors(400, 401, 403, 409) },
      },
    },
    async (req) => {
      const { row, invite } = await req.withTenant((tx) =>
        insertInvitedMember(tx, req.auth, req.query.email, req.body),
      );
      await mailInvites(app.ctx, req.log, [invite]);
      return toMember(row);
    },
  );

  app.put(
    '/members/:id',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Edit a team member',
        description:
          "Body as the invite; the e-mail cannot change (400 'The email of a team member cannot be changed.' when a different one is sent). Admins only; 404 for another organization's member. spec: operational §5 Member.",
        params: Params,
        body: ZMemberUpdateRequest,
        response: { 200: ZMember, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const before = await lockMember(tx, req.auth, req.params.id);
        const b = req.body;
        if (b.email && b.email.toLowerCase() !== before.email.toLowerCase())
          throw BadRequest(MEMBER_MESSAGES.emailCannotChange);
        const [after] = await tx
          .update(members)
          .set({
            firstName: b.first_name,
            lastName: b.last_name,
            name: b.first_name,
            role: b.role as TRole,
            pinCode: b.pin_code,
            sendReportedIssues: b.send_reported_issues,
            updatedAt: new Date(),
          })
          .where(and(eq(members.id, before.id), eq(members.organizationId, req.auth.organizationId)))
          .returning();
        await writeAudit(tx, req.auth, {
          entity: 'member',
          entityId: before.id,
          action: 'update',
          before: wireOf(members, before as never),
          after: wireOf(members, after as never),
        });
        return toMember(after!);
      }),
  );

  app.delete(
    '/members',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Delete team members',
        description:
          "JSON `{ ids }` (or a bare array). All or nothing: 400 'You cannot delete your own account.' when the caller is among them; 404 when any id is unknown or of another organization. Their sessions end. Admins only. spec: operational §1, §7 Members.",
        body: ZIdsRequest,
        response: { 200: ZDeleteResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const ids = [...new Set(idsOf(req.body))];
      if (req.auth.memberId && ids.includes(req.auth.memberId))
        throw BadRequest(MEMBER_MESSAGES.cannotDeleteSelf);
      return req.withTenant(async (tx) => {
        const rows = await tx
          .select()
          .from(members)
          .where(and(inArray(members.id, ids), eq(members.organizationId, req.auth.organizationId)))
          .for('update');
        if (rows.length !== ids.length) throw NotFound(MSG.userNotFound);
        await tx
          .delete(members)
          .where(and(inArray(members.id, ids), eq(members.organizationId, req.auth.organizationId)));
        for (const row of rows) {
          await writeAudit(tx, req.auth, {
            entity: 'member',
            entityId: row.id,
            action: 'delete',
            before: wireOf(members, row as never),
          });
        }
        return { detail: MSG.itemsDeleted(ids.length), deleted: ids.length };
      });
    },
  );

  app.patch(
    '/members/:id/status',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Enable or disable a team member',
        description:
          "Body `{ enabled }`. A disabled member cannot sign in and its sessions stop working. 400 'You cannot disable your own account.' for the caller; 404 for another organization's member. Admins only. spec: operational §7 Members.",
        params: Params,
        body: ZMemberStatusRequest,
        response: { 200: ZMemberActionResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      if (req.params.id === req.auth.memberId && !req.body.enabled)
        throw BadRequest(MEMBER_MESSAGES.cannotChangeOwnStatus);
      return req.withTenant(async (tx) => {
        const before = await lockMember(tx, req.auth, req.params.id);
        const [after] = await tx
          .update(members)
          .set({ enabled: req.body.enabled, updatedAt: new Date() })
          .where(and(eq(members.id, before.id), eq(members.organizationId, req.auth.organizationId)))
          .returning();
        if (!req.body.enabled) {
          await tx
            .update(authSessions)
            .set({ revokedAt: new Date(), revokedReason: 'disabled' })
            .where(and(eq(authSessions.memberId, before.id), sql`${authSessions.revokedAt} is null`));
        }
        await writeAudit(tx, req.auth, {
          entity: 'member',
          entityId: before.id,
          action: req.body.enabled ? 'enable' : 'disable',
          before: wireOf(members, before as never),
          after: wireOf(members, after as never),
        });
        return {
          detail: req.body.enabled ? MEMBER_MESSAGES.enabled : MEMBER_MESSAGES.disabled,
          member: toMember(after!),
        };
      });
    },
  );

  app.patch(
    '/members/:id/verify',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Mark a team member verified',
        description:
          "Optional body `{ verified }` (default true). 404 for another organization's member. Admins only. spec: operational §7 Members.",
        params: Params,
        body: ZMemberVerifyRequest.nullish(),
        response: { 200: ZMemberActionResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        const before = await lockMember(tx, req.auth, req.params.id);
        const verified = req.body?.verified ?? true;
        const [after] = await tx
          .update(members)
          .set({ verified, updatedAt: new Date() })
          .where(and(eq(members.id, before.id), eq(members.organizationId, req.auth.organizationId)))
          .returning();
        await writeAudit(tx, req.auth, {
          entity: 'member',
          entityId: before.id,
          action: 'verify',
          before: wireOf(members, before as never),
          after: wireOf(members, after as never),
        });
        return { detail: MEMBER_MESSAGES.verified, member: toMember(after!) };
      }),
  );

  app.patch(
    '/members',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Change the role of several team members',
        description:
          'Body `{ user_ids, member: { role } }` — the "Edit Team Members" dialog. One transaction: all change or none (404 when any id is unknown or of another organization). Admins only. spec: operational §2, §7 Members.',
        body: ZMemberBulkRoleRequest,
        response: { 200: ZMemberBulkResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.user_ids)];
      const role = req.body.member.role as TRole;
      return req.withTenant(async (tx) => {
        const rows = await tx
          .select()
          .from(members)
          .where(and(inArray(members.id, ids), eq(members.organizationId, req.auth.organizationId)))
          .orderBy(asc(members.id))
          .for('update');
        if (rows.length !== ids.length) throw NotFound(MSG.userNotFound);
        const updated = await tx
          .update(members)
          .set({ role, updatedAt: new Date() })
          .where(and(inArray(members.id, ids), eq(members.organizationId, req.auth.organizationId)))
          .returning();
        for (const before of rows) {
          const after = updated.find((u) => u.id === before.id)!;
          await writeAudit(tx, req.auth, {
            entity: 'member',
            entityId: before.id,
            action: 'update',
            before: wireOf(members, before as never),
            after: wireOf(members, after as never),
          });
        }
        return { detail: MEMBER_MESSAGES.rolesUpdated, members: updated.map(toMember) };
      });
    },
  );

  app.post(
    '/members/resend-password-email',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Mail a new temporary password to a pending member',
        description:
          "Body `{ email }`. For a member who has not yet chosen a password: a new temporary password replaces the old one and is mailed with the sign-in address. 400 'You cannot resend the password email for your own account.'; 404 'User not found'; 409 'This team member has already set a password.'. Admins only. spec: operational §1, §7 Members.",
        body: ZResendPasswordRequest,
        response: { 200: ZDetailResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const invite = await req.withTenant(async (tx) => {
        const [m] = await tx
          .select()
          .from(members)
          .where(
            and(
              eq(members.organizationId, req.auth.organizationId),
              sql`lower(${members.email}) = ${req.body.email.toLowerCase()}`,
            ),
          )
          .for('update');
        if (!m) throw NotFound(MSG.userNotFound);
        if (m.id === req.auth.memberId) throw BadRequest(MEMBER_MESSAGES.cannotResendSelf);
        return renewTemporaryPassword(tx, req.auth, m);
      });
      await mailInvites(app.ctx, req.log, [invite]);
      return { detail: MEMBER_MESSAGES.passwordEmailSent };
    },
  );

  app.post(
    '/members/csv',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Invite team members from CSV',
        description: `Multipart: \`file\` (.csv, headers ${MEMBER_CSV_HEADERS.join(', ')}; at most 500 rows) and optional \`dry_run\`=true. Each row is validated like an invite and written in its own savepoint; each invited member gets the password e-mail. Answers one \`{row, detail}\` per data row: \`true\` or the error text. Admins only. spec: operational §7 Members, Bulk upload.`,
        consumes: MULTIPART,
        body: z.object({ file: zFile, dry_run: zField(z.enum(['true', 'false']).optional()) }),
        response: { 200: ZBulkUploadResult, ...errors(400, 401, 403, 413) },
      },
    },
    async (req) => {
      const records = parseCsv(req.body.file);
      if (!records.length) throw BadRequest(CSV_MESSAGES.unreadable);
      const dryRun = req.body.dry_run === 'true';
      const invites: PendingInvite[] = [];
      const results: TBulkUploadRow[] = [];
      const Row = ZMemberRequest.extend({ email: zMemberEmail });
      class DryRun extends Error {}
      try {
        await req.withTenant(async (tx) => {
          for (const [i, record] of records.entries()) {
            const row = i + 1;
            const cleaned = Object.fromEntries(
              Object.entries(record).map(([k, v]) => [k, v === '' ? undefined : v]),
            );
            const parsed = Row.safeParse(cleaned);
            if (!parsed.success) {
              results.push({ row, detail: rowError(parsed.error) });
              continue;
            }
            try {
              const { invite } = await tx.transaction((sp) =>
                insertInvitedMember(sp as Tx, req.auth, parsed.data.email, parsed.data),
              );
              invites.push(invite);
              results.push({ row, detail: true });
            } catch (err) {
              results.push({ row, detail: rowError(err) });
            }
          }
          if (dryRun) throw new DryRun();
        });
      } catch (err) {
        if (!(err instanceof DryRun)) throw err;
        return results;
      }
      await mailInvites(app.ctx, req.log, invites);
      return results;
    },
  );
};
