import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  bearer,
  createMember,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../test/helpers';
import { members } from '../db/schema';

let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp(); // no SMTP_URL: the local outbox writes each mail as an .eml file
  orgId = (await demoOrg(t)).id;
});
afterAll(async () => {
  await t.close();
});

/** The newest mail to `to` in the local outbox (DATA_DIR/outbox), parsed; waits up to 2 s for it. */
async function outboxMail(to: string, after = 0): Promise<ParsedMail & { count: number }> {
  const dir = path.join(t.config.dataDir, 'outbox');
  for (let i = 0; i < 40; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
    const mine = mails.filter((m) => JSON.stringify(m.to).includes(to));
    if (mine.length > after) return Object.assign(mine[mine.length - 1]!, { count: mine.length });
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { host: 'localhost' },
    payload: { email },
  });

describe("system e-mails speak the recipient's saved language", () => {
  it("a German member's password reset code comes in German, with the footer and duration", async () => {
    const m = await createMember(t, orgId, { email: 'greta@demo-org.test', role: 'member' });
    await t.database.db.update(members).set({ language: 'de' }).where(eq(members.id, m.id));
    expect((await forgot('greta@demo-org.test')).statusCode).toBe(200);
    const mail = await outboxMail('greta@demo-org.test');
    expect(mail.subject).toMatch(/Code zum Zurücksetzen des Passworts$/);
    expect(mail.text).toMatch(/Ihr Bestätigungscode für .+ lautet \d{6}\./);
    expect(mail.text).toContain('Er ist 60 Minuten lang gültig');
    expect(mail.html).toMatch(/lautet <strong>\d{6}<\/strong>/);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toMatch(/Diese Nachricht wurde von .+ gesendet\./);
    expect(mail.text).not.toMatch(/verification code/);
  });

  it('an English member (or one who never chose) gets it in English', async () => {
    expect((await forgot(ADMIN_EMAIL)).statusCode).toBe(200);
    const mail = await outboxMail(ADMIN_EMAIL);
    expect(mail.subject).toMatch(/password reset code$/);
    expect(mail.text).toMatch(/verification code is \d{6}\./);
    expect(mail.text).toContain('It is valid for 60 minutes');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toMatch(/This message was sent by /);
  });

  it("a member who never chose a language gets it in the organization's default language", async () => {
    const m = await createMember(t, orgId, { email: 'nolang@demo-org.test', role: 'member' });
    const admin = bearer(await signIn(t.app, ADMIN_EMAIL));
    const put = (default_language: string) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin, payload: { default_language } });
    expect((await put('de')).statusCode).toBe(200);
    expect((await forgot('nolang@demo-org.test')).statusCode).toBe(200);
    const mail = await outboxMail('nolang@demo-org.test');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('60 Minuten');
    // the member's own choice wins over the organization's
    await t.database.db.update(members).set({ language: 'es' }).where(eq(members.id, m.id));
    expect((await forgot('nolang@demo-org.test')).statusCode).toBe(200);
    expect((await outboxMail('nolang@demo-org.test', mail.count)).html).toContain('<html lang="es">');
    expect((await put('en')).statusCode).toBe(200);
  });

  it('a Spanish member gets it in Spanish', async () => {
    const m = await createMember(t, orgId, { email: 'sofia@demo-org.test', role: 'viewer' });
    await t.database.db.update(members).set({ language: 'es' }).where(eq(members.id, m.id));
    expect((await forgot('sofia@demo-org.test')).statusCode).toBe(200);
    const mail = await outboxMail('sofia@demo-org.test');
    expect(mail.text).toMatch(/Su código de verificación de .+ es \d{6}\./);
    expect(mail.text).toContain('60 minutos');
  });

  it("an invitation speaks the organization's default language, not the inviting member's", async () => {
    const admin = await createMember(t, orgId, { email: 'dieter@demo-org.test', role: 'admin' });
    await t.database.db.update(members).set({ language: 'de' }).where(eq(members.id, admin.id));
    const auth = bearer(await signIn(t.app, 'dieter@demo-org.test'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members?email=neu@demo-org.test',
      headers: auth,
      payload: { first_name: 'Nina', role: 'member' },
    });
    expect(res.statusCode).toBeLessThan(300);
    // the organization reads English (its default): the German admin's own choice is theirs alone
    const mail = await outboxMail('neu@demo-org.test');
    expect(mail.subject).toMatch(/team member account$/);
    expect(mail.text).toContain('Hello Nina,');
    expect(mail.html).toContain('<html lang="en">');
  });
});
