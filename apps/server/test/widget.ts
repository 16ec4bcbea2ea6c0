import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, smsOutbox } from '../src/db/schema';
import type { TestApp } from './helpers';

/** The contact of a widget booking: an e-mail or a phone number. */
export type WidgetContact = { email: string } | { phone_number: string };

/**
 * The last widget verification code sent to `contact`, read from the local outbox (mail or SMS) the
 * way only the contact's owner can; an SMS code from the last text sent (to `smsTo` when given).
 */
export async function lastWidgetCode(t: TestApp, contact: WidgetContact, smsTo?: string): Promise<string> {
  const db = t.database.db;
  const [last] =
    'email' in contact
      ? await db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, contact.email.toLowerCase()))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1)
      : await db
          .select({ text: smsOutbox.body })
          .from(smsOutbox)
          .where(smsTo ? eq(smsOutbox.to, smsTo) : undefined)
          .orderBy(desc(smsOutbox.createdAt))
          .limit(1);
  const code = /\b(\d{6})\b/.exec(last?.text ?? '')?.[1];
  expect(code, 'a 6-digit code in the outbox').toBeDefined();
  return code!;
}

/** Asks the widget (publishable key `pk`) for a code for `contact` from `address` and reads it. */
export async function widgetCode(
  t: TestApp,
  pk: string,
  contact: WidgetContact,
  opts: { organization?: string; address?: string } = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/widget/${opts.organization ?? 'demo-org'}/verification?key=${pk}`,
    remoteAddress: opts.address ?? '127.0.0.1',
    payload: contact,
  });
  expect(res.statusCode, res.body).toBe(202);
  return lastWidgetCode(t, contact);
}
