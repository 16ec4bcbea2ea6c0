import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/** One text message. `to` is E.164 (`+` and digits); `organizationId` only labels the outbox entry. */
export interface SmsMessage {
  to: string;
  body: string;
  organizationId?: string;
}

/** The SMS adapter (ARCHITECTURE: Adapters — SMS): Twilio when configured, else the local outbox. */
export interface SmsAdapter {
  readonly driver: 'twilio' | 'outbox';
  /** Sends one message; throws `SmsFailed` when the provider refuses it or cannot be reached. */
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused or could not be reached. */
export class SmsFailed extends Error {}

/** Twilio credentials: `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` (a number or a messaging service SID `MG…`). */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Overrides the API base (tests); default https://api.twilio.com */
  baseUrl?: string;
}

/**
 * Builds the SMS adapter. With Twilio configuration it posts each message to Twilio's Messages
 * REST resource (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, basic auth) with
 * `fetch` — one documented call, so no SDK is needed; otherwise the local driver. Every message is
 * recorded in `sms_outbox` (the local driver's outbox, where tests and the demo read codes); logs
 * name the recipient and the length, never the body, which may carry a code.
 */
export function createSmsAdapter(opts: {
  db: Db;
  log: FastifyBaseLogger;
  twilio?: TwilioConfig;
  fetchImpl?: typeof fetch;
}): SmsAdapter {
  const record = (m: SmsMessage, driver: string, providerId?: string) =>
    opts.db.insert(smsOutbox).values({
      to: m.to,
      body: m.body,
      driver,
      providerId,
      organizationRef: m.organizationId,
    });

  const twilio = opts.twilio;
  if (twilio) {
    const doFetch = opts.fetchImpl ?? fetch;
    const base = (twilio.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
    const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
    return {
      driver: 'twilio',
      async send(m) {
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
      },
    };
  }

  return {
    driver: 'outbox',
    async send(m) {
      await record(m, 'outbox');
      opts.log.info({ to: m.to, length: m.body.length }, 'sms stored in the outbox (no provider configured)');
    },
  };
}
