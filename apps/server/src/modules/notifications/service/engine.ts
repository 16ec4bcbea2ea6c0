import {
  currencySymbol,
  NOTIFICATION_TIME_UNIT_SECONDS,
  renderHtml,
  renderText,
  type TLanguage,
  type TNotificationTimeUnit,
  type TTemplateData,
} from '@lockerops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MailAdapter } from '../../../adapters/mail';
import { qrAttachments, qrImageHtml } from '../../../adapters/mail/qr';
import { type SmsAdapter, SmsTurnedOff } from '../../../adapters/sms';
import type { DbOrTx, Tx } from '../../../db/client';
import type { DomainEvent } from '../../../domain-events';
import { recipientLanguages } from '../../../lib/message-language';
import type { Metrics } from '../../../lib/metrics';
import { formatLocal, isKnownZone, safeZone } from '../../../lib/time';
import {
  claimDueDeliveries,
  customerOf,
  type DeliveryRow,
  failInterruptedDeliveries,
  locationIdOfDevice,
  locationOf,
  memberEmails,
  type TemplateRow as NotificationRow,
  organizationNames,
  organizationZone,
  type QueuedDelivery,
  queueDeliveries,
  reservationOf,
  settleDelivery,
  templateLocations,
  templatesExistSql,
  templatesFor,
  transactionOf,
} from '../queries';
import { memberLanguages } from '../queries/languages';
import { pickupQrLink } from './links';

export type { DeliveryRow } from '../queries';

/** Attempts of one message before it is `failed`; the wait before attempt n+1 is 30 s × 2^(n-1). */
export const MAX_ATTEMPTS = 5;
export const backoffSeconds = (attempts: number) => 30 * 2 ** Math.max(0, attempts - 1);
/** How long a claimed message may stay `sending` before it counts as interrupted. */
export const SENDING_LEASE_SECONDS = 300;
export const INTERRUPTED_ANSWER =
  'Interrupted while sending (the worker stopped); not sent again so that it cannot arrive twice.';

/**
 * `at` on the wall clock of the IANA zone `timeZone` as customers read it: MM/DD/YYYY hh:mm A
 * (console §9 DATE_FORMAT), no seconds, with the zone's abbreviation (`01/15/2027 10:00 AM CST`;
 * README.md "Time zones: where they come from").
 */
export const formatInZone = (at: Date, timeZone: string): string => formatLocal(at, timeZone);

/** A money amount with its currency symbol, two decimals: `$12.50`. */
export const formatAmount = (amount: unknown, currency: unknown) =>
  amount === null || amount === undefined || amount === ''
    ? ''
    : `${currencySymbol(String(currency ?? 'usd'))}${Number(amount).toFixed(2)}`;

/** What the templates of one event are rendered with, and who receives them. */
export interface EventContext {
  data: TTemplateData;
  email: string | null;
  phone: string | null;
  locationId: string | null;
  /** When the rental or reservation ends (anchor of "before" templates), if known. */
  endsAt: Date | null;
}

/**
 * Gathers the variables of an event (spec: console §9 "placeholders such as order id, locker
 * number, location name, weight and charged amount"): the customer from the subject's user (or the
 * phone/e-mail given for a delivery), the locker, the location, codes, amount, times in the
 * location's time zone (else the organization's) with the zone's abbreviation.
 */
