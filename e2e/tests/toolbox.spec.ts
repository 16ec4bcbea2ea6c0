import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { searchTable, unique } from '../support/console';
import { mailCount, nextCode } from '../support/mail';
import { signedInTenant, subdomainOf, suffix } from '../support/tenants';

/**
 * The toolbox pages of a fresh organization with the Toolbox flag — the reservation widget
 * a customer books through on a phone, the customizer whose colours restyle it, the Twilio dialog,
 * and a webhook endpoint that receives the booking signed with the secret shown once.
 */

type Tenant = Awaited<ReturnType<typeof signedInTenant>>;
const FLAGS = { toolbox: 'true', storage_mode: 'true' };

/** JSON calls as the tenant's owner that throw on a non-2xx answer. */
function tenantApi(request: APIRequestContext, tenant: Tenant) {
  return async <T = Record<string, unknown> & { id: string; name: string }>(
    method: 'get' | 'post' | 'put',
    url: string,
    data?: unknown,
  ): Promise<T> => {
    const res = await request[method](`/api/${url}`, { headers: tenant.headers, data });
    if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url} ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** The tenant's API key, and a public location with one available storage locker of one size. */
async function lockerOf(request: APIRequestContext, tenant: Tenant) {
  const call = tenantApi(request, tenant);
  await call('post', 'api-keys');
  const location = await call('post', 'locations', {
    name: unique('Widget Place'),
    address: '1 Test Street',
    contact_email: 'ops@tenant.test',
    contact_phone: '+14155550100',
  });
  const size = await call('post', 'sizes', { name: unique('Widget Size'), width: 10, depth: 10, height: 10 });
  await call('post', 'devices', {
    name: unique('Widget Door'),
    locker_number: 7,
    mode: 'storage',
    status: 'available',
    hardware_type: 'virtual',
    id_location: location.id,
    id_size: size.id,
  });
  return { call, location, size };
}

const cssOf = (page: Page, selector: string, prop: 'color' | 'backgroundColor') =>
  page.locator(selector).evaluate((el, p) => getComputedStyle(el)[p], prop);

test.describe('toolbox', () => {
  test('a customer books through the embed URL on a phone, styled by the customizer, and the operator sees it', async ({
    page,
    request,
    browser,
  }) => {
    const tenant = await signedInTenant(page, request, 'Widget', FLAGS);
    const { location, size } = await lockerOf(request, tenant);

    await page.goto(`${tenant.origin}/apps-widgets`);
    await page.getByRole('tab', { name: 'Reservation Widget' }).click();
    const urlField = page.getByRole('textbox', { name: 'Embed URL' });
    await expect(urlField).toHaveValue(/\/widget\/[^?]+\?key=pk_/);
    const embedUrl = await urlField.inputValue();
    expect(embedUrl).toContain(`/widget/${subdomainOf(tenant.name)}?key=`);
    await expect(page.getByRole('textbox', { name: 'Embed code' })).toHaveValue(
      new RegExp(`<iframe src="${embedUrl.replace(/[.?]/g, '\\$&')}"`),
    );

    // the customer's phone: the widget in the default colours
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const customer = await phone.newPage();
    await customer.goto(embedUrl);
    await expect(customer.getByRole('heading', { name: /Reserve a locker/ })).toBeVisible();
    expect(await cssOf(customer, 'body', 'backgroundColor')).toBe('rgb(255, 255, 255)');

    // the operator restyles it and allows two days
    await page.getByRole('textbox', { name: 'Primary Color', exact: true }).fill('#2e7d32');
    await page.getByRole('textbox', { name: 'Background Color', exact: true }).fill('#fff8e1');
    await page.getByRole('spinbutton', { name: 'Maximum Reservation Duration' }).fill('2');
    await page.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'Days' }).click();
    await expect(page.getByRole('region', { name: 'Widget preview' })).toHaveCSS(
      'background-color',
      'rgb(255, 248, 225)',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    await customer.reload();
    await expect(customer.locator('#limit')).toHaveText('A reservation can last at most 2 days.');
    expect(await cssOf(customer, 'body', 'backgroundColor')).toBe('rgb(255, 248, 225)');
    expect(await cssOf(customer, 'h1', 'color')).toBe('rgb(46, 125, 50)');
    expect(await cssOf(customer, '#submit', 'backgroundColor')).toBe('rgb(46, 125, 50)');

    // it books a locker on the 360 px screen, nothing wider than the screen
    await customer.getByLabel('Location').selectOption({ label: `${location.name} — 1 Test Street` });
    await customer.getByLabel('Size').selectOption({ label: size.name });
    await customer.getByRole('button', { name: 'Check availability' }).click();
    await expect(customer.getByRole('status')).toContainText('Available.');
    await customer.getByLabel('Name').fill('Wendy Widget');
    // a code to the contact first: read from the local outbox, as the customer reads it
    const email = `wendy-${suffix()}@tenant.test`;
    await customer.getByLabel('E-mail or phone number').fill(email);
    await expect(customer.getByRole('button', { name: 'Book', exact: true })).toBeHidden();
    const seen = await mailCount(email);
    await customer.getByRole('button', { name: 'Send code' }).click();
    await expect(customer.locator('#sent')).toHaveText(
      `We have sent a 6-digit code to ${email}. It is valid for 10 minutes.`,
    );
    const code = await nextCode(email, seen);
    await expect(customer.getByLabel('Code', { exact: true })).toBeFocused();
    // a wrong code is refused with the server's message, and books nothing
    await customer.getByLabel('Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await customer.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(customer.getByRole('alert')).toHaveText(
      'This code is not correct or no longer valid. Please check it or ask for a new code.',
    );
    await customer.getByLabel('Code', { exact: true }).fill(code);
    await customer.getByRole('button', { name: 'Book', exact: true }).click();
    const booked = customer.getByRole('alert');
    await expect(booked).toContainText('Booked! Your tracking number is ');
    await expect(booked).toContainText(`${location.name}, locker 7`);
    const tracking = /tracking number is (\S+)/.exec((await booked.textContent()) ?? '')?.[1];
    expect(tracking).toBeTruthy();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.close();

    // the operator finds it in /reservations
    await page.goto(`${tenant.origin}/reservations`);
    await searchTable(page, tracking!);
    const row = page.getByRole('row').filter({ hasText: tracking! });
    await expect(row).toBeVisible();
    await expect(row).toContainText(location.name);
  });

  test('the Twilio dialog saves the account and afterwards shows only the last 4 characters of the token', async ({
    page,
    request,
  }) => {
    const tenant = await signedInTenant(page, request, 'Twilio', FLAGS);
    const token = `e2eAuthToken${suffix()}Qz9w`;
    const sid = `AC${'0123456789abcdef'.repeat(2)}`;
    await page.goto(`${tenant.origin}/integrations`);
    const card = page.getByRole('article', { name: 'Twilio' });
    await expect(page.getByRole('article', { name: 'Zendesk' }).getByRole('button')).toHaveText(
      'Coming Soon',
    );
    await card.getByRole('button', { name: 'Activate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Twilio' });
    await dialog.getByLabel('Account SID').fill(sid);
    await dialog.getByLabel('Auth Token').fill(token);
    await dialog.getByLabel('Sender Number').fill('+14155550100');
    // the spec's two toggles beside the credentials, both on to begin with
    await expect(dialog.getByRole('switch', { name: 'Enable Verification and Identity' })).toBeChecked();
    await dialog.getByRole('switch', { name: 'Enable Alerts and Notifications' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Twilio settings saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Deactivate' })).toBeVisible();

    await page.reload();
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog.getByLabel('Account SID')).toHaveValue(sid);
    await expect(dialog.getByLabel('Auth Token')).toHaveValue('');
    await expect(dialog.getByText('Saved token ending in Qz9w. Leave empty to keep it.')).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Enable Alerts and Notifications' })).not.toBeChecked();
    expect(await page.content()).not.toContain(token.slice(0, -4));
    const saved = await tenantApi(request, tenant)<Record<string, unknown>>('get', 'integrations/twilio');
    expect(saved).toEqual({
      configured: true,
      account_sid: sid,
      auth_token_last4: 'Qz9w',
      from: '+14155550100',
      verification_enabled: true,
      alerts_enabled: false,
    });
  });

  test('a webhook endpoint shows its secret once and receives a widget booking signed with it', async ({
    page,
    request,
  }) => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const tenant = await signedInTenant(page, request, 'Hooks', FLAGS);
      const { call, location, size } = await lockerOf(request, tenant);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tenant.origin });

      await page.goto(`${tenant.origin}/apis`);
      const section = page.getByRole('region', { name: 'Webhooks' });
      await section.getByRole('button', { name: 'Add Endpoint' }).click();
      const form = page.getByRole('dialog', { name: 'Add Webhook Endpoint' });
      await form.getByLabel('URL').fill(hookUrl);
      await form.getByLabel('Description').fill('Booking system');
      await form.getByRole('checkbox', { name: 'on_reservation' }).check();
      await form.getByRole('button', { name: 'Save' }).click();
      const shown = page.getByRole('dialog', { name: 'Signing secret' });
      const secretField = shown.getByRole('textbox', { name: 'Signing Secret' });
      await expect(secretField).toHaveValue(/^whsec_/);
      const secret = await secretField.inputValue();
      await shown.getByRole('button', { name: 'Copy Signing Secret' }).click();
      await expect(shown.getByText('Copied!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();
      const row = section.getByRole('row').filter({ hasText: hookUrl });
      await expect(row).toContainText('Booking system');
      await expect(row).toContainText('on_reservation');
      await expect(row.getByRole('switch', { name: `Enabled ${hookUrl}` })).toBeChecked();
      // shown once: neither the page nor a reload nor the list has it again
      expect(await page.content()).not.toContain(secret);
      await page.reload();
      await expect(section.getByRole('row').filter({ hasText: hookUrl })).toBeVisible();
      expect(await page.content()).not.toContain(secret);

      // a customer books through the widget's API; the endpoint receives it, signed with that secret
      const widget = await call<{ embed_url: string }>('get', 'apps/widget');
      const key = new URL(widget.embed_url).searchParams.get('key')!;
      const start = new Date(Date.now() + 3_600_000);
      const seen = await mailCount('hank@tenant.test');
      const asked = await request.post(
        `/api/widget/${subdomainOf(tenant.name)}/verification?key=${encodeURIComponent(key)}`,
        { data: { email: 'hank@tenant.test' } },
      );
      expect(asked.status()).toBe(202);
      const booking = await request.post(
        `/api/widget/${subdomainOf(tenant.name)}/reservations?key=${encodeURIComponent(key)}`,
        {
          data: {
            id_location: location.id,
            id_size: size.id,
            start: start.toISOString(),
            end: new Date(start.getTime() + 3_600_000).toISOString(),
            name: 'Hank Hook',
            email: 'hank@tenant.test',
            verification_code: await nextCode('hank@tenant.test', seen),
          },
        },
      );
      expect(booking.status()).toBe(201);
      const { tracking_number } = await booking.json();
      await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
      const first = received[0]!;
      const id = String(first.headers['webhook-id']);
      const ts = String(first.headers['webhook-timestamp']);
      const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(`${id}.${ts}.${first.body}`)
        .digest('base64');
      expect(String(first.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
      const payload = JSON.parse(first.body);
      expect(payload.type).toBe('on_reservation');
      expect(payload.data.payload.tracking_number).toBe(tracking_number);

      // the delivery log shows it; Replay sends it again under the same webhook-id
      await row.getByRole('button', { name: `Deliveries ${hookUrl}` }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      const attempt = log.getByRole('row').filter({ hasText: 'on_reservation' });
      await expect(attempt).toHaveCount(1);
      await expect(attempt).toContainText('200');
      await expect(attempt).toContainText('Succeeded');
      await expect(attempt).toContainText('thanks');
      await attempt.getByRole('button', { name: 'Replay' }).click();
      await expect(page.getByText('Delivery queued again.')).toBeVisible();
      await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
      expect(received[1]!.headers['webhook-id']).toBe(id);
    } finally {
      receiver.close();
    }
  });
});
