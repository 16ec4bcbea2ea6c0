import { randomBytes } from 'node:crypto';
import {
  type TLiteAppSettings,
  TOOLBOX_MESSAGES,
  type TTwilioSettings,
  type TWidgetSettings,
  type TWidgetSettingsResponse,
  WIDGET_MAX_SECONDS,
  WIDGET_UNIT_SECONDS,
  ZLiteAppSettings,
  type ZTwilioSettingsRequest,
  ZWidgetSettings,
} from '@lockerops/contract';
import type { z } from 'zod';
import type { ChargeGateway } from '../../adapters/payments/charges';
import type { TxOrg } from '../../auth/context';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { BadRequest } from '../../errors';
import type { SecretBox } from '../../lib/secrets';
import {
  ensurePublishableKey,
  hasApiKey,
  publishableKeyOwner,
  type ToolboxRow as SettingsRow,
  subdomainOf,
  toolboxRowOf,
  upsertToolbox,
} from './queries';
import { paymentAccountOf } from './queries/organization';

async function rowOf(tx: DbOrTx, organizationId: string): Promise<SettingsRow | undefined> {
  return toolboxRowOf({ tx, organizationId });
}

/** Inserts or updates the organization's one settings row with `values`. */
const upsert = (tx: Tx, organizationId: string, values: Parameters<typeof upsertToolbox>[0]['values']) =>
  upsertToolbox({ tx, organizationId, values });