export async function eventContext({ tx, event }: { tx: DbOrTx; event: DomainEvent }): Promise<EventContext> {
  const p = event.payload as Record<string, unknown>;
  const organizationId = event.organizationId;
  const str = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
  let startsAt: Date | null = null;
  let endsAt: Date | null = null;
  let timeZone: string | null = null;
  let pickupCode: string | undefined;
  let locationId = (p.id_location as string | null | undefined) ?? null;
  let deviceId = (p.id_device as string | null | undefined) ?? null;
  if (event.subject.type === 'transaction') {
    const t = await transactionOf({ tx, organizationId, id: event.subject.id });
    if (t) {
      startsAt = t.startedAt ?? t.createdAt;
      endsAt = t.endedAt ?? t.expiresAt;
      pickupCode = t.pickupCode ?? undefined;
      locationId ??= t.idLocation;
      deviceId ??= t.idDevice;
    }
  } else {
    const r = await reservationOf({ tx, organizationId, id: event.subject.id });
    if (r) {
      startsAt = r.startsAt;
      endsAt = r.endsAt;
      timeZone = r.timeZone || null;
      deviceId ??= r.idDevice;
    }
  }
  if (!locationId && deviceId) {
    locationId = await locationIdOfDevice({ tx, organizationId, id: deviceId });
  }
  const loc = locationId ? await locationOf({ tx, organizationId, id: locationId }) : undefined;
  const idUser = p.id_user as string | null | undefined;
  const u = idUser ? await customerOf({ tx, organizationId, id: idUser }) : undefined;
  const o = await organizationNames({ tx, organizationId });
  const email = u?.email ?? str(p.email) ?? null;
  const phone = u?.phone ?? str(p.phone_number) ?? null;
  // times of a place read in the place's zone: the location's, else the organization's; a
  // reservation's own zone (its recurring window's) only where neither is known
  const zone = isKnownZone(loc?.timeZone)
    ? loc.timeZone
    : safeZone((await organizationZone({ tx, organizationId })) ?? timeZone);
  return {
    email,
    phone,
    locationId,
    endsAt,
    data: {
      user_name: u ? [u.name, u.lastName].filter(Boolean).join(' ') : '',
      user_email: email ?? '',
      user_phone: phone ?? '',
      locker_number: str(p.locker_number) ?? '',
      location_name: loc?.name ?? str(p.location) ?? '',
      location_address: loc?.address ?? '',
      pickup_code: pickupCode ?? '',
      pickup_qr_link: pickupQrLink(o?.subdomain, pickupCode),
      invoice_id: str(p.invoice_id) ?? '',
      order_id: str(p.order_id) ?? str(p.tracking_number) ?? '',
      amount: formatAmount(p.amount, p.currency),
      weight: str(p.weight) ?? '',
      start_time: startsAt ? formatInZone(startsAt, zone) : '',
      end_time: endsAt ? formatInZone(endsAt, zone) : '',
      organization_name: o?.appName ?? o?.name ?? '',
    },
  };
}

/** A template's e-mail subject: its own, else (made before it had one) its name. */
export const subjectOf = (n: Pick<NotificationRow, 'name' | 'subject'>): string => n.subject || n.name;

/** The e-mail of a template rendered with `data`: subject, text, and HTML with the images. */
export function renderEmail(
  n: Pick<
    NotificationRow,
    'name' | 'subject' | 'header' | 'footer' | 'messageEmail' | 'headerImage' | 'bodyImage' | 'footerImage'
  >,
  data: TTemplateData,
  extra?: string | null,
): { subject: string; text: string; html: string } {
  const parts = [n.header, n.messageEmail, extra, n.footer];
  const text = parts
    .map((t) => renderText(t, data).trim())
    .filter(Boolean)
    .join('\n\n');
  const img = (src: string | null, alt: string) =>
    src ? `<p><img src="${src.replace(/"/g, '&quot;')}" alt="${alt}" style="max-width:100%"></p>` : '';
  const para = (t: string | null | undefined) =>
    t ? `<p>${renderHtml(t, data).replace(/\n/g, '<br>')}</p>` : '';
  // a pickup code the message shows is also drawn as its QR code, which a kiosk's camera reads
  const qr = data.pickup_code && text.includes(data.pickup_code) ? qrImageHtml(data.pickup_code) : '';
  const html = [
    img(n.headerImage, 'header'),
    para(n.header),
    img(n.bodyImage, 'body'),
    para(n.messageEmail),
    qr,
    para(extra),
    para(n.footer),
    img(n.footerImage, 'footer'),
  ].join('');
  return {
    subject: renderText(subjectOf(n), data),
    text,
    html: `<!doctype html><html><body>${html}</body></html>`,
  };
}

