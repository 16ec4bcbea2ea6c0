import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoOrg, type TestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';
import { lastWidgetCode } from '../../../test/widget';
import {
  devices,
  locations,
  organizations,
  prices,
  products,
  settings,
  sizes,
  toolboxSettings,
  transactions,
  users,
} from '../../db/schema';

/*
 * Receipts by e-mail (README "The Lite App"): when a customer's paid storage ends, its receipt goes
 * once to the e-mail they proved at sign-in, in the app's language, the PDF attached; none without
 * a verified e-mail, none when they turned it off, none for a free one.
 */

let t: TestApp;
let orgId: string;
let loc: string;
let paid: string;
let free: string;
let rentalDoor: string;
const base = '/api/customer/demo-org';

beforeAll(async () => {
  t = await createTestApp({ WIDGET_RATE_LIMIT: '1000' });
  orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  await db
    .update(organizations)
    .set({ liteAppEnabled: true, storageMode: true, rentalMode: true })
    .where(eq(organizations.id, orgId));
  await db
    .insert(settings)
    .values({ organizationId: orgId, defaultLanguage: 'es' })
    .onConflictDoUpdate({ target: settings.organizationId, set: { defaultLanguage: 'es' } });
  await db
    .insert(toolboxSettings)
    .values({ organizationId: orgId, liteApp: { sign_in_method: 'email' } })
    .onConflictDoUpdate({
      target: toolboxSettings.organizationId,
      set: { liteApp: { sign_in_method: 'email' } },
    });
  const [l] = await db.insert(locations).values({ organizationId: orgId, name: 'Receipt Quay' }).returning();
  const [s] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'ReceiptPaid', width: '20', depth: '20', height: '20' })
    .returning();
  const [s2] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'ReceiptFree', width: '10', depth: '10', height: '10' })
    .returning();
  const [p] = await db
    .insert(prices)
    .values({
      organizationId: orgId,
      name: 'Receipt hourly',
      priceType: 'pay_per_time',
      amount: '3.00',
      currency: 'eur',
      unitAmount: 1,
      unit: 'hour',
    })
    .returning();
  loc = l!.id;
  paid = s!.id;
  free = s2!.id;
  for (const n of [951, 952, 953, 954])
    await db.insert(devices).values({
      organizationId: orgId,
      name: `Receipt ${n}`,
      lockerNumber: n,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: loc,
      idSize: paid,
      idPrice: p!.id,
    });
  const [drill] = await db
    .insert(products)
    .values({ organizationId: orgId, name: 'Receipt Drill' })
    .returning();
  const [r] = await db
    .insert(devices)
    .values({
      organizationId: orgId,
      name: 'Receipt rental',
      lockerNumber: 970,
      mode: 'rental',
      hardwareType: 'virtual',
      idLocation: loc,
      idSize: free,
      idProduct: drill!.id,
      idPrice: p!.id,
    })
    .returning();
  rentalDoor = r!.id;
  await db.insert(devices).values({
    organizationId: orgId,
    name: 'Receipt free',
    lockerNumber: 960,
    mode: 'storage',
    hardwareType: 'virtual',
    idLocation: loc,
    idSize: free,
  });
});
afterAll(() => t.close());

/** Every mail to `to` in the local outbox (DATA_DIR/outbox), oldest first, parsed. */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
  return mails.filter((m) => JSON.stringify(m.to).includes(to));
}
/** The receipt mails among them (the sign-in code's mails aside). */
const receiptsTo = async (to: string) =>
  (await mailsTo(to)).filter((m) => m.attachments.some((a) => a.contentType === 'application/pdf'));

/** Signs `email` in with the app in `language`; answers the session cookie header. */
async function signInAs(email: string, language: string): Promise<string> {
  const headers = { 'accept-language': language };
  const asked = await t.app.inject({ method: 'POST', url: `${base}/code`, headers, payload: { email } });
  expect(asked.statusCode, asked.body).toBe(202);
  const code = await lastWidgetCode(t, { email });
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/session`,
    headers,
    payload: { email, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `lockerops_customer=${res.cookies.find((c) => c.name === 'lockerops_customer')!.value}`;
}

/** Starts a storage of `size` for the customer; answers its id. */
async function startStorage(cookie: string, size = paid): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/lockers`,
    headers: { cookie },
    payload: { id_location: loc, id_size: size, payment_method: 'pm_card_visa' },
  });
  expect(res.statusCode, res.body).toBe(201);
  // it began two hours ago: its end charges two hours
  await t.database.db
    .update(transactions)
    .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
    .where(eq(transactions.id, res.json().id));
  return res.json().id;
}

