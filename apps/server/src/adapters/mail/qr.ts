import QRCode from 'qrcode';
import { textToHtml } from './layout';
import type { MailAttachment, MailMessage } from './message';

const QR_CID = 'pickup-qr@lockerops';
const ALT = 'QR code of the pickup code';

/**
 * The HTML of a pickup code's QR code: an inline image (`cid:`, so it shows without loading a
 * remote image) that names the code it draws (`data-qr`), for `qrAttachments` to draw at sending.
 */
export const qrImageHtml = (code: string) =>
  `<p style="margin:0"><img src="cid:${QR_CID}" data-qr="${code.replace(/\D/g, '')}" alt="${ALT}" width="240" height="240" style="border:0;display:block"></p>`;

/** The PNG of the QR code an e-mail's HTML names (`qrImageHtml`), as its inline attachment; else none. */
export async function qrAttachments(html: string | null | undefined): Promise<MailAttachment[] | undefined> {
  const code = html?.match(/data-qr="(\d{4,12})"/)?.[1];
  if (!code) return undefined;
  const png = await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 240 });
  return [{ filename: 'pickup-code.png', content: png, contentType: 'image/png', cid: QR_CID }];
}

/**
 * A message's text with the QR code of pickup code `code` below it: the HTML part shows the code as
 * an inline PNG that a kiosk's camera reads, the plain part stays the text. Answers the `html` and
 * `attachments` to add to the message.
 */
export async function withQrCode(
  text: string,
  code: string,
): Promise<Pick<MailMessage, 'html' | 'attachments'>> {
  const html = `${textToHtml(text, '#1a5fb4')}\n${qrImageHtml(code)}`;
  return { html, attachments: await qrAttachments(html) };
}