/** The SMS of a template rendered with `data`, with the per-location message when given. */
export const renderSms = (n: Pick<NotificationRow, 'message'>, data: TTemplateData, extra?: string | null) =>
  [renderText(n.message, data), renderText(extra, data)].filter((s) => s.trim()).join('\n');

/** When a message of template `n` for an event at `at` is due: after `at`, or before the end. */
export function dueAt(
  n: Pick<NotificationRow, 'timeAmount' | 'timeUnit' | 'before'>,
  at: Date,
  endsAt: Date | null,
): Date {
  const seconds = n.timeAmount * (NOTIFICATION_TIME_UNIT_SECONDS[n.timeUnit as TNotificationTimeUnit] ?? 0);
  if (n.before) {
    const anchor = endsAt ?? at;
    const due = new Date(anchor.getTime() - seconds * 1000);
    return due < at ? at : due;
  }
  return new Date(at.getTime() + seconds * 1000);
}

/**
 * The domain-event subscriber of the Notifications area (CONTRIBUTING.md "Domain events and jobs"): in the
 * emitting step's transaction, queues one delivery per channel of every template of the event's
 * mode and `notification_type` (when the organization has the Notifications feature) — the customer's e-mail and SMS (with the per-location message when
 * the event's location is one of the template's), and the member message to the chosen team
 * member — rendered now, due after the template's delay. A rolled-back step queues nothing; the
 * unique index makes a second queueing of the same event and template a no-op.
 */
export async function queueNotifications({
  tx,
  event,
}: {
  tx: Tx;
  event: DomainEvent & { id: string };
}): Promise<void> {
  // an organization without the Notifications feature page sends nothing
  const templates = await templatesFor({
    tx,
    organizationId: event.organizationId,
    mode: event.mode,
    name: event.name,
  });
  if (!templates.length) return;
  const ctx = await eventContext({ tx, event });
  const at = new Date();
  const links = await templateLocations({
    tx,
    organizationId: event.organizationId,
    ids: templates.map((n) => n.id),
  });
  const memberIds = templates.map((n) => n.idMember).filter((v): v is string => !!v);
  const memberRows = await memberEmails({ tx, organizationId: event.organizationId, ids: memberIds });
  const rows: QueuedDelivery[] = [];
  for (const n of templates) {
    const sendAfter = dueAt(n, at, ctx.endsAt);
    const here =
      ctx.locationId && links.some((l) => l.idNotification === n.id && l.idLocation === ctx.locationId)
        ? n.locationMessage
        : null;
    const base = {
      organizationId: event.organizationId,
      idNotification: n.id,
      idDomainEvent: event.id,
      invoiceId: ctx.data.invoice_id || null,
      sendAfter,
    };
    if (n.email && ctx.email && n.messageEmail) {
      const mail = renderEmail(n, ctx.data, here);
      rows.push({
        ...base,
        channel: 'email',
        kind: 'customer',
        recipient: ctx.email,
        subject: mail.subject,
        body: mail.text,
        html: mail.html,
      });
    }
    if (n.sms && ctx.phone && n.message) {
      rows.push({
        ...base,
        channel: 'sms',
        kind: 'customer',
        recipient: ctx.phone,
        body: renderSms(n, ctx.data, here),
      });
    }
    const member = memberRows.find((m) => m.id === n.idMember);
    if (member && n.memberMessage) {
      rows.push({
        ...base,
        channel: 'email',
        kind: 'member',
        recipient: member.email,
        subject: renderText(subjectOf(n), ctx.data),
        body: renderText(n.memberMessage, ctx.data),
      });
    }
  }
  await queueDeliveries({ tx, rows });
}

/** Asked in the event's insert: the organization has a template for the event (and the feature). */
queueNotifications.interest = (event: DomainEvent) =>
  templatesExistSql({ organizationId: event.organizationId, mode: event.mode, name: event.name });

