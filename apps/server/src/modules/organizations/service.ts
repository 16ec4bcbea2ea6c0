import {
  fillMailText,
  hasHardware,
  MAIL_TEXTS,
  ORGANIZATION_FLAGS,
  ORGANIZATION_MESSAGES,
  subdomainOf,
  type TCreateOrganizationFields,
  type TListOrganizationsQuery,
  type TOrganization,
  type TOrganizationFlag,
  type TOrganizationFlags,
  type TOrganizationList,
  type TOrganizationNameCheck,
  type TOrganizationNameQuery,
  type TOrganizationPublic,
  type TUpdateOrganizationRequest,
  ZOrganization,
  ZOrganizationPublic,
} from '@lockerops/contract';
import { storeImage, type TempFile } from '../../adapters/storage';
import type { AuthContext } from '../../auth/context';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { generatePassword } from '../../db/seed';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import { pageOf } from '../../lib/crud/paging';
import { organizationLanguage } from '../../lib/message-language';
import { hashPassword } from '../../lib/passwords';
import { wireOf } from '../../lib/wire';
import { actFor, withTenant } from '../../tenancy';
import {
  childrenOf,
  findManaged,
  insertOrganization,
  insertOwnerAndSettings,
  listManaged,
  nameTaken,
  type OrganizationRow,
  organizationById,
  subOrganizationsOf,
  updateManaged,
} from './queries';
import { flagColumns, flagsOf, getOrganizationFlags } from './service/flags';

export type { OrganizationRow } from './queries';

/** Public branding of an organization (spec: console §7 `GET organization`). */
export function toPublic(org: OrganizationRow): TOrganizationPublic {
  return wireOf(ZOrganizationPublic, org, {
    stripe_enabled: Boolean(org.stripeAccountId && org.stripeDetailsSubmitted),
  });
}

/** An organization without its sub-organizations: the shape of one of `sub_orgs`. */
const ZOrganizationItem = ZOrganization.shape.sub_orgs.element;

/** The organization entity of spec console §3, without `sub_orgs`. */
export function toOrganizationBase(org: OrganizationRow): Omit<TOrganization, 'sub_orgs'> {
  return wireOf(ZOrganizationItem, org, {
    owner: org.ownerEmail,
    user_pool: `us-east-1_${org.id.slice(0, 8)}`,
    client_id: org.id.replace(/-/g, '').slice(0, 26),
    white_label: wireOf(ZOrganizationItem.shape.white_label, org, { organization_owner: org.ownerEmail }),
  });
}

/** `GET organizations/self`: the caller's organization with its sub-organizations. */
export async function getSelf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TOrganization> {
  const org = await organizationById({ tx, organizationId });
  if (!org) throw NotFound(ORGANIZATION_MESSAGES.notFound);
  const subs = await subOrganizationsOf({ tx, organizationId });
  return { ...toOrganizationBase(org), sub_orgs: subs.map(toOrganizationBase) };
}

/**
 * Refuses (400, `flagsBeyondParent` with the flags' names) flags turned on for a sub-organization
 * that its parent does not have: a child's feature, mode and hardware access is capped at its
 * parent's. `turnedOn` are the flags the request switches on.
 */
export function assertWithinParent(parent: TOrganizationFlags, turnedOn: readonly TOrganizationFlag[]): void {
  const beyond = turnedOn.filter((f) => !parent[f]);
  if (beyond.length) throw BadRequest(`${ORGANIZATION_MESSAGES.flagsBeyondParent} ${beyond.join(', ')}`);
}

/** The sign-in address of an organization: its sub-domain under the public URL's host. */
export function signInUrlOf(publicUrl: string, subdomain: string): string {
  const u = new URL(publicUrl);
  u.hostname = `${subdomain}.${u.hostname}`;
  return u.origin;
}

/**
 * The organizations management service (spec: console §2 Multi-tenant list, §4 Organization states,
 * §5 Organization rules, §7 organizations). Every call acts for `auth.organizationId`, which may
 * manage itself and its direct sub-organizations; anything else answers 404. What every call of
 * it is given: the app's context and who acts.
 */
interface Caller {
  ctx: AppContext;
  auth: AuthContext;
}

/** Runs `fn` in one transaction acting for the caller's organization. */
const tenant = <T>({ ctx, auth }: Caller, fn: (tx: Tx) => Promise<T>) =>
  withTenant(ctx.db, auth.organizationId, fn);

