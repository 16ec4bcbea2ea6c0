import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { DATA_DIR } from '../playwright.config';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  file: string;
  /** Its attachments, inline images with their content id. */
  attachments: { cid?: string; contentType: string; content: Buffer }[];
}

/** Every mail the server's local outbox driver stored under DATA_DIR/outbox, oldest first. */
export async function outbox(): Promise<Mail[]> {
  const dir = path.join(DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const mails: Mail[] = [];
  for (const f of files) {
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, f)));
    const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
      a.value.map((v) => (v.address ?? '').toLowerCase()),
    );
    const attachments = parsed.attachments.map((a) => ({
      cid: a.cid,
      contentType: a.contentType,
      content: a.content,
    }));
    mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', file: f, attachments });
  }
  return mails;
}

/** Waits for a mail to `to` beyond the first `seen` ones. */
export async function nextMail(to: string, seen: number, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mine = (await outbox()).filter((m) => m.to.includes(to.toLowerCase()));
    if (mine.length > seen) return mine[mine.length - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

export async function mailCount(to: string): Promise<number> {
  return (await outbox()).filter((m) => m.to.includes(to.toLowerCase())).length;
}

/** The 6-digit code in the next mail to `to` beyond the first `seen` (the widget's verification code). */
export async function nextCode(to: string, seen: number): Promise<string> {
  const mail = await nextMail(to, seen);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${to}`);
  return code;
}