/** The adapters and clock the sender uses. */
export interface SenderDeps {
  db: DbOrTx;
  mail: MailAdapter;
  sms: SmsAdapter;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Counts the messages that failed to send (`GET /metrics`). */
  metrics?: Pick<Metrics, 'notificationDeliveryFailed'>;
}

/**
 * Sends one claimed delivery through its adapter; answers the provider's answer or throws. The
 * template's text goes as written; `language` is that of the layout around it (Send test: the caller's).
 */
export async function sendOne(
  deps: Pick<SenderDeps, 'mail' | 'sms'>,
  d: DeliveryRow,
  language?: TLanguage,
): Promise<string> {
  if (d.channel === 'email') {
    await deps.mail.send({
      to: d.recipient,
      language,
      subject: d.subject ?? '',
      text: d.body,
      html: d.html ?? undefined,
      attachments: await qrAttachments(d.html),
      organizationId: d.organizationId,
    });
    return `accepted (${deps.mail.driver})`;
  }
  await deps.sms.send({ to: d.recipient, body: d.body, organizationId: d.organizationId, purpose: 'alert' });
  return `accepted (${await deps.sms.driverFor(d.organizationId)})`;
}

/**
 * The sending job's work (spec: console §2 Notifications list): marks rows left `sending` past their
 * lease as failed (never sent twice), claims due `queued` rows with `FOR UPDATE SKIP LOCKED` (so two
 * workers never take the same row) and commits the claim before calling the provider; each then
 * becomes `sent`, or `queued` again after a backoff, or `failed` after MAX_ATTEMPTS. Answers counts.
 */
export async function sendDueNotifications(
  deps: SenderDeps,
  batch = 50,
): Promise<{ sent: number; retried: number; failed: number; interrupted: number }> {
  const now = deps.now();
  const interrupted = await failInterruptedDeliveries({ db: deps.db, now, answer: INTERRUPTED_ANSWER });
  const lease = new Date(now.getTime() + SENDING_LEASE_SECONDS * 1000);
  const claimed = await claimDueDeliveries({ db: deps.db, now, lease, batch });
  const out = { sent: 0, retried: 0, failed: 0, interrupted: interrupted.length };
  // the operator's text as written, the layout around it in the team member's language, else (a
  // customer, a member who never chose one) in the organization's default language
  const languages = await memberLanguages({ db: deps.db, deliveries: claimed });
  const languageOf = await recipientLanguages({
    tx: deps.db,
    organizationIds: claimed.map((d) => d.organizationId),
  });
  for (const d of claimed) {
    try {
      const language = languageOf(
        d.organizationId,
        languages.get(`${d.organizationId} ${d.recipient.toLowerCase()}`),
      );
      const answer = await sendOne(deps, d, language);
      await settleDelivery({
        db: deps.db,
        organizationId: d.organizationId,
        id: d.id,
        set: {
          status: 'sent',
          providerAnswer: answer,
          sentAt: deps.now(),
          lockedUntil: null,
          updatedAt: deps.now(),
        },
      });
      out.sent++;
    } catch (err) {
      const answer = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      // SMS the organization turned off fail at once: a retry would meet the same toggle
      const last = d.attempts >= MAX_ATTEMPTS || err instanceof SmsTurnedOff;
      await settleDelivery({
        db: deps.db,
        organizationId: d.organizationId,
        id: d.id,
        set: {
          status: last ? 'failed' : 'queued',
          providerAnswer: answer,
          lockedUntil: null,
          sendAfter: last ? d.sendAfter : new Date(deps.now().getTime() + backoffSeconds(d.attempts) * 1000),
          updatedAt: deps.now(),
        },
      });
      if (last) out.failed++;
      else out.retried++;
      deps.metrics?.notificationDeliveryFailed(d.channel, last);
      deps.log.warn(
        { delivery: d.id, channel: d.channel, attempts: d.attempts, answer },
        'notification not sent',
      );
    }
  }
  return out;
}
