import type { TLanguage } from '@lockerops/contract';

/** A file attached to an e-mail. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Content id of an inline image (`<img src="cid:…">`), such as the layout's logo. */
  cid?: string;
}

/** One e-mail. `organizationId` only labels the outbox entry. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  organizationId?: string;
  /** The recipient's language: the layout's own words and `<html lang>` (default English). */
  language?: TLanguage;
}
