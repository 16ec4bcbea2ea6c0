import { MSG } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { multipartBody, PNG } from '../../../test/multipart';
import { startSmtpSink } from '../../../test/smtp-sink';
import { feedback, settings } from '../../db/schema';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('POST feedback', () => {
  it('stores feedback with images and mails the support contact', async () => {
    const org = await demoOrg(t);
    await t.database.db
      .update(settings)
      .set({ defaultSupportEmail: 'support@demo-org.test' })
      .where(eq(settings.organizationId, org.id));
    const s = await signIn(t.app);
    const seen = sink.count('support@demo-org.test');
    const body = multipartBody(
      {
        description: 'Door 4 sticks',
        notes: 'since Monday',
        department: 'Customer Support',
        location: 'Main St',
      },
      [{ name: 'images', filename: 'photo.txt', data: PNG }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...bearer(s), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(MSG.feedbackThanks);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, res.json().id));
    expect(row).toMatchObject({
      description: 'Door 4 sticks',
      department: 'Customer Support',
      location: 'Main St',
    });
    expect(row!.images).toHaveLength(1);
    const image = await t.app.inject({ url: row!.images[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const mail = await sink.next('support@demo-org.test', seen);
    expect(mail.text).toContain('Door 4 sticks');
  });

  it("mails the support contact in the organization's default language", async () => {
    const org = await demoOrg(t);
    await t.database.db
      .update(settings)
      .set({ defaultSupportEmail: 'support@demo-org.test', defaultLanguage: 'de' })
      .where(eq(settings.organizationId, org.id));
    try {
      const seen = sink.count('support@demo-org.test');
      const body = multipartBody({ description: 'Tür 7 klemmt', department: 'Finance', device: 'Tür 7' }, []);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { ...bearer(await signIn(t.app)), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      const mail = await sink.next('support@demo-org.test', seen);
      expect(mail.subject).toBe('Neues Feedback');
      for (const line of [
        'Feedback von ',
        'Abteilung: Finanzen',
        'Standort: -',
        'Gerät: Tür 7',
        'Tür 7 klemmt',
      ])
        expect(mail.text).toContain(line);
      expect(mail.text).not.toMatch(/Department|Location|Finance/);
    } finally {
      await t.database.db
        .update(settings)
        .set({ defaultLanguage: 'en' })
        .where(eq(settings.organizationId, org.id));
    }
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const s = await signIn(t.app);
    const body = multipartBody({ description: 'x' }, [
      { name: 'images', filename: 'photo.png', data: Buffer.from('not an image'), type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...bearer(s), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.notImages);
  });

  it('checks description and notes with the spec messages', async () => {
    const s = await signIn(t.app);
    const missing = multipartBody({ notes: 'n' });
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...bearer(s), ...missing.headers },
      payload: missing.payload,
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().detail).toBe(MSG.descriptionRequired);
    const long = multipartBody({ description: 'd'.repeat(201), notes: 'n'.repeat(301) });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...bearer(s), ...long.headers },
      payload: long.payload,
    });
    expect(r2.json().detail).toEqual([MSG.descriptionMax, MSG.notesMax]);
  });

  it('needs a session', async () => {
    const body = multipartBody({ description: 'x' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});
