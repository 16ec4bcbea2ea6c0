import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { multipartBody, pngImage } from '../../../test/multipart';
import { startSmtpSink } from '../../../test/smtp-sink';
import { reports } from '../../db/schema';
import { sendDueReports } from '../../modules/reports/service/send-job';
import { applyLayout, PRODUCT_BRAND, textToHtml } from './layout';

/** Sets the demo organization's white label: display name, colours and a logo. */
async function brand(t: TestApp) {
  const admin = bearer(await signIn(t.app));
  const white = await t.app.inject({
    method: 'PATCH',
    url: '/api/white-label',
    headers: admin,
    payload: { app_name: 'Harbor Lockers Co.', primary_color: '#0b6e4f', secondary_color: '#f2a541' },
  });
  expect(white.statusCode).toBe(200);
  const body = multipartBody({}, [
    { name: 'image', filename: 'logo.png', data: pngImage(40, 20, () => [242, 165, 65]) },
  ]);
  const logo = await t.app.inject({
    method: 'PATCH',
    url: '/api/white-label/logo',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  expect(logo.statusCode).toBe(200);
  return admin;
}

const forgot = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { host: 'localhost' },
    payload: { email: ADMIN_EMAIL },
  });

describe('one e-mail layout in the organization brand', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Record<string, string>;
  let newbie: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
    admin = await brand(t);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const expectBranded = (m: Awaited<ReturnType<typeof sink.next>>) => {
    expect(m.html).toContain('Harbor Lockers Co.');
    expect(m.html).toContain('background:#0b6e4f');
    expect(m.html).toContain('background:#f2a541');
    expect(m.html).toMatch(/<img src="cid:brand-logo@lockerops"/);
    expect(m.attachments).toContainEqual(
      expect.objectContaining({ cid: 'brand-logo@lockerops', contentType: 'image/png' }),
    );
    expect(m.text).toMatch(/\n-- \nHarbor Lockers Co\.\n?$/);
  };

  it('a mail with its own HTML (password reset) keeps it inside the layout', async () => {
    const seen = sink.count(ADMIN_EMAIL);
    expect((await forgot(t)).statusCode).toBe(200);
    const m = await sink.next(ADMIN_EMAIL, seen);
    expectBranded(m);
    expect(m.html).toMatch(/verification code is <strong>\d{6}<\/strong>/);
    expect(m.text).toMatch(/verification code is \d{6}\./);
  });

  it('a text-only mail (team member invitation) gets the layout and its text as paragraphs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/members?email=${encodeURIComponent('newbie@demo-org.test')}`,
      headers: admin,
      payload: { first_name: 'Nia', last_name: 'Bell', role: 'member' },
    });
    expect(res.statusCode, res.body).toBe(200);
    newbie = res.json().user_id; // a team member's id (spec operational §3)
    const m = await sink.next('newbie@demo-org.test', 0);
    expectBranded(m);
    expect(m.html).toMatch(/<p style="margin:0 0 16px">/);
    expect(m.html).toMatch(/<a href="http/);
  });

  it('the scheduled report mail is laid out the same, with its figures and attachments', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: admin,
      payload: {
        name: 'Layout weekly',
        contents: ['earnings'],
        assign_to: [newbie],
        recurrence: 'weekly',
        weekday: 0,
        send_time: '09:00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db
      .update(reports)
      .set({ nextDueAt: new Date('2026-03-02T09:00:00Z') })
      .where(eq(reports.id, res.json().id));
    const seen = sink.count('newbie@demo-org.test');
    const out = await sendDueReports({
      db: t.database.db,
      mail: t.app.ctx.mail,
      storage: t.app.ctx.storage,
      log: t.app.log,
      now: () => new Date('2026-03-02T09:00:00Z'),
    });
    expect(out.sent).toBe(1);
    const m = await sink.next('newbie@demo-org.test', seen);
    expectBranded(m);
    expect(m.html).toContain('Layout weekly');
    expect(m.text).toContain('Earnings: $0.00');
    expect(m.attachments.map((a) => a.contentType).sort()).toEqual([
      'application/pdf',
      'image/png',
      'text/csv',
    ]);
  });
});

describe('the local outbox keeps the laid-out message (.eml)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await brand(t);
  });
  afterAll(() => t.close());

  it('writes an .eml with a plain-text part and the branded HTML part', async () => {
    expect((await forgot(t)).statusCode).toBe(200);
    const dir = path.join(t.config.dataDir, 'outbox');
    // read until the file is whole (it ends with the HTML part)
    let eml = '';
    for (let i = 0; i < 100 && !eml.includes('</html>'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
      eml = files[0] ? fs.readFileSync(path.join(dir, files[0]), 'utf8').replace(/=\r?\n/g, '') : '';
    }
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toMatch(/Content-Id: <brand-logo@lockerops>/i);
    expect(eml).toContain('Harbor Lockers Co.');
  });
});

describe('applyLayout', () => {
  it('escapes the text, links addresses and signs the plain part with the brand', () => {
    const m = applyLayout(
      { to: 'a@b.test', subject: 'Hi <there>', text: 'Line <1>\nline 2\n\nSee https://x.test/a?b=1' },
      PRODUCT_BRAND,
    );
    expect(m.html).toContain('<title>Hi &lt;there&gt;</title>');
    expect(m.html).toContain('Line &lt;1&gt;<br>line 2');
    expect(m.html).toContain('<a href="https://x.test/a?b=1"');
    expect(m.text).toBe('Line <1>\nline 2\n\nSee https://x.test/a?b=1\n\n-- \nLockerops\n');
    expect(m.attachments).toEqual([]);
    expect(textToHtml('a\n\n\nb', '#000')).toBe(
      '<p style="margin:0 0 16px">a</p>\n<p style="margin:0 0 16px">b</p>',
    );
  });
});