/** `GET organizations`: `{ items, total, pages, page, page_size }`, each item with `sub_orgs`. */
export async function listOrganizations({
  ctx,
  auth,
  q,
}: Caller & { q: TListOrganizationsQuery }): Promise<TOrganizationList> {
  const { rows, total } = await tenant({ ctx, auth }, (tx) =>
    listManaged({
      tx,
      organizationId: auth.organizationId,
      status: q.status,
      search: q.search,
      page: q.page,
      size: q.size,
    }),
  );
  const children = await childrenOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => ({
      ...toOrganizationBase(r),
      sub_orgs: children.filter((c) => c.parentId === r.id).map(toOrganizationBase),
    })),
    total,
    q.page,
    q.size,
  );
}

/**
 * `GET organizations/name-available`: whether `q.name` (case-insensitive, or its sub-domain) is
 * free, `q.id` aside when that organization is being renamed (404 when `q.id` is outside the
 * caller's reach). The form checks it as the name is typed; create and update still answer 409.
 * spec: console §5 Organization.
 */
export async function organizationNameAvailable({
  ctx,
  auth,
  q,
}: Caller & { q: TOrganizationNameQuery }): Promise<TOrganizationNameCheck> {
  if (q.id) {
    const id = q.id;
    const row = await tenant({ ctx, auth }, (tx) =>
      findManaged({ tx, organizationId: auth.organizationId, id }),
    );
    if (!row) throw NotFound(ORGANIZATION_MESSAGES.notFound);
  }
  const taken = await nameTaken(ctx.db, q.name, subdomainOf(q.name), q.id);
  return { available: !taken, detail: taken ? ORGANIZATION_MESSAGES.nameUnique : null };
}

/**
 * `POST organizations`: a sub-organization of the caller's, with its logo (checked by content;
 * 400 'A valid logo image file is required.'), default settings and its owner (an admin with a
 * temporary password, mailed with the sign-in address; the first sign-in meets the
 * NEW_PASSWORD_REQUIRED challenge). 409 'An organization with this name already exists…' when
 * the name or its sub-domain is taken, also when two creates race (the unique index decides).
 */
