import { fillMailText, MAIL_TEXTS } from '@lockerops/contract';
import type { Db } from '../../db/client';
import { brandRowOf } from '../queries';
import type { StorageAdapter } from '../storage';
import type { MailAttachment, MailMessage } from './message';

/** Who a mail speaks for: the organization's white label (spec: console §7 white-label). */
export interface MailBrand {
  name: string;
  /** The logo's bytes and type, sent inline (`cid:`), so it shows without loading a remote image. */
  logo?: { content: Buffer; contentType: string };
  primaryColor: string;
  secondaryColor: string;
}

/** The product's own brand, for a mail of no organization (or one without a white label). */
export const PRODUCT_BRAND: MailBrand = {
  name: 'Lockerops',
  primaryColor: '#1976d2',
  secondaryColor: '#26a69a',
};

const HEX = /^#[0-9a-fA-F]{6}$/;
const LOGO_CID = 'brand-logo@lockerops';
const LOGO_MAX_BYTES = 512 * 1024;

/**
 * Reads an organization's brand (display name, logo file through `storage`, colours) from the
 * owner handle `db`; `PRODUCT_BRAND` for no organization or an unknown id. A logo that is not a
 * stored image, or is over 512 KB, is left out.
 */
export function createBrandResolver(db: Db, storage?: StorageAdapter) {
  return async (organizationId?: string): Promise<MailBrand> => {
    if (!organizationId) return PRODUCT_BRAND;
    const org = await brandRowOf({ db, organizationId });
    if (!org) return PRODUCT_BRAND;
    return {
      name: org.appName || org.name,
      logo: await readLogo(storage, org.logo),
      primaryColor: HEX.test(org.primary ?? '') ? org.primary! : PRODUCT_BRAND.primaryColor,
      secondaryColor: HEX.test(org.secondary ?? '') ? org.secondary! : PRODUCT_BRAND.secondaryColor,
    };
  };
}

async function readLogo(storage: StorageAdapter | undefined, url: string | null) {
  const key = url?.match(/^\/api\/files\/([^/?#]+)$/)?.[1];
  const file = key ? storage?.open(key) : undefined;
  if (!file?.contentType.startsWith('image/')) {
    file?.stream.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of file.stream) {
    size += (c as Buffer).length;
    if (size > LOGO_MAX_BYTES) {
      file.stream.destroy();
      return undefined;
    }
    chunks.push(c as Buffer);
  }
  return { content: Buffer.concat(chunks), contentType: file.contentType };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text as HTML: escaped, blank lines → paragraphs, line breaks kept, web addresses linked. */
export function textToHtml(text: string, linkColor: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p style="margin:0 0 16px">${esc(para)
          .replace(
            /https?:\/\/[^\s<]+/g,
            (u) => `<a href="${u}" style="color:${linkColor};word-break:break-all">${u}</a>`,
          )
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}

/** White or near-black, whichever reads on `hex`. */
function onColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#111111' : '#ffffff';
}

/**
 * Puts one message into the product's one e-mail layout: a header in the
 * organization's primary colour with its logo (inline, `cid:`) and display name, a rule in its
 * secondary colour, the message (its own HTML, else its text as paragraphs), and a footer naming
 * the organization, in the recipient's `language` (`MAIL_TEXTS`). The plain-text part is the message's text with the organization as signature.
 * Table layout with inline styles, which mail clients render alike. Answers the message to send.
 */
export function applyLayout(m: MailMessage, brand: MailBrand): MailMessage {
  const language = m.language ?? 'en';
  const ink = onColor(brand.primaryColor);
  const link = ink === '#ffffff' ? brand.primaryColor : '#1a5fb4';
  const body = m.html ?? textToHtml(m.text, link);
  const logo = brand.logo
    ? `<img src="cid:${LOGO_CID}" alt="" height="40" style="height:40px;max-width:160px;vertical-align:middle;margin-right:14px;border:0;background:#ffffff;border-radius:4px;padding:3px">`
    : '';
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(m.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;font-family:Helvetica,Arial,sans-serif;color:#222222">
<tr><td style="background:${brand.primaryColor};color:${ink};padding:18px 28px;border-radius:8px 8px 0 0">${logo}<span style="font-size:20px;font-weight:bold;vertical-align:middle">${esc(brand.name)}</span></td></tr>
<tr><td style="height:4px;line-height:4px;font-size:0;background:${brand.secondaryColor}">&nbsp;</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.5">
${body}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #eeeeee;font-size:12px;color:#777777">${esc(fillMailText(MAIL_TEXTS[language].footer, { name: brand.name }))}</td></tr>
</table></td></tr></table>
</body></html>`;
  const attachments: MailAttachment[] = [...(m.attachments ?? [])];
  if (brand.logo)
    attachments.push({
      filename: `logo.${brand.logo.contentType.split('/')[1] ?? 'png'}`,
      content: brand.logo.content,
      contentType: brand.logo.contentType,
      cid: LOGO_CID,
    });
  return { ...m, html, text: `${m.text.trimEnd()}\n\n-- \n${brand.name}\n`, attachments };
}