/** The saved Lite App customizer, or its defaults. spec: console §2 Apps and widgets. */
export async function getLiteApp({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TLiteAppSettings> {
  return ZLiteAppSettings.parse((await rowOf(tx, organizationId))?.liteApp ?? {});
}

/** Saves the Lite App customizer; answers it. */
export async function saveLiteApp({
  tx,
  organizationId,
  s,
}: TxOrg<{ s: TLiteAppSettings }>): Promise<TLiteAppSettings> {
  await upsert(tx, organizationId, { liteApp: s });
  return getLiteApp({ tx, organizationId });
}

/** A new publishable key: `pk_` and 32 url-safe characters (192 bits). */
const newPublishableKey = () => `pk_${randomBytes(24).toString('base64url')}`;

/**
 * The Reservation Widget customizer with its embed URL (spec: console §2 Apps and widgets). The URL
 * exists only once the organization has an API key (otherwise the page shows the no-token text);
 * it carries the widget's publishable key, made here the first time, never the API key.
 */
export async function getWidget({
  tx,
  organizationId,
  publicUrl,
}: TxOrg<{ publicUrl: string }>): Promise<TWidgetSettingsResponse> {
  let row = await rowOf(tx, organizationId);
  const settings = ZWidgetSettings.parse(row?.widget ?? {});
  if (!(await hasApiKey({ tx, organizationId })))
    return { settings, has_api_key: false, publishable_key: null, embed_url: null, iframe: null };
  if (!row?.publishableKey) {
    // Made on first sight; a key a concurrent call made first is kept.
    await ensurePublishableKey({ tx, organizationId, fresh: newPublishableKey() });
    row = await rowOf(tx, organizationId);
  }
  return withUrl(tx, organizationId, publicUrl, settings, row!.publishableKey!);
}

async function withUrl(
  tx: DbOrTx,
  organizationId: string,
  publicUrl: string,
  settings: TWidgetSettings,
  publishableKey: string,
): Promise<TWidgetSettingsResponse> {
  const subdomain = await subdomainOf({ tx, organizationId });
  const url = `${publicUrl}/widget/${encodeURIComponent(subdomain!)}?key=${encodeURIComponent(publishableKey)}`;
  return {
    settings,
    has_api_key: true,
    publishable_key: publishableKey,
    embed_url: url,
    iframe: `<iframe src="${url}" title="Reserve a locker" style="width:100%;max-width:480px;height:720px;border:0" loading="lazy"></iframe>`,
  };
}

/**
 * Whether the widget may take payments: while the server's payments go through the local sandbox
 * (no `STRIPE_SECRET_KEY`: the Lite App's sandbox too), always; with a real provider, once the
 * organization's payment account is connected and set up (Settings → payment provider).
 */
export async function widgetCanTakePayments({
  tx,
  organizationId,
  charges,
}: TxOrg<{ charges: Pick<ChargeGateway, 'kind'> }>): Promise<boolean> {
  if (charges.kind === 'sandbox') return true;
  const { account, ready } = await paymentAccountOf({ db: tx, organizationId });
  return !!account && ready;
}

/**
 * Saves the widget customizer; answers it with the embed URL. 400 when the maximum duration is over
 * 30 days (`WIDGET_MAX_SECONDS`), and 400 `paymentProviderRequired` for `payment_enabled` while the
 * widget cannot take payments (`widgetCanTakePayments`): a switch it could not honour would turn
 * every paid booking away.
 */
export async function saveWidget({
  tx,
  organizationId,
  publicUrl,
  charges,
  s,
}: TxOrg<{
  publicUrl: string;
  charges: Pick<ChargeGateway, 'kind'>;
  s: TWidgetSettings;
}>): Promise<TWidgetSettingsResponse> {
  if (s.max_duration * WIDGET_UNIT_SECONDS[s.max_duration_unit] > WIDGET_MAX_SECONDS)
    throw BadRequest(TOOLBOX_MESSAGES.maxDurationTooLong);
  if (s.payment_enabled && !(await widgetCanTakePayments({ tx, organizationId, charges })))
    throw BadRequest(TOOLBOX_MESSAGES.paymentProviderRequired);
  await upsert(tx, organizationId, { widget: s });
  return getWidget({ tx, organizationId, publicUrl });
}

/** Replaces the publishable key: the old embed URL stops working at once. 400 without an API key. */
export async function rotatePublishableKey({
  tx,
  organizationId,
  publicUrl,
}: TxOrg<{ publicUrl: string }>): Promise<TWidgetSettingsResponse> {
  const current = await getWidget({ tx, organizationId, publicUrl });
  if (!current.has_api_key) throw BadRequest(TOOLBOX_MESSAGES.noToken);
  await upsert(tx, organizationId, { publishableKey: newPublishableKey() });
  return getWidget({ tx, organizationId, publicUrl });
}

/**
 * The organization a publishable key opens, looked up on the owner's handle (no organization is
 * known yet): the key must belong to the organization named in the URL (its sub-domain), which must
 * be active and still have an API key. Answers undefined otherwise; `toolbox` is the organization's
 * Toolbox feature flag (the widget is one of its features: closed while it is off).
 */
export async function resolvePublishableKey({
  db,
  subdomain,
  key,
}: {
  db: Db;
  subdomain: string;
  key: string | undefined;
}): Promise<
  { organizationId: string; apiKeyId: string; widget: TWidgetSettings; toolbox: boolean } | undefined
> {
  if (!key || key.length > 200 || !key.startsWith('pk_')) return undefined;
  const row = await publishableKeyOwner({ db, subdomain, key });
  if (!row) return undefined;
  return {
    organizationId: row.organizationId,
    apiKeyId: row.apiKeyId,
    widget: ZWidgetSettings.parse(row.widget ?? {}),
    toolbox: row.toolbox,
  };
}

// ——— Twilio ———

/** The organization's Twilio settings as the console may see them: the auth token's last 4 only. */
export async function getTwilio({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TTwilioSettings> {
  const row = await rowOf(tx, organizationId);
  const configured = !!(row?.twilioAccountSid && row.twilioAuthTokenEnc && row.twilioFrom);
  return {
    configured,
    account_sid: row?.twilioAccountSid ?? null,
    auth_token_last4: row?.twilioAuthTokenLast4 ?? null,
    from: row?.twilioFrom ?? null,
    verification_enabled: row?.twilioVerification ?? true,
    alerts_enabled: row?.twilioAlerts ?? true,
  };
}

/**
 * Saves the organization's Twilio account; the auth token is encrypted with the secret box and only
 * its last 4 characters are kept readable. A save without a token keeps the saved one (400 when
 * there is none yet).
 */
export async function saveTwilio({
  tx,
  organizationId,
  input,
  secrets,
}: TxOrg<{ input: z.output<typeof ZTwilioSettingsRequest>; secrets: SecretBox }>): Promise<TTwilioSettings> {
  const current = await rowOf(tx, organizationId);
  if (!input.auth_token && !current?.twilioAuthTokenEnc) throw BadRequest(TOOLBOX_MESSAGES.tokenRequired);
  await upsert(tx, organizationId, {
    twilioAccountSid: input.account_sid,
    twilioFrom: input.from,
    twilioVerification: input.verification_enabled,
    twilioAlerts: input.alerts_enabled,
    ...(input.auth_token
      ? {
          twilioAuthTokenEnc: secrets.encrypt(input.auth_token),
          twilioAuthTokenLast4: input.auth_token.slice(-4),
        }
      : {}),
  });
  return getTwilio({ tx, organizationId });
}

/**
 * Removes the organization's Twilio account: its SMS go through the server's default again, and
 * both toggles are on again.
 */
export async function removeTwilio({ tx, organizationId }: TxOrg): Promise<TTwilioSettings> {
  await upsert(tx, organizationId, {
    twilioAccountSid: null,
    twilioAuthTokenEnc: null,
    twilioAuthTokenLast4: null,
    twilioFrom: null,
    twilioVerification: true,
    twilioAlerts: true,
  });
  return getTwilio({ tx, organizationId });
}

/**
 * What the organization lets go by SMS (the Twilio dialog's toggles, spec console §2
 * Integrations): verification and identity messages, and alerts and notifications. Both on when
 * nothing is saved.
 */
export async function twilioPurposes({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<{ verification: boolean; alerts: boolean }> {
  const row = await rowOf(tx, organizationId);
  return { verification: row?.twilioVerification ?? true, alerts: row?.twilioAlerts ?? true };
}

/** The decrypted Twilio credentials of an organization, for the SMS adapter; undefined when unset. */
export async function twilioCredentials({
  tx,
  organizationId,
  secrets,
}: {
  tx: DbOrTx;
  organizationId: string;
  secrets: SecretBox;
}): Promise<{ accountSid: string; authToken: string; from: string } | undefined> {
  const row = await rowOf(tx, organizationId);
  if (!row?.twilioAccountSid || !row.twilioAuthTokenEnc || !row.twilioFrom) return undefined;
  return {
    accountSid: row.twilioAccountSid,
    authToken: secrets.decrypt(row.twilioAuthTokenEnc),
    from: row.twilioFrom,
  };
}
