import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { insertSmsOutbox } from '../queries';

/**
 * What a message is for, as the Twilio dialog's toggles name it (spec console §2 Integrations):
 * `verification` ('Enable Verification and Identity': codes, access links) or `alert` ('Enable
 * Alerts and Notifications': notification templates).
 */
export type SmsPurpose = 'verification' | 'alert';

/** One text message. `to` is E.164 (`+` and digits); `organizationId` picks the organization's own provider and labels the outbox entry. */
export interface SmsMessage {
  to: string;
  body: string;
  organizationId?: string;
  /** Checked against the organization's toggles: a purpose turned off is refused (`SmsTurnedOff`). */
  purpose?: SmsPurpose;
}

/** Which driver carries a message: Twilio (environment's or the organization's own account) or the local outbox. */
export type SmsDriver = 'twilio' | 'outbox';

/**
 * The SMS adapter (CONTRIBUTING.md "Adapters (outside systems)": SMS). The driver is chosen per message from its
 * organization: the organization's own Twilio account when the resolver knows one, else the
 * environment's Twilio (`TWILIO_*`), else the local outbox.
 */
export interface SmsAdapter {
  /** Sends one message; throws `SmsFailed` when the provider refuses it or cannot be reached. */
  send(message: SmsMessage): Promise<void>;
  /** The driver a message of `organizationId` would go through (no organization: the environment's). */
  driverFor(organizationId?: string): Promise<SmsDriver>;
}

/** The provider refused or could not be reached. */
export class SmsFailed extends Error {}

/** The organization turned this purpose of SMS off: nothing was sent, and a retry would not help. */
export class SmsTurnedOff extends SmsFailed {
  constructor(readonly purpose: SmsPurpose) {
    super(purpose === 'alert' ? TOOLBOX_MESSAGES.smsAlertsOff : TOOLBOX_MESSAGES.smsVerificationOff);
  }
}

/** The organization's toggles; must not throw for an organization with none saved (both on). */
export type SmsPurposeResolver = (
  organizationId: string,
) => Promise<{ verification: boolean; alerts: boolean }>;

/** Twilio credentials: `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` (a number or a messaging service SID `MG…`). */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Overrides the API base (tests); default https://api.twilio.com */
  baseUrl?: string;
}

/**
 * An organization's own Twilio account, or undefined to use the environment's. Called once per
 * message, so a changed credential takes effect at once; it must not throw for a missing one.
 */
export type TwilioResolver = (organizationId: string) => Promise<TwilioConfig | undefined>;

/**
 * Builds the SMS adapter. A message goes to Twilio's Messages REST resource
 * (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, basic auth) with `fetch` — one
 * documented call, so no SDK is needed — using the credentials `resolve` answers for its
 * organization, else `twilio` (the environment's); with neither it goes to the local outbox.
 * Every message is recorded in `sms_outbox`, with its body only when it went to the local outbox
 * (where tests and the demo read codes); with `dataDir`, the outbox driver also writes each message
 * as a JSON file `{ to, body, created_at }` under `DATA_DIR/sms-outbox` (written beside it, then
 * moved in, like the mail outbox's `.eml` files), so a browser test can read a code the server
 * sent while it holds its embedded database. A message whose `purpose` its organization turned off
 * (`purposes`) is refused with `SmsTurnedOff` before any provider is asked. Logs name the
 * recipient and the length, never the body, which may carry a code.
 */
export function createSmsAdapter(opts: {
  db: Db;
  log: FastifyBaseLogger;
  twilio?: TwilioConfig;
  resolve?: TwilioResolver;
  /** The organization's toggles; without it every purpose is on. */
  purposes?: SmsPurposeResolver;
  fetchImpl?: typeof fetch;
  /** The data directory: the outbox driver also keeps each message under `sms-outbox/` there. */
  dataDir?: string;
}): SmsAdapter {
  const record = (m: SmsMessage, driver: string, providerId?: string) =>
    insertSmsOutbox({
      db: opts.db,
      row: {
        to: m.to,
        // A message Twilio delivered keeps no body (it may carry a code); the offline outbox does.
        body: driver === 'outbox' ? m.body : '',
        driver,
        providerId,
        organizationRef: m.organizationId,
      },
    });
  const doFetch = opts.fetchImpl ?? fetch;

  const credentialsFor = async (organizationId?: string): Promise<TwilioConfig | undefined> =>
    (organizationId && opts.resolve ? await opts.resolve(organizationId) : undefined) ?? opts.twilio;

  const sendTwilio = async (twilio: TwilioConfig, m: SmsMessage) => {
    const base = (twilio.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
    const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
    const form = new URLSearchParams({ To: m.to, Body: m.body });
    form.set(twilio.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', twilio.from);
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      opts.log.warn({ to: m.to, err: err instanceof Error ? err.message : String(err) }, 'sms not sent');
      throw new SmsFailed('SMS provider unreachable');
    }
    const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
    if (!res.ok) {
      opts.log.warn({ to: m.to, status: res.status, reason: answer.message }, 'sms refused');
      throw new SmsFailed(answer.message ?? `SMS provider answered ${res.status}`);
    }
    await record(m, 'twilio', answer.sid);
    opts.log.info({ to: m.to, sid: answer.sid }, 'sms sent');
  };

  return {
    async driverFor(organizationId) {
      return (await credentialsFor(organizationId)) ? 'twilio' : 'outbox';
    },
    async send(m) {
      if (m.purpose && m.organizationId && opts.purposes) {
        const on = await opts.purposes(m.organizationId);
        if (!(m.purpose === 'alert' ? on.alerts : on.verification)) throw new SmsTurnedOff(m.purpose);
      }
      const twilio = await credentialsFor(m.organizationId);
      if (twilio) return sendTwilio(twilio, m);
      await record(m, 'outbox');
      if (opts.dataDir) await writeOutboxFile(opts.dataDir, m);
      opts.log.info({ to: m.to, length: m.body.length }, 'sms stored in the outbox (no provider configured)');
    },
  };
}

/** One message of the local outbox as a file of `DATA_DIR/sms-outbox` (never half written). */
async function writeOutboxFile(dataDir: string, m: SmsMessage): Promise<void> {
  const dir = path.join(dataDir, 'sms-outbox');
  const writing = path.join(dataDir, 'sms-outbox-writing');
  await Promise.all([fs.mkdir(dir, { recursive: true }), fs.mkdir(writing, { recursive: true })]);
  const created = new Date().toISOString();
  const name = `${created.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
  await fs.writeFile(
    path.join(writing, name),
    JSON.stringify({ to: m.to, body: m.body, created_at: created }),
  );
  await fs.rename(path.join(writing, name), path.join(dir, name));
}
