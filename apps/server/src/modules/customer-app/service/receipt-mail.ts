import { fillMailText, type TCustomerLocker } from '@lockerops/contract';
import { recipientLanguage } from '../../../lib/message-language';
import { takeReceiptMail } from '../../transactions';
import { receiptRecipient } from '../queries/receipts';
import { endLocker, type LockerContext } from './lockers';
import { receiptOf, renderPdf } from './receipts';

/*
 * Receipts by e-mail (README "The Lite App"): when the customer's paid transaction ends, its
 * receipt — the PDF's words in the e-mail, the PDF attached — goes to the e-mail the customer
 * proved with a sign-in code, in the app's language recorded for them (else the organization's
 * default one), unless they turned receipt e-mails off. Mailed after the end committed, outside
 * any database transaction, once per transaction (taken on its row first: a retried request or a
 * double tap mails one).
 */

/**
 * Mails the receipt of the customer's transaction `id` when it is due (paid, not mailed yet, a
 * verified e-mail, receipts on); answers whether it went. A failed mailing is logged, never the
 * caller's failure: the transaction has ended.
 */
export async function mailReceipt(c: LockerContext, id: string): Promise<boolean> {
  const out = c.receipts;
  if (!out) return false;
  const organizationId = c.step.auth.organizationId;
  try {
    const to = await c.step.run(async (tx) => {
      const r = await receiptRecipient({ tx, organizationId, userId: c.customerId });
      if (!r?.email || !r.receiptEmails || r.verifiedEmail?.toLowerCase() !== r.email.toLowerCase())
        return undefined;
      if (!(await takeReceiptMail({ tx, organizationId, userId: c.customerId, id }))) return undefined;
      return {
        email: r.email,
        language: await recipientLanguage({ tx, organizationId, own: r.appLanguage }),
      };
    });
    if (!to) return false;
    const r = await receiptOf(c, id, to.language);
    const w = r.texts;
    const text = [
      w.mailAttached,
      '',
      `${r.app} — ${w.title}`,
      ...r.rows.map(([label, value]) => `${label}: ${value}`),
      r.zoneNote,
      '',
      `${w.total}: ${r.total}`,
      ...(r.sandbox ? [r.sandbox] : []),
      '',
      r.thanks,
      w.mailOptOut,
    ].join('\n');
    await out.mail.send({
      to: to.email,
      subject: fillMailText(w.mailSubject, { app: r.app, invoice: r.invoice ?? '' }).trim(),
      text,
      attachments: [
        {
          filename: `${w.title}-${r.invoice ?? id}.pdf`,
          content: await renderPdf(r),
          contentType: 'application/pdf',
        },
      ],
      organizationId,
      language: to.language,
    });
    return true;
  } catch (err) {
    out.log.warn({ err, transaction: id }, 'the receipt e-mail was not sent');
    return false;
  }
}

/**
 * After a transaction `ended` for the customer: its receipt by e-mail when it was a paid one (on a
 * priced door or product, or charged).
 */
export async function withReceipt(c: LockerContext, ended: TCustomerLocker): Promise<TCustomerLocker> {
  if (ended.total !== null && ended.ended_at) await mailReceipt(c, ended.id);
  return ended;
}

/**
 * `POST customer/{organization}/lockers/{id}/end` (`endLocker`), then the receipt by e-mail when
 * it was a paid one.
 */
export const endWithReceipt = async (c: LockerContext, id: string) => withReceipt(c, await endLocker(c, id));
