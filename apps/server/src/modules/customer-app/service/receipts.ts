import {
  CUSTOMER_APP_MESSAGES,
  fillMailText,
  RECEIPT_TEXTS,
  type ReceiptTexts,
  type TLanguage,
} from '@lockerops/contract';
import { NotFound } from '../../../errors';
import { whiteLabel } from '../queries/organization';
import { type LockerContext, lockerOr404 } from './lockers';

/** A6 in PostScript points (105 × 148 mm): a receipt's page. */
const PAGE: [number, number] = [298, 420];
const MARGIN = 24;

/** What a receipt says, in its language: the PDF and the e-mail show the same. */
export interface Receipt {
  app: string;
  texts: ReceiptTexts;
  invoice: string | null;
  /** label and value, in order */
  rows: [string, string][];
  /** the times' zone, named */
  zoneNote: string;
  total: string;
  /** the sandbox's note when no money moved */
  sandbox: string | null;
  thanks: string;
}

/**
 * The receipt of the customer's own finished transaction `id` (README "The Lite App"): the
 * organization's app name, the invoice number, the place, the door (and product), start and end
 * on the place's clock with its zone named, the total in its currency, and the sandbox's note when
 * no money moved — in `language` (en, es, de), amounts and times through Intl. 404 when the
 * transaction is not the customer's or has no total yet (not ended, or nothing charged).
 */
export async function receiptOf(c: LockerContext, id: string, language: TLanguage): Promise<Receipt> {
  const locker = await lockerOr404(c, id);
  if (locker.total === null || !locker.ended_at) throw NotFound(CUSTOMER_APP_MESSAGES.receiptNotFound);
  const organizationId = c.step.auth.organizationId;
  const brand = await c.step.run((tx) => whiteLabel({ tx, organizationId }));
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
  const rows: [string, string][] = [];
  if (locker.invoice_id) rows.push([w.invoice, locker.invoice_id]);
  rows.push([w.place, locker.location ?? '—'], [w.door, String(locker.locker_number ?? '—')]);
  if (locker.product) rows.push([w.product, locker.product]);
  rows.push([w.started, when(locker.started_at)], [w.ended, when(locker.ended_at)]);
  return {
    app,
    texts: w,
    invoice: locker.invoice_id,
    rows,
    zoneNote: fillMailText(w.zone, { zone: `${zoneName} (${zone})` }),
    total: new Intl.NumberFormat(language, {
      style: 'currency',
      currency: (locker.currency ?? 'usd').toUpperCase(),
    }).format(Number(locker.total)),
    sandbox: locker.sandbox ? w.sandbox : null,
    thanks: fillMailText(w.thanks, { app }),
  };
}

/**
 * `GET customer/{organization}/lockers/{id}/receipt`: the receipt (`receiptOf`) as a PDF of one
 * A6 page.
 */
export async function receiptPdf(c: LockerContext, id: string, language: TLanguage): Promise<Buffer> {
  return renderPdf(await receiptOf(c, id, language));
}

/** The receipt laid out on an A6 page. */
export async function renderPdf(r: Receipt): Promise<Buffer> {
  // pdfkit loads on the first PDF, not at start (as the reports' PDF)
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: PAGE,
    margin: MARGIN,
    info: { Title: `${r.app}: ${r.texts.title}`, Author: r.app },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = PAGE[0] - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).text(r.app, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(12).text(r.texts.title, { width });
  doc.moveDown(0.8);
  for (const [label, value] of r.rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(label, MARGIN, y, { width: 90 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#000000')
      .text(value, MARGIN + 96, y, { width: width - 96 });
    doc.moveDown(0.4);
  }
  doc.font('Helvetica').fontSize(8).fillColor('#555555').text(r.zoneNote, MARGIN, doc.y, { width });
  doc.moveDown(0.8);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(PAGE[0] - MARGIN, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.5);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(r.texts.total, MARGIN, y, { width: 90 });
  doc.text(r.total, MARGIN + 96, y, { width: width - 96, align: 'right' });
  doc.moveDown(1);
  if (r.sandbox) doc.font('Helvetica').fontSize(9).text(r.sandbox, MARGIN, doc.y, { width });
  doc.moveDown(0.6).font('Helvetica').fontSize(9).text(r.thanks, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
