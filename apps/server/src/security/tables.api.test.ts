import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoOrg, type TestApp } from '../../test/helpers';
import { startSmtpSink } from '../../test/smtp-sink';
import { createMailAdapter } from '../adapters/mail';
import { mailOutbox } from '../db/schema';
import { withTenant } from '../tenancy';

/**
 * Finding 8: the request role cannot read the token signing key or the message outboxes
 * (temporary passwords, reset codes), and a delivered e-mail keeps no body.
 */
let t: TestApp;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await demoOrg(t)).id;
});
afterAll(() => t.close());

describe('tables outside the request role', () => {
  it.each(['app_secrets', 'mail_outbox', 'sms_outbox'])('%s is closed to the request role', async (table) => {
    await expect(
      withTenant(t.database.db, orgId, (tx) => tx.execute(sql.raw(`select * from ${table} limit 1`))),
    ).rejects.toThrow();
    await expect(
      withTenant(t.database.db, orgId, (tx) => tx.execute(sql.raw(`delete from ${table} where false`))),
    ).rejects.toThrow();
  });

  it('the owner still reads them (adapters, token keys)', async () => {
    const rows = await t.database.db.execute(sql.raw('select count(*) from app_secrets'));
    expect(rows).toBeDefined();
  });

  it('an e-mail delivered over SMTP keeps recipient and subject, not its body; no .eml is written', async () => {
    const sink = await startSmtpSink();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-mail-'));
    const mail = createMailAdapter({
      smtpUrl: sink.url,
      from: 'noreply@x.test',
      dataDir,
      db: t.database.db,
      log: Fastify({ logger: false }).log,
    });
    try {
      await mail.send({
        to: 'smtp-secret@x.test',
        subject: 'Your account',
        text: 'Temporary password: Xy7!abcd',
      });
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'smtp-secret@x.test'));
      expect(row).toMatchObject({ driver: 'smtp', subject: 'Your account', text: '', html: null });
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      await mail.close();
      await sink.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