const end = (cookie: string, id: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/lockers/${id}/end`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
  });

describe('receipts by e-mail', () => {
  it('mails the receipt once, in the app’s language, with the PDF attached', async () => {
    const cookie = await signInAs('rita@example.test', 'de');
    const other = await signInAs('otto@example.test', 'de');
    const id = await startStorage(cookie);
    const ended = await end(cookie, id, 'end-1');
    expect(ended.statusCode, ended.body).toBe(200);
    // a retried request (same key), a tap after the end and another customer's try
    expect((await end(cookie, id, 'end-1')).statusCode).toBe(200);
    expect((await end(cookie, id, 'end-2')).statusCode).toBe(409);
    expect((await end(other, id)).statusCode).toBe(404);
    const mails = await receiptsTo('rita@example.test');
    expect(mails).toHaveLength(1);
    expect(await receiptsTo('otto@example.test')).toHaveLength(0);
    const mail = mails[0]!;
    const invoice = ended.json().invoice_id;
    expect(mail.subject).toContain('Beleg');
    expect(mail.subject).toContain(invoice);
    expect(mail.text).toContain('Dein Beleg steht unten und liegt als PDF bei.');
    expect(mail.text).toContain(`Rechnung: ${invoice}`);
    expect(mail.text).toContain('Fach: 95');
    expect(mail.text).toContain('Testzahlung (Sandbox)');
    expect(mail.html).toContain('<html lang="de">');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), {
      mergePages: true,
    });
    expect(text).toContain('Beleg');
    expect(text).toContain(invoice);
    expect(text).toMatch(new RegExp(`${Number(ended.json().total).toFixed(2).replace('.', ',')}\\s?€`));
  });

  it("mails the receipt of a priced rental's return", async () => {
    const cookie = await signInAs('rena@example.test', 'en');
    const rented = await t.app.inject({
      method: 'POST',
      url: `${base}/rentals`,
      headers: { cookie },
      payload: { id_devices: [rentalDoor], payment_method: 'pm_card_visa' },
    });
    expect(rented.statusCode, rented.body).toBe(201);
    const id = rented.json().items[0].id;
    await t.database.db
      .update(transactions)
      .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(transactions.id, id));
    const body = multipartBody({}, []);
    const back = await t.app.inject({
      method: 'POST',
      url: `${base}/rentals/${id}/return`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(back.statusCode, back.body).toBe(200);
    const mails = await receiptsTo('rena@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Product: Receipt Drill');
    expect(mails[0]!.text).toContain(`Total: €${Number(back.json().total).toFixed(2)}`);
  });

  it('a double tap on the end mails one receipt', async () => {
    const cookie = await signInAs('dora@example.test', 'en');
    const id = await startStorage(cookie);
    const [a, b] = await Promise.all([end(cookie, id, 'tap-a'), end(cookie, id, 'tap-b')]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    const mails = await receiptsTo('dora@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('receipt');
  });

  it('mails none when the customer turned receipts off, has no e-mail or an unproven one, or paid nothing', async () => {
    // turned off in their details
    const off = await signInAs('nora@example.test', 'en');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `${base}/me`,
      headers: { cookie: off },
      payload: { first_name: 'Nora', receipt_emails: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().receipt_emails).toBe(false);
    expect((await end(off, await startStorage(off))).statusCode).toBe(200);
    expect(await receiptsTo('nora@example.test')).toHaveLength(0);
    // no e-mail any more (the operator cleared it), then one the customer never proved
    const gone = await signInAs('gina@example.test', 'en');
    const db = t.database.db;
    await db.update(users).set({ email: null }).where(eq(users.email, 'gina@example.test'));
    expect((await end(gone, await startStorage(gone))).statusCode).toBe(200);
    await db
      .update(users)
      .set({ email: 'gina.other@example.test' })
      .where(eq(users.verifiedEmail, 'gina@example.test'));
    expect((await end(gone, await startStorage(gone))).statusCode).toBe(200);
    expect(await receiptsTo('gina')).toHaveLength(0);
    // a free storage: nothing charged, no receipt
    const freeOne = await signInAs('fred@example.test', 'en');
    expect((await end(freeOne, await startStorage(freeOne, free))).statusCode).toBe(200);
    expect(await receiptsTo('fred@example.test')).toHaveLength(0);
    // switched on again, in no language of the app's: the organization's default one
    const on = await t.app.inject({
      method: 'PATCH',
      url: `${base}/me`,
      headers: { cookie: off },
      payload: { first_name: 'Nora', receipt_emails: true },
    });
    expect(on.json().receipt_emails).toBe(true);
    await db.update(users).set({ appLanguage: null }).where(eq(users.email, 'nora@example.test'));
    expect((await end(off, await startStorage(off))).statusCode).toBe(200);
    const mails = await receiptsTo('nora@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Tu recibo');
    // the app's language chosen later, with the customer's details
    const german = await t.app.inject({
      method: 'PATCH',
      url: `${base}/me`,
      headers: { cookie: off },
      payload: { first_name: 'Nora', language: 'de' },
    });
    expect(german.statusCode, german.body).toBe(200);
    expect((await end(off, await startStorage(off))).statusCode).toBe(200);
    expect((await receiptsTo('nora@example.test'))[1]!.subject).toContain('Dein Beleg');
  });
});
