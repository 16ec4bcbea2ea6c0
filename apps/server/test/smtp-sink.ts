import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part, when the mail has one. */
  html: string;
  /** File names and types of the attachments (inline images with their content id). */
  attachments: Array<{ filename: string; contentType: string; size: number; cid?: string }>;
}

/** A real SMTP server in-process that keeps what it receives; tests read codes out of it. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let rejecting = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (rejecting > 0) {
        rejecting--;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ''),
          );
          received.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
              cid: a.cid,
            })),
          });
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuses the next `n` messages with a temporary error (451), as a failing SMTP server would. */
    rejectNext(n: number) {
      rejecting = n;
    },
    /** How many mails `to` has received so far. */
    count: (to: string) => received.filter((m) => m.to.includes(to)).length,
    /** Waits for a mail to `to` beyond the first `seen` ones and answers it. */
    async next(to: string, seen: number, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mails = received.filter((m) => m.to.includes(to));
        if (mails.length > seen) return mails[mails.length - 1]!;
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
