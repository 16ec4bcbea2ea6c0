import { CUSTOMER_APP_MESSAGES, fillMailText, RECEIPT_TEXTS, type TLanguage } from '@lockerops/contract';
import { NotFound } from '../../../errors';
import { whiteLabel } from '../queries/organization';
import { type LockerContext, lockerOr404 } from './lockers';

/** A6 in PostScript points (105 × 148 mm): a receipt's page. */
const PAGE: [number, number] = [298, 420];
const MARGIN = 24;

/**
 * `GET customer/{organization}/lockers/{id}/receipt`: the receipt of the customer's own finished
 * transaction `id` as a PDF (README "The Lite App"): the organization's app name, the invoice
 * number, the place, the door (and product), start and end on the place's clock with its zone
 * named, the total in its currency, and the sandbox's note when no money moved — in `language`
 * (en, es, de), amounts and times through Intl. 404 when the transaction is not the customer's or
 * has no total yet (not ended, or nothing charged).
 */
export async function receiptPdf(c: LockerContext, id: string, language: TLanguage): Promise<Buffer> {
  const locker = await lockerOr404(c, id);
  if (locker.total === null || !locker.ended_at) throw NotFound(CUSTOMER_APP_MESSAGES.receiptNotFound);
  const org = c.step.auth.organizationId;
  const brand = await c.step.run((tx) => whiteLabel({ tx, organizationId: org }));
  const app = brand?.appName || brand?.name || 'Lockerops';
  const w = RECEIPT_TEXTS[language];
  const zone = locker.time_zone;
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
          new Date(iso),
        )
      : '—';
  const zoneName =
    new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(new Date(locker.ended_at))
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  const total = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: (locker.currency ?? 'usd').toUpperCase(),
  }).format(Number(locker.total));

  // pdfkit loads on the first PDF, not at start (as the reports' PDF)
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: PAGE,
    margin: MARGIN,
    info: { Title: `${app}: ${w.title}`, Author: app },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = PAGE[0] - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).text(app, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(12).text(w.title, { width });
  doc.moveDown(0.8);
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(label, MARGIN, y, { width: 90 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#000000')
      .text(value, MARGIN + 96, y, { width: width - 96 });
    doc.moveDown(0.4);
  };
  if (locker.invoice_id) row(w.invoice, locker.invoice_id);
  row(w.place, locker.location ?? '—');
  row(w.door, String(locker.locker_number ?? '—'));
  if (locker.product) row(w.product, locker.product);
  row(w.started, when(locker.started_at));
  row(w.ended, when(locker.ended_at));
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(fillMailText(w.zone, { zone: `${zoneName} (${zone})` }), MARGIN, doc.y, { width });
  doc.moveDown(0.8);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(PAGE[0] - MARGIN, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.5);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(w.total, MARGIN, y, { width: 90 });
  doc.text(total, MARGIN + 96, y, { width: width - 96, align: 'right' });
  doc.moveDown(1);
  if (locker.sandbox) doc.font('Helvetica').fontSize(9).text(w.sandbox, MARGIN, doc.y, { width });
  doc
    .moveDown(0.6)
    .font('Helvetica')
    .fontSize(9)
    .text(fillMailText(w.thanks, { app }), MARGIN, doc.y, { width });
  doc.end();
  return done;
}
