import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { insertMailOutbox } from '../queries';
import { applyLayout, createBrandResolver, type MailBrand } from './layout';
import type { MailMessage } from './message';

export type { MailMessage } from './message';

/**
 * The mail adapter (CONTRIBUTING.md "Adapters (outside systems)"): SMTP when `SMTP_URL` is set, else the local outbox.
 * Every message goes out in the one e-mail layout (`applyLayout`) of its organization's brand.
 */
export interface MailAdapter {
  readonly driver: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the mail adapter. Every message is recorded in `mail_outbox` (the body only by the outbox
 * driver; SMTP deliveries keep recipient and subject); the outbox driver also
 * writes it as an `.eml` file under `DATA_DIR/outbox` and logs the file's path (never the body,
 * which may carry a code), while the SMTP driver hands it to the server at `smtpUrl`.
 */
export function createMailAdapter(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  db: Db;
  log: FastifyBaseLogger;
  /** The brand of a message's organization (default: read from `db`, without the logo). */
  brandOf?: (organizationId?: string) => Promise<MailBrand>;
}): MailAdapter {
  const brandOf = opts.brandOf ?? createBrandResolver(opts.db);
  const laidOut = async (m: MailMessage) => applyLayout(m, await brandOf(m.organizationId));
  // A delivered message keeps no body (it may carry a temporary password or a code): only the
  // offline outbox, where the body is the delivery, keeps it.
  const record = (m: MailMessage, driver: string) =>
    insertMailOutbox({
      db: opts.db,
      row: {
        to: m.to,
        subject: m.subject,
        text: driver === 'outbox' ? m.text : '',
        html: driver === 'outbox' ? m.html : null,
        driver,
        organizationRef: m.organizationId,
      },
    });

  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      driver: 'smtp',
      async send(message) {
        const m = await laidOut(message);
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments: m.attachments,
        });
        await record(message, 'smtp');
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      async close() {
        transport.close();
      },
    };
  }

  const dir = path.join(opts.dataDir, 'outbox');
  const writing = path.join(opts.dataDir, 'outbox-writing');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    driver: 'outbox',
    async send(message) {
      const m = await laidOut(message);
      const info = await stream.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments,
      });
      await Promise.all([fs.mkdir(dir, { recursive: true }), fs.mkdir(writing, { recursive: true })]);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      const file = path.join(dir, name);
      // written beside the outbox, then moved in: a reader of the outbox never sees half a mail
      await fs.writeFile(path.join(writing, name), info.message as Buffer);
      await fs.rename(path.join(writing, name), file);
      await record(message, 'outbox');
      opts.log.info({ to: m.to, subject: m.subject, file }, 'mail stored in the local outbox');
    },
    async close() {},
  };
}
