import { randomBytes } from 'node:crypto';
import {
  CONTACT_VERIFICATIONS_PER_HOUR,
  fillMailText,
  formatMailDuration,
  isFilterPage,
  MAIL_TEXTS,
  ORGANIZATION_MESSAGES,
  SETTINGS_MESSAGES,
  type TSettings,
  type TSettingsRequest,
  type TTableFilters,
  type TTableFiltersRequest,
  type TWhiteLabelRequest,
  type TWhiteLabelResponse,
  ZSettings,
  ZWhiteLabelResponse,
} from '@lockerops/contract';
import type { AuthContext } from '../../auth/context';
import { sha256 } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { existsIn } from '../../lib/crud/exists';
import { recipientLanguage } from '../../lib/message-language';
import { wireOf } from '../../lib/wire';
import { withTenant } from '../../tenancy';
import { rebuildDashboardRollup } from '../dashboard';
import type { OrganizationRow } from '../organizations';
import {
  enabledHardware,
  enabledModes,
  flagsOf,
  markSupportEmailVerified,
  type SettingsValues,
  updateBranding,
  upsertSettings,
} from '../organizations';
import { rescheduleReports } from '../reports';
import {
  contactMemberLanguage,
  contactVerified,
  insertContactVerification,
  markContactVerified,
  organizationRow,
  pendingVerificationByHash,
  recentContactVerifications,
  type SettingsRow,
  settingsRowOf,
  tableFiltersOf,
  upsertTableFilters,
} from './queries';

const VERIFICATION_TTL_HOURS = 24;

function toSettings(r: SettingsRow): TSettings {
  return wireOf(ZSettings, r);
}

/** The defaults of a new organization's settings (spec operational §9). */
const DEFAULTS = {
  defaultCurrency: 'usd',
  defaultDeviceHardware: null,
  defaultDeviceMode: null,
  defaultIdSize: null,
  defaultMaxReservations: null,
  defaultSupportEmail: null,
  defaultSupportPhone: null,
  defaultNotificationChannel: 'email',
  defaultLanguage: 'en',
  kioskOfflineMinutes: null,
} as const;

/**
 * `GET settings`: the organization-level settings (spec operational §3 "Organization-level settings
 * used here", console §3 Settings). An organization without a row answers the defaults.
 */
