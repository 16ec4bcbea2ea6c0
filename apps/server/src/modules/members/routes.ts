import {
  CSV_MESSAGES,
  endpoints,
  idsOf,
  MEMBER_CSV_HEADERS,
  MEMBER_MESSAGES,
  MSG,
  type TBulkUploadRow,
  type TRole,
  ZListQuery,
  ZMember,
  ZMemberListQuery,
  ZMemberRequest,
  ZMemberVerifyRequest,
  zMemberEmail,
  zPage,
} from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { BadRequest } from '../../errors';
import { csvStream, parseCsv } from '../../lib/crud/csv';
import { MULTIPART, zField, zFile } from '../../lib/crud/multipart';
import { rowError } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import {
  lockMemberByEmail,
  memberOf,
  memberPage,
  membersForExport,
  registerMemberHistory,
} from './queries/reads';
import {
  deleteMembers,
  insertInvitedMember,
  mailInvites,
  type PendingInvite,
  renewTemporaryPassword,
  setMemberEnabled,
  setMembersRole,
  toMember,
  updateMember,
  verifyMember,
} from './service';

const params = z.object({ id: z.uuid() });
const tags = ['Team members'];
const ListQuery = ZListQuery.extend(ZMemberListQuery.shape);

/**
 * The Team members calls (spec: operational §2, §3 Team member, §5 Member, §7 Members). Staff
 * (admin, member) read; only admins invite, edit, delete, enable/disable, verify, change roles,
 * resend password e-mails and upload (spec: operational §1); viewers get 403. `GET members/self`,
 * `PATCH members/{id}` (own name) and `POST members/change-password` live in auth/routes.ts.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMemberHistory();
  const e = endpoints.members;

  app.route({
    ...routeOf(e.list, {
      tags,
      summary: "The organization's team members",
      description:
        "Paged (1-based), searchable over e-mail and names (2+ characters), filters `role`, `status`, sortable by email, first_name, last_name, role, status, created_at (default newest first). Only admins see other members' `pin_code` (else null). spec: operational §7 Members.",
      querystring: ListQuery,
      response: zPage(ZMember),
      errors: errors(400, 401, 403),
    }),
    handler: async (req) => req.withTenant((tx) => memberPage({ tx, auth: req.auth, q: req.query })),
  });

  app.route({
    ...routeOf(e.export, {
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
      errors: errors(400, 401, 403),
    }),
    handler: async (req, reply) => {
      const rows = await req.withTenant((tx) => membersForExport({ tx, auth: req.auth, q: req.query }));
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
  });

  app.route({
    ...routeOf(e.get, {
      tags,
      summary: 'One team member',
      description:
        "404 for an id of another organization. `pin_code` is null for a non-admin reading another member's. spec: operational §3 Team member.",
      params,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) => req.withTenant((tx) => memberOf({ tx, auth: req.auth, id: req.params.id })),
  });

  app.route({
    ...routeOf(e.create, {
      tags,
      summary: 'Invite a team member',
      description:
        "`?email` plus body {first_name, last_name, role, pin_code, send_reported_issues}. Creates the account with a temporary password (status FORCE_CHANGE_PASSWORD) and mails it with the sign-in address; the first sign-in meets the NEW_PASSWORD_REQUIRED challenge. 400 with the spec's messages ('First name is required', 'Role is required', 'Invalid pin code' for a PIN not of 4–8 digits or 1234, 'Invalid email address'); 409 'A team member with this email already exists.'; 502 when the e-mail cannot be sent. Admins only. spec: operational §5 Member, §7 Members.",
      errors: errors(400, 401, 403, 409),
    }),
    handler: async (req) => {
      const { row, invite } = await req.withTenant((tx) =>
        insertInvitedMember({ tx, auth: req.auth, email: req.query.email, values: req.body }),
      );
      await mailInvites(app.ctx, req.log, [invite]);
      return toMember(row);
    },
  });

  app.route({
    ...routeOf(e.update, {
      tags,
      summary: 'Edit a team member',
      description:
        "Body as the invite; the e-mail cannot change (400 'The email of a team member cannot be changed.' when a different one is sent). Admins only; 404 for another organization's member. spec: operational §5 Member.",
      params,
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant((tx) => updateMember({ tx, auth: req.auth, id: req.params.id, b: req.body })),
  });

  app.route({
    ...routeOf(e.remove, {
      tags,
      summary: 'Delete team members',
      description:
        "JSON `{ ids }` (or a bare array). All or nothing: 400 'You cannot delete your own account.' when the caller is among them; 404 when any id is unknown or of another organization. Their sessions end. Admins only. spec: operational §1, §7 Members.",
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) => {
      const ids = [...new Set(idsOf(req.body))];
      if (req.auth.memberId && ids.includes(req.auth.memberId))
        throw BadRequest(MEMBER_MESSAGES.cannotDeleteSelf);
      return req.withTenant(async (tx) => {
        await deleteMembers({ tx, auth: req.auth, ids });
        return { detail: MSG.itemsDeleted(ids.length), deleted: ids.length };
      });
    },
  });

  app.route({
    ...routeOf(e.status, {
      tags,
      summary: 'Enable or disable a team member',
      description:
        "Body `{ enabled }`. A disabled member cannot sign in and its sessions stop working. 400 'You cannot disable your own account.' for the caller; 404 for another organization's member. Admins only. spec: operational §7 Members.",
      params,
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) => {
      if (req.params.id === req.auth.memberId && !req.body.enabled)
        throw BadRequest(MEMBER_MESSAGES.cannotChangeOwnStatus);
      return req.withTenant(async (tx) => {
        const member = await setMemberEnabled({
          tx,
          auth: req.auth,
          id: req.params.id,
          enabled: req.body.enabled,
        });
        return { detail: req.body.enabled ? MEMBER_MESSAGES.enabled : MEMBER_MESSAGES.disabled, member };
      });
    },
  });

  app.route({
    ...routeOf(e.verify, {
      tags,
      summary: 'Mark a team member verified',
      description:
        "Optional body `{ verified }` (default true). 404 for another organization's member. Admins only. spec: operational §7 Members.",
      params,
      body: ZMemberVerifyRequest.nullish(),
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => {
        const member = await verifyMember({
          tx,
          auth: req.auth,
          id: req.params.id,
          verified: req.body?.verified ?? true,
        });
        return { detail: MEMBER_MESSAGES.verified, member };
      }),
  });

  app.route({
    ...routeOf(e.bulkRole, {
      tags,
      summary: 'Change the role of several team members',
      description:
        'Body `{ user_ids, member: { role } }` — the "Edit Team Members" dialog. One transaction: all change or none (404 when any id is unknown or of another organization). Admins only. spec: operational §2, §7 Members.',
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) => {
      const ids = [...new Set(req.body.user_ids)];
      const role = req.body.member.role as TRole;
      return req.withTenant(async (tx) => ({
        detail: MEMBER_MESSAGES.rolesUpdated,
        members: await setMembersRole({ tx, auth: req.auth, ids, role }),
      }));
    },
  });

  app.route({
    ...routeOf(e.resendPasswordEmail, {
      tags,
      summary: 'Mail a new temporary password to a pending member',
      description:
        "Body `{ email }`. For a member who has not yet chosen a password: a new temporary password replaces the old one and is mailed with the sign-in address. 400 'You cannot resend the password email for your own account.'; 404 'User not found'; 409 'This team member has already set a password.'. Admins only. spec: operational §1, §7 Members.",
      errors: errors(400, 401, 403, 404, 409),
    }),
    handler: async (req) => {
      const invite = await req.withTenant(async (tx) => {
        const m = await lockMemberByEmail({ tx, auth: req.auth, email: req.body.email });
        if (m.id === req.auth.memberId) throw BadRequest(MEMBER_MESSAGES.cannotResendSelf);
        return renewTemporaryPassword({ tx, auth: req.auth, member: m });
      });
      await mailInvites(app.ctx, req.log, [invite]);
      return { detail: MEMBER_MESSAGES.passwordEmailSent };
    },
  });

  app.route({
    ...routeOf(e.upload, {
      tags,
      summary: 'Invite team members from CSV',
      description: `Multipart: \`file\` (.csv, headers ${MEMBER_CSV_HEADERS.join(', ')}; at most 500 rows) and optional \`dry_run\`=true. Each row is validated like an invite and written in its own savepoint; each invited member gets the password e-mail. Answers one \`{row, detail}\` per data row: \`true\` or the error text. Admins only. spec: operational §7 Members, Bulk upload.`,
      consumes: MULTIPART,
      body: z.object({ file: zFile, dry_run: zField(z.enum(['true', 'false']).optional()) }),
      errors: errors(400, 401, 403, 413),
    }),
    config: { upload: 'csv' },
    handler: async (req) => {
      const records = await parseCsv(req.body.file);
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
                insertInvitedMember({
                  tx: sp as Tx,
                  auth: req.auth,
                  email: parsed.data.email,
                  values: parsed.data,
                }),
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
  });
};
