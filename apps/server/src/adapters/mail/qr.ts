import QRCode from 'qrcode';
import { textToHtml } from './layout';
import type { MailMessage } from './message';

const QR_CID = 'pickup-qr@lockerops';

/**
 * A message's text with a QR code of `value` below it: the HTML part shows the code as an inline
 * PNG (`cid:`, so it shows without loading a remote image) that a kiosk's camera reads, the plain
 * part stays the text. Answers the `html` and `attachments` to add to the message.
 */
export async function withQrCode(
  text: string,
  value: string,
  alt: string,
): Promise<Pick<MailMessage, 'html' | 'attachments'>> {
  const png = await QRCode.toBuffer(value, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 240 });
  const escaped = alt.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    html: `${textToHtml(text, '#1a5fb4')}\n<p style="margin:0"><img src="cid:${QR_CID}" alt="${escaped}" width="240" height="240" style="border:0;display:block"></p>`,
    attachments: [{ filename: 'pickup-code.png', content: png, contentType: 'image/png', cid: QR_CID }],
  };
}