export async function getSettings({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TSettings> {
  const row = await settingsRowOf({ tx, organizationId });
  if (row) return toSettings(row);
  return toSettings({
    organizationId,
    ...DEFAULTS,
    timeZone: 'UTC',
    supportEmailVerified: false,
    updatedAt: new Date(),
  });
}

/** Whether `email` has been verified as the organization's notification contact. */
async function isVerified(tx: DbOrTx, organizationId: string, email: string | null): Promise<boolean> {
  if (!email) return false;
  return contactVerified({ tx, organizationId, email });
}

/**
 * `POST settings` (`replace`: fields not sent take their defaults) and `PUT settings` (`merge`:
 * only the fields sent change; `time_zone` is kept unless sent). A change is audited (entity
 * `settings`) when `auth` is given; a new `time_zone` rebuilds the dashboard's local-day roll-ups
 * and moves every report's next send to the new zone's wall clock. The default mode and hardware must be enabled for the organization
 * (400 otherwise); `default_id_size` must be one of its sizes (404 'Size not found', as for another
 * organization's size). Changing the support e-mail makes it unverified unless it was verified before.
 */
export async function saveSettings({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  input: TSettingsRequest;
  mode: 'replace' | 'merge';
  /** who changes them: the change is written to the audit log (entity `settings`) when given */
  auth?: AuthContext;
}): Promise<TSettings> {
  const org = await organizationRow({ tx, id: p.organizationId });
  if (!org) throw NotFound(ORGANIZATION_MESSAGES.notFound);
  const flags = flagsOf(org);
  const { input } = p;
  const hardware = input.default_device_hardware;
  if (hardware && hardware !== 'virtual' && !enabledHardware(flags).includes(hardware))
    throw BadRequest(SETTINGS_MESSAGES.hardwareNotEnabled);
  if (input.default_device_mode && !enabledModes(flags).includes(input.default_device_mode))
    throw BadRequest(SETTINGS_MESSAGES.modeNotEnabled);
  // the default size is one of the organization's own: another organization's id answers 404 as a missing one
  if (input.default_id_size) {
    const size = await existsIn({
      tx,
      organizationId: p.organizationId,
      table: 'sizes',
      id: input.default_id_size,
    });
    if (!size) throw NotFound(SETTINGS_MESSAGES.sizeNotFound);
  }
  const values: SettingsValues = p.mode === 'replace' ? { ...DEFAULTS } : {};
  if (input.default_currency !== undefined) values.defaultCurrency = input.default_currency;
  if (input.default_device_hardware !== undefined)
    values.defaultDeviceHardware = input.default_device_hardware;
  if (input.default_device_mode !== undefined) values.defaultDeviceMode = input.default_device_mode;
  if (input.default_id_size !== undefined) values.defaultIdSize = input.default_id_size;
  if (input.default_max_reservations !== undefined)
    values.defaultMaxReservations = input.default_max_reservations;
  if (input.default_support_email !== undefined) values.defaultSupportEmail = input.default_support_email;
  if (input.default_support_phone !== undefined) values.defaultSupportPhone = input.default_support_phone;
  if (input.default_notification_channel !== undefined)
    values.defaultNotificationChannel = input.default_notification_channel;
  if (input.time_zone !== undefined) values.timeZone = input.time_zone;
  if (input.default_language !== undefined) values.defaultLanguage = input.default_language;
  if (input.kiosk_offline_minutes !== undefined) values.kioskOfflineMinutes = input.kiosk_offline_minutes;
  if ('defaultSupportEmail' in values)
    values.supportEmailVerified = await isVerified(tx, p.organizationId, values.defaultSupportEmail ?? null);
  values.updatedAt = new Date();
  const before = await settingsRowOf({ tx, organizationId: p.organizationId });
  const row = await upsertSettings({ tx, organizationId: p.organizationId, values });
  const saved = toSettings(row);
  if (p.auth)
    await writeAudit({
      tx: tx as Tx,
      auth: p.auth,
      entry: {
        entity: 'settings',
        entityId: p.organizationId,
        action: before ? 'update' : 'create',
        before: before ? { ...toSettings(before) } : undefined,
        after: { ...saved },
      },
    });
  if (row!.timeZone !== (before?.timeZone ?? 'UTC')) {
    // the dashboard's days are local days: a new zone moves transactions to other days
    await rebuildDashboardRollup({ tx, organizationId: p.organizationId });
    // report schedules are wall-clock times of the organization's zone
    await rescheduleReports({
      tx,
      organizationId: p.organizationId,
      timeZone: row!.timeZone,
      now: new Date(),
    });
  }
  return saved;
}

/** `GET filters/{page}`: the caller's stored view of a table; 404 for an unknown page key. */
export async function getFilters({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  subjectId: string;
  page: string;
}): Promise<TTableFilters> {
  if (!isFilterPage(p.page)) throw NotFound('Unknown page');
  const row = await tableFiltersOf({
    tx,
    organizationId: p.organizationId,
    subjectId: p.subjectId,
    page: p.page,
  });
  return { page: p.page, columns: row?.columns ?? null, filters: row?.filters ?? {} };
}

/** `PUT filters/{page}`: stores the caller's view of a table (fields not sent are kept). */
export async function putFilters({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  subjectId: string;
  page: string;
  input: TTableFiltersRequest;
}): Promise<TTableFilters> {
  if (!isFilterPage(p.page)) throw NotFound('Unknown page');
  const row = await upsertTableFilters({
    tx,
    organizationId: p.organizationId,
    subjectId: p.subjectId,
    page: p.page,
    columns: p.input.columns,
    filters: p.input.filters,
  });
  return { page: p.page, columns: row!.columns ?? null, filters: row!.filters };
}

export function toWhiteLabel(org: OrganizationRow): TWhiteLabelResponse {
  return wireOf(ZWhiteLabelResponse, org, { organization_id: org.id, organization_owner: org.ownerEmail });
}

/** An organization `actingId` may manage (itself or a direct sub-organization), or 404. */
async function managed(tx: DbOrTx, actingId: string, id: string): Promise<OrganizationRow> {
  const org = await organizationRow({ tx, id });
  if (!org || (org.id !== actingId && org.parentId !== actingId))
    throw NotFound(ORGANIZATION_MESSAGES.notFound);
  return org;
}

/** `GET white-label`: the branding of the organization the request acts for. */
export async function getWhiteLabel({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TWhiteLabelResponse> {
  return toWhiteLabel(await managed(tx, organizationId, organizationId));
}

/**
 * `PUT white-label`, `PATCH white-label`, `PUT white-label/{org}` (spec console §7): app name and
 * colours. `replace` sets fields not sent to null; `merge` keeps them. The logos (`app_logo`,
 * `oem_logo`: an uploaded file's address, or null for the OEM logo) change only when sent. 404
 * outside the caller's reach; 409 'Archived organizations must be restored in order to be edited.'.
 */
export async function saveWhiteLabel({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  targetId: string;
  input: TWhiteLabelRequest & { app_logo?: string };
  mode: 'replace' | 'merge';
}): Promise<TWhiteLabelResponse> {
  const org = await managed(tx, p.organizationId, p.targetId);
  if (!org.active) throw Conflict(ORGANIZATION_MESSAGES.archivedMustRestore);
  const pick = <T>(v: T | undefined, current: T | null): T | null =>
    v !== undefined ? v : p.mode === 'replace' ? null : current;
  const row = await updateBranding({
    tx,
    organizationId: org.id,
    values: {
      appName: pick(p.input.app_name, org.appName) || null,
      primaryColor: pick(p.input.primary_color, org.primaryColor),
      secondaryColor: pick(p.input.secondary_color, org.secondaryColor),
      appLogo: p.input.app_logo ?? org.appLogo,
      oemLogo: p.input.oem_logo !== undefined ? p.input.oem_logo : org.oemLogo,
      updatedAt: new Date(),
    },
  });
  return toWhiteLabel(row);
}

/**
 * `POST notification-contact/verify?email`: mails a verification link (valid 24 hours) to `email`;
 * following it (`GET notification-contact/verify?token=`) marks the contact verified. The mail
 * speaks the language of the team member with that e-mail, else the organization's default one.
 */
export async function sendContactVerification(
  ctx: AppContext,
  p: { organizationId: string; email: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const { org, language } = await withTenant(ctx.db, p.organizationId, async (tx) => {
    // an admin may not turn the link into a relay of the organization's name to any address
    if (
      (await recentContactVerifications({ tx, organizationId: p.organizationId })) >=
      CONTACT_VERIFICATIONS_PER_HOUR
    )
      throw new HttpError(429, SETTINGS_MESSAGES.verificationLimit);
    await insertContactVerification({
      tx,
      organizationId: p.organizationId,
      email: p.email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_HOURS * 3600_000),
    });
    const own = await contactMemberLanguage({ tx, organizationId: p.organizationId, email: p.email });
    const language = await recipientLanguage({ tx, organizationId: p.organizationId, own });
    return { org: (await organizationRow({ tx, id: p.organizationId }))!, language };
  });
  const link = `${ctx.config.publicUrl}/api/notification-contact/verify?token=${token}`;
  const appName = org.appName ?? org.name;
  const w = MAIL_TEXTS[language];
  const valid = formatMailDuration(VERIFICATION_TTL_HOURS, 'hour', language);
  await ctx.mail.send({
    organizationId: org.id,
    to: p.email,
    language,
    subject: fillMailText(w.verifySubject, { app: appName }),
    text: `${fillMailText(w.verifyBody, { email: p.email, app: appName, valid })}\n\n${link}\n\n${w.verifyIgnore}`,
  });
}

/**
 * Follows a verification link: marks the contact verified (and the settings' support e-mail, when
 * it is this address). False for an unknown, used or expired token.
 */
export async function confirmContactVerification(ctx: AppContext, token: string): Promise<boolean> {
  // No organization is known before the token is looked up: the owner's handle finds it by hash.
  const entry = await pendingVerificationByHash({ db: ctx.db, tokenHash: sha256(token) });
  if (!entry) return false;
  return withTenant(ctx.db, entry.organizationId, async (tx) => {
    const done = await markContactVerified({ tx, organizationId: entry.organizationId, id: entry.id });
    if (!done) return false;
    await markSupportEmailVerified({ tx, organizationId: entry.organizationId, email: entry.email });
    return true;
  });
}