export async function createOrganization({
  ctx,
  auth,
  fields,
  logo,
}: Caller & { fields: TCreateOrganizationFields; logo: TempFile }): Promise<TOrganization> {
  const { parent, language } = await tenant({ ctx, auth }, async (tx) => ({
    parent: await getOrganizationFlags({ tx, organizationId: auth.organizationId }),
    // a sub-organization starts in its parent's default language; its owner has chosen none yet
    language: await organizationLanguage({ tx, organizationId: auth.organizationId }),
  }));
  if (!parent.super_tenant) throw Forbidden(ORGANIZATION_MESSAGES.superTenantRequired);
  assertWithinParent(
    parent,
    ORGANIZATION_FLAGS.filter((f) => fields[f] === true),
  );
  const subdomain = subdomainOf(fields.name);
  if (await nameTaken(ctx.db, fields.name, subdomain)) throw Conflict(ORGANIZATION_MESSAGES.nameUnique);
  const stored = await storeImage(ctx.storage, logo, ORGANIZATION_MESSAGES.logoRequired);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const email = fields.email.trim();
  let org: OrganizationRow;
  try {
    org = await tenant({ ctx, auth }, async (tx) => {
      const row = await insertOrganization({
        tx,
        organizationId: auth.organizationId,
        values: {
          name: fields.name,
          subdomain,
          appName: fields.name,
          primaryColor: fields.primary_color,
          secondaryColor: fields.secondary_color,
          appLogo: stored.url,
          ownerEmail: email,
          ...flagColumns(fields),
        },
      });
      // The owner and the settings belong to the new organization: act for it from here on.
      await actFor(tx, row.id);
      await insertOwnerAndSettings({
        tx,
        organizationId: row.id,
        timeZone: fields.time_zone,
        defaultLanguage: language,
        owner: {
          email,
          firstName: fields.first_name,
          lastName: fields.last_name || null,
          passwordHash,
        },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw Conflict(ORGANIZATION_MESSAGES.nameUnique);
    throw err;
  }
  const url = signInUrlOf(ctx.config.publicUrl, org.subdomain);
  const appName = org.appName ?? org.name;
  const w = MAIL_TEXTS[language];
  await ctx.mail.send({
    organizationId: org.id,
    to: email,
    language,
    subject: fillMailText(w.adminSubject, { app: appName }),
    text: [
      fillMailText(w.helloName, { name: fields.first_name }),
      '',
      fillMailText(w.adminIntro, { app: appName }),
      fillMailText(w.signInAt, { url }),
      fillMailText(w.email, { email }),
      fillMailText(w.temporaryPassword, { password }),
      '',
      w.newPassword,
    ].join('\n'),
  });
  return { ...toOrganizationBase(org), sub_orgs: [] };
}

/**
 * `PATCH organizations/{id}`: name, colours, logo and flags. 404 outside the caller's reach;
 * 409 'Archived organizations must be restored in order to be edited.'; 409 for a taken name;
 * 400 'You need to select at least one hardware type…' when no hardware would remain; 403 when a
 * sub-organization tries to change its own access flags (only its parent may).
 */
export async function updateOrganization({
  ctx,
  auth,
  id,
  patch,
  logo,
}: Caller & { id: string; patch: TUpdateOrganizationRequest; logo?: TempFile }): Promise<TOrganization> {
  const current = await tenant({ ctx, auth }, (tx) =>
    findManaged({ tx, organizationId: auth.organizationId, id }),
  );
  if (!current) throw NotFound(ORGANIZATION_MESSAGES.notFound);
  if (!current.active) throw Conflict(ORGANIZATION_MESSAGES.archivedMustRestore);
  const flags = flagColumns(patch);
  const before = flagsOf(current);
  const merged = { ...before };
  for (const f of ORGANIZATION_FLAGS) if (patch[f] !== undefined) merged[f] = patch[f];
  const changesFlags = ORGANIZATION_FLAGS.some((f) => merged[f] !== before[f]);
  if (changesFlags && current.id === auth.organizationId && current.parentId !== null)
    throw Forbidden(ORGANIZATION_MESSAGES.ownFlagsForbidden);
  if (changesFlags && current.parentId !== null) {
    const parent = await tenant({ ctx, auth }, (tx) =>
      getOrganizationFlags({ tx, organizationId: current.parentId! }),
    );
    assertWithinParent(
      parent,
      ORGANIZATION_FLAGS.filter((f) => merged[f] && !before[f]),
    );
  }
  if (!hasHardware(merged)) throw BadRequest(ORGANIZATION_MESSAGES.hardwareRequired);
  if (patch.name && patch.name.toLowerCase() !== current.name.toLowerCase()) {
    if (await nameTaken(ctx.db, patch.name, subdomainOf(patch.name), current.id))
      throw Conflict(ORGANIZATION_MESSAGES.nameUnique);
  }
  const appLogo = logo
    ? (await storeImage(ctx.storage, logo, ORGANIZATION_MESSAGES.logoRequired)).url
    : undefined;
  let row: OrganizationRow | undefined;
  try {
    row = await tenant({ ctx, auth }, async (tx) =>
      updateManaged({
        tx,
        organizationId: auth.organizationId,
        id,
        values: {
          ...(patch.name ? { name: patch.name } : {}),
          ...(patch.primary_color ? { primaryColor: patch.primary_color } : {}),
          ...(patch.secondary_color ? { secondaryColor: patch.secondary_color } : {}),
          ...(appLogo ? { appLogo } : {}),
          ...flags,
        },
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw Conflict(ORGANIZATION_MESSAGES.nameUnique);
    throw err;
  }
  if (!row) throw NotFound(ORGANIZATION_MESSAGES.notFound);
  const children = await childrenOf(ctx.db, [row.id]);
  return { ...toOrganizationBase(row), sub_orgs: children.map(toOrganizationBase) };
}

/**
 * `DELETE organizations/{id}` (archive) and `DELETE organizations/{id}/cancel` (restore), spec
 * console §4. Archiving the organization one is signed into answers 409 'You cannot archive the
 * organization you are currently logged into.'; members of an archived organization cannot sign in.
 */
export async function setOrganizationActive({
  ctx,
  auth,
  id,
  active,
}: Caller & { id: string; active: boolean }): Promise<void> {
  if (!active && (id === auth.homeOrganizationId || id === auth.organizationId))
    throw Conflict(ORGANIZATION_MESSAGES.cannotArchiveCurrent);
  const row = await tenant({ ctx, auth }, (tx) =>
    updateManaged({
      tx,
      organizationId: auth.organizationId,
      id,
      values: { active, archivedAt: active ? null : new Date() },
    }),
  );
  if (!row) throw NotFound(ORGANIZATION_MESSAGES.notFound);
}

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
