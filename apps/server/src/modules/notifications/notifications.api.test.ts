import { NOTIFICATION_MESSAGES as M, TEST_SEND_LIMITS } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { multipartBody, PNG } from '../../../test/multipart';
import { startSmtpSink } from '../../../test/smtp-sink';
import {
  devices,
  locations,
  members,
  notificationDeliveries,
  notifications,
  organizations,
  prices,
  settings,
  sizes,
  smsOutbox,
  transactions,
  users,
} from '../../db/schema';
import { emit } from '../../domain-events';
import { createJobRunner } from '../../jobs';
import { notificationSendJob } from '../../jobs/notification-send';
import { INTERRUPTED_ANSWER, MAX_ATTEMPTS, sendDueNotifications } from './service/engine';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Record<string, string>;
let member: Record<string, string>;
let viewer: Record<string, string>;
let key: Record<string, string>;
let orgId: string;
let memberId: string;
let locationId: string;
let priceId: string;
let locker = 500;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  memberId = (await createMember(t, orgId, { email: 'nm@demo-org.test', role: 'member', firstName: 'Nia' }))
    .id;
  await createMember(t, orgId, { email: 'nv@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'nm@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'nv@demo-org.test'));
  key = {
    'x-api-key': (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin })).json().key,
  };
  [{ id: locationId }] = await one(
    t.database.db
      .insert(locations)
      .values({ organizationId: orgId, name: 'Ferry Building', address: '1 Ferry Plaza' })
      .returning(),
  );
  [{ id: priceId }] = await one(
    t.database.db
      .insert(prices)
      .values({
        organizationId: orgId,
        name: 'Hourly',
        priceType: 'pay_per_time',
        amount: '4.50',
        unitAmount: 1,
        unit: 'hour',
      })
      .returning(),
  );
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

type Json = Record<string, unknown>;
const create = (payload: Json, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/notifications', headers, payload });
const template = (over: Json = {}): Json => ({
  name: 'Welcome',
  mode: 'rental',
  notification_type: 'on_start',
  time_unit: 'immediately',
  email: true,
  message_email: 'Hello {{user_name}}',
  ...over,
});
const deliver = (now: Date) =>
  sendDueNotifications({
    db: t.database.db,
    mail: t.app.ctx.mail,
    sms: t.app.ctx.sms,
    log: t.app.log,
    now: () => now,
  });
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function newUser(name: string) {
  const [u] = await t.database.db
    .insert(users)
    .values({
      organizationId: orgId,
      name,
      email: `${name.toLowerCase()}@people.test`,
      phoneNumber: `+1415555${String(locker).padStart(4, '0')}`,
    })
    .returning();
  return u!;
}
async function storageDoor() {
  const [d] = await t.database.db
    .insert(devices)
    .values({
      organizationId: orgId,
      name: `S${locker}`,
      lockerNumber: locker++,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: locationId,
      idPrice: priceId,
    })
    .returning();
  return d!;
}
/** Sets the organization's contact e-mail and phone (settings' support e-mail and phone). */
async function setContacts(email: string | null, phone: string | null) {
  await t.database.db
    .insert(settings)
    .values({ organizationId: orgId, defaultSupportEmail: email, defaultSupportPhone: phone })
    .onConflictDoUpdate({
      target: settings.organizationId,
      set: { defaultSupportEmail: email, defaultSupportPhone: phone },
    });
}
const sms = async (to: string) =>
  (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, to))).map((r) => r.body);

describe('notification templates', () => {
  it('answers every rule of spec §5 with its message', async () => {
    const bad = async (over: Json) => (await create(template(over))).json().detail;
    expect(await bad({ name: ' ' })).toBe(M.nameRequired);
    expect(await bad({ mode: undefined })).toBe(M.modeRequired);
    expect(await bad({ time_unit: undefined })).toBe(M.unitRequired);
    expect(await bad({ time_unit: 'hour' })).toBe(M.durationPositive);
    expect(await bad({ time_unit: 'hour', time_amount: 0 })).toBe(M.durationPositive);
    expect(await bad({ time_unit: 'hour', time_amount: '1.5' })).toBe(M.durationPositive);
    expect(await bad({ sms: true })).toBe(M.smsRequired);
    expect(await bad({ message_email: '' })).toBe(M.emailRequired);
    expect(await bad({ email: false, message_email: '' })).toBe(M.channelOrMessageRequired);
    expect(await bad({ notification_type: 'on_service_pickup' })).toBe(M.eventNotInMode);
    const unknown = await bad({ message_email: 'Hi {{user_name}}, door {{door_colour}}' });
    expect(unknown).toContain('{{door_colour}}');
    expect(unknown).toContain('e-mail message');
    expect(await bad({ sms: true, message: 'Code {{#pickup_code}}x{{/pickup_code}}' })).toContain(
      'plain variables',
    );
    // unescaped tags would put a customer's raw text into HTML mail
    expect(await bad({ message_email: 'Hi {{{user_name}}}' })).toBe(
      'Only plain variables such as {{user_name}} are allowed in the e-mail message (found {{{user_name}}}).',
    );
    expect(await bad({ message_email: 'Hi {{& user_name}}' })).toBe(
      'Only plain variables such as {{user_name}} are allowed in the e-mail message (found {{& user_name}}).',
    );
    const ok = await create(template({ time_unit: 'immediately', time_amount: 5 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ time_amount: 0, time_unit: 'immediately', is_default: false });
  });

  it('keeps one default per mode and event, also under 10 concurrent writes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        create(
          template({
            name: `Default ${i}`,
            mode: 'delivery',
            notification_type: 'on_expired',
            is_default: true,
          }),
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().detail).toBe(M.defaultExists);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.mode, 'delivery'),
          eq(notifications.notificationType, 'on_expired'),
          eq(notifications.isDefault, true),
        ),
      );
    expect(rows).toHaveLength(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications',
      headers: admin,
      payload: { ids: [rows[0]!.id] },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe(M.defaultNotDeletable);
    // another mode or event may have its own default
    expect(
      (await create(template({ mode: 'delivery', notification_type: 'on_start', is_default: true })))
        .statusCode,
    ).toBe(200);
  });

  it('lists with totals, search and mode; clones; deletes; types', async () => {
    const a = (
      await create(template({ name: 'Zeta pickup', mode: 'storage', notification_type: 'on_complete' }))
    ).json();
    const list = await t.app.inject({
      url: '/api/notifications?page=1&size=10&search=zeta',
      headers: member,
    });
    expect(list.json()).toMatchObject({
      total: 1,
      totals: { page: 1, page_size: 10, total: 1, total_pages: 1 },
    });
    const byMode = (
      await t.app.inject({ url: '/api/notifications?mode=storage&size=100', headers: admin })
    ).json();
    expect(byMode.items.every((n: Json) => n.mode === 'storage')).toBe(true);
    const clone = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${a.id}/clone`,
      headers: member,
    });
    expect(clone.json()).toMatchObject({
      detail: M.cloned,
      notification: { name: 'Zeta pickup (copy)', is_default: false },
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications',
      headers: admin,
      payload: { ids: [clone.json().notification.id] },
    });
    expect(del.json().detail).toBe(M.deleted);
    const types = (await t.app.inject({ url: '/api/types/notification/type', headers: member })).json();
    expect(types.events.delivery).toEqual([
      'on_start',
      'on_reservation',
      'on_complete',
      'non_locker_delivery',
      'on_expired',
    ]);
    expect(types.time_units).toEqual(['immediately', 'minute', 'hour', 'day', 'week']);
    expect(types.variables.map((v: Json) => v.name)).toContain('pickup_code');
  });

  it('uploads header, body and footer images; refuses a file that is not an image', async () => {
    const n = (await create(template({ name: 'With images' }))).json();
    const url = `/api/notifications-service/notifications/${n.id}/upload-images`;
    const good = multipartBody({}, [
      { name: 'header_image', filename: 'h.png', data: PNG },
      { name: 'footer_image', filename: 'f.png', data: PNG },
    ]);
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...admin, ...good.headers },
      payload: good.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().header_s3_url).toMatch(/^\/api\/files\//);
    expect(res.json().footer_s3_url).toMatch(/^\/api\/files\//);
    expect(res.json().body_s3_url).toBeNull();
    const bad = multipartBody({}, [{ name: 'body_image', filename: 'b.png', data: Buffer.from('text') }]);
    const refused = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...admin, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(M.onlyImages);
  });

  it('keeps viewers out, hides other organizations and follows the feature page', async () => {
    expect((await t.app.inject({ url: '/api/notifications', headers: viewer })).statusCode).toBe(403);
    expect((await create(template(), viewer)).statusCode).toBe(403);
    const other = await createOrganization(t, 'Other Notify Org');
    const [theirs] = await t.database.db
      .insert(notifications)
      .values({ organizationId: other.id, name: 'Theirs', mode: 'rental', notificationType: 'on_start' })
      .returning();
    for (const req of [
      { url: `/api/notifications/${theirs!.id}` },
      { method: 'POST' as const, url: `/api/notifications/${theirs!.id}/clone` },
      { url: `/api/notifications/${theirs!.id}/deliveries` },
      {
        method: 'POST' as const,
        url: `/api/notifications/${theirs!.id}/test`,
        payload: { email: 'x@y.test' },
      },
      { method: 'PUT' as const, url: `/api/notifications/${theirs!.id}`, payload: template() },
    ]) {
      expect((await t.app.inject({ ...req, headers: admin })).statusCode).toBe(404);
    }
    await t.database.db
      .update(organizations)
      .set({ notifications: false })
      .where(eq(organizations.id, orgId));
    try {
      expect((await t.app.inject({ url: '/api/notifications', headers: admin })).statusCode).toBe(403);
    } finally {
      await t.database.db
        .update(organizations)
        .set({ notifications: true })
        .where(eq(organizations.id, orgId));
    }
  });
});

describe('sending engine', () => {
  // each case starts from no templates, so one case's templates do not answer another's events
  beforeEach(async () => {
    await t.database.db.delete(notifications).where(eq(notifications.organizationId, orgId));
  });

  it('sends what the templates of a storage rental ask for, each at its delay, with the variables filled', async () => {
    await create(
      template({
        name: 'Storage started',
        mode: 'storage',
        notification_type: 'on_start',
        message_email:
          'Hi {{user_name}}, locker {{locker_number}} at {{location_name}} ({{location_address}}) is yours. {{invoice_id}}',
        location_message: 'Ferry Building closes at 8 PM.',
        locations: [locationId],
        member_message: '{{user_name}} started {{invoice_id}}',
        id_member: memberId,
      }),
    );
    await create(
      template({
        name: 'One hour in',
        mode: 'storage',
        notification_type: 'on_start',
        time_unit: 'hour',
        time_amount: 1,
        after: true,
        email: false,
        sms: true,
        message: 'Locker {{locker_number}}: one hour so far, {{user_name}}.',
      }),
    );
    await create(
      template({
        name: 'Thanks',
        mode: 'storage',
        notification_type: 'on_complete',
        time_unit: 'day',
        time_amount: 2,
        after: true,
        message_email: 'You paid {{amount}} for {{invoice_id}}.',
      }),
    );
    const user = await newUser('Grace');
    const door = await storageDoor();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: key,
      payload: { id_device: door.id, id_user: user.id },
    });
    expect(started.statusCode).toBe(200);
    const ev = started.json().event;
    const queued = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.invoiceId, ev.invoice_id));
    expect(queued.map((q) => `${q.channel}/${q.kind}`).sort()).toEqual([
      'email/customer',
      'email/member',
      'sms/customer',
    ]);

    expect(await deliver(new Date())).toMatchObject({ sent: 2 });
    const mail = sink.received.find((m) => m.to.includes(user.email!))!;
    expect(mail.subject).toBe('Storage started');
    expect(mail.text).toContain(
      `Hi Grace, locker ${door.lockerNumber} at Ferry Building (1 Ferry Plaza) is yours. ${ev.invoice_id}`,
    );
    expect(mail.text).toContain('Ferry Building closes at 8 PM.');
    expect((await sink.next('nm@demo-org.test', 0)).text).toContain(`Grace started ${ev.invoice_id}`);
    expect(await sms(user.phoneNumber!)).toEqual([]);

    expect(await deliver(later(59 * 60))).toMatchObject({ sent: 0 });
    // the SMS goes through the pg-boss worker, on a clock an hour ahead
    const runner = createJobRunner({
      database: t.database,
      databaseUrl: t.database.pool?.options.connectionString,
      log: t.app.log,
      jobs: [notificationSendJob],
      pollingIntervalSeconds: 0.5,
      now: () => later(61 * 60),
      adapters: t.app.ctx,
    });
    await runner.start();
    try {
      expect(await runner.runNow('notification-send')).toBe('completed');
    } finally {
      await runner.stop();
    }
    expect(await sms(user.phoneNumber!)).toEqual([`Locker ${door.lockerNumber}: one hour so far, Grace.`]);

    const pickup = await t.app.inject({
      method: 'POST',
      url: `/api/events/${ev.id}/pickup`,
      headers: key,
      payload: {},
    });
    expect(pickup.statusCode).toBe(200);
    const total = pickup.json().event.total as number;
    expect(await deliver(later(2 * 86_400 - 60))).toMatchObject({ sent: 0 });
    expect(await deliver(later(2 * 86_400 + 60))).toMatchObject({ sent: 1 });
    const thanks = sink.received.filter((m) => m.to.includes(user.email!));
    expect(thanks).toHaveLength(2);
    // the message, then the layout's signature
    expect(thanks[1]!.text.split('\n\n-- \n')[0]).toBe(`You paid $${total.toFixed(2)} for ${ev.invoice_id}.`);
    // nothing is sent twice
    expect(await deliver(later(3 * 86_400))).toMatchObject({ sent: 0 });
    expect(sink.received.filter((m) => m.to.includes(user.email!))).toHaveLength(2);
  });

  it("draws the pickup code a delivery's e-mail shows as its QR code, an inline image", async () => {
    await create(
      template({
        name: 'Parcel waiting',
        mode: 'delivery',
        notification_type: 'non_locker_delivery',
        message_email: 'Your pickup code: {{pickup_code}}',
      }),
    );
    const to = 'qr.recipient@people.test';
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/event/delivery',
      headers: key,
      payload: { email: to },
    });
    expect(made.statusCode).toBe(200);
    const [tr] = await t.database.db.select().from(transactions).where(eq(transactions.email, to));
    expect(await deliver(new Date())).toMatchObject({ sent: 1 });
    const mail = sink.received.find((m) => m.to.includes(to) && m.subject === 'Parcel waiting')!;
    expect(mail.text).toContain(`Your pickup code: ${tr!.pickupCode}`);
    expect(mail.html).toContain(`<img src="cid:pickup-qr@lockerops" data-qr="${tr!.pickupCode}"`);
    expect(mail.attachments).toContainEqual(
      expect.objectContaining({ cid: 'pickup-qr@lockerops', contentType: 'image/png' }),
    );
  });

  it("links a delivery's SMS to the Lite App page of its pickup code's QR code", async () => {
    await create(
      template({
        name: 'Parcel waiting by SMS',
        mode: 'delivery',
        notification_type: 'non_locker_delivery',
        email: false,
        message_email: '',
        sms: true,
        message: 'Code {{pickup_code}}, or show {{pickup_qr_link}} at the screen',
      }),
    );
    const phone = '+13125550142';
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/event/delivery',
      headers: key,
      payload: { phone_number: phone },
    });
    expect(made.statusCode, made.body).toBe(200);
    const [tr] = await t.database.db.select().from(transactions).where(eq(transactions.phoneNumber, phone));
    expect(await deliver(new Date())).toMatchObject({ sent: 1 });
    // the code rides in the fragment of the server's public address: no server receives it
    expect(await sms(phone)).toContain(
      `Code ${tr!.pickupCode}, or show ${t.config.publicUrl}/app/demo-org/qr#${tr!.pickupCode} at the screen`,
    );
    // and the pickup code's own SMS carries the same link on its last line
    expect(await sms(phone)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `Pickup code: ${tr!.pickupCode}\\n${t.config.publicUrl}/app/demo-org/qr#${tr!.pickupCode}$`,
        ),
      ),
    );
  });

  it('retries a failing SMTP server with backoff and sends one mail', async () => {
    const n = (
      await create(
        template({
          name: 'Retry me',
          mode: 'storage',
          notification_type: 'on_start',
          message_email: 'Welcome {{user_name}}',
        }),
      )
    ).json();
    const user = await newUser('Linus');
    const door = await storageDoor();
    sink.rejectNext(2);
    await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: key,
      payload: { id_device: door.id, id_user: user.id },
    });
    const mine = () =>
      t.database.db
        .select()
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.idNotification, n.id),
            eq(notificationDeliveries.recipient, user.email!),
          ),
        );
    expect(await deliver(new Date())).toMatchObject({ retried: 1 });
    const [first] = await mine();
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first!.providerAnswer).toContain('451');
    expect(await deliver(later(10))).toMatchObject({ sent: 0, retried: 0 }); // still backing off (30 s)
    expect(await deliver(later(31))).toMatchObject({ retried: 1 });
    expect(await deliver(later(95))).toMatchObject({ sent: 1 });
    const [done] = await mine();
    expect(done).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sink.count(user.email!)).toBe(1);
    const log = (
      await t.app.inject({ url: `/api/notifications/${n.id}/deliveries`, headers: member })
    ).json();
    expect(log.items[0]).toMatchObject({
      status: 'sent',
      attempts: 3,
      recipient: 'l***@people.test',
      channel: 'email',
    });
    expect(MAX_ATTEMPTS).toBeGreaterThan(3);
  });

  it("sends a reservation reminder one hour before it ends, times in its location's zone", async () => {
    await create(
      template({
        name: 'Ends soon',
        mode: 'storage',
        notification_type: 'on_reservation',
        time_unit: 'hour',
        time_amount: 1,
        before: true,
        email: false,
        sms: true,
        message:
          'Locker {{locker_number}} at {{location_name}}: your reservation {{order_id}} ends {{end_time}}.',
      }),
    );
    await t.app.inject({
      method: 'PUT',
      url: '/api/reservation-settings',
      headers: admin,
      payload: {
        max_rental_time: 52,
        max_rental_time_period: 'week',
        max_reservation_time: 52,
        max_reservation_time_period: 'week',
      },
    });
    const [size] = await t.database.db
      .insert(sizes)
      .values({ organizationId: orgId, name: 'Cube', width: '10', depth: '10', height: '10' })
      .returning();
    const door = await storageDoor();
    await t.database.db.update(devices).set({ idSize: size!.id }).where(eq(devices.id, door.id));
    const user = await newUser('Hedy');
    // the place is in New York (the organization in Chicago): its messages tell New York time
    await t.database.db
      .update(locations)
      .set({ timeZone: 'America/New_York' })
      .where(eq(locations.id, locationId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: admin,
      payload: {
        mode: 'storage',
        tracking_number: 'rsv-77',
        id_location: locationId,
        id_size: size!.id,
        id_device: door.id,
        id_user: user.id,
        start_date: '2030-01-07T14:00:00Z',
        end_date: '2030-01-07T17:00:00Z',
        time_zone: 'America/New_York',
      },
    });
    expect(res.statusCode).toBe(200);
    const [queued] = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.recipient, user.phoneNumber!));
    expect(queued!.sendAfter.toISOString()).toBe('2030-01-07T16:00:00.000Z');
    expect(await deliver(new Date('2030-01-07T15:59:00Z'))).toMatchObject({ sent: 0 });
    expect(await deliver(new Date('2030-01-07T16:00:30Z'))).toMatchObject({ sent: 1 });
    expect(await sms(user.phoneNumber!)).toEqual([
      `Locker ${door.lockerNumber} at Ferry Building: your reservation RSV-77 ends 01/07/2030 12:00 PM EST.`,
    ]);
  });

  it('queues nothing while the organization has the Notifications feature off', async () => {
    const n = (
      await create(template({ name: 'Feature off', mode: 'storage', notification_type: 'on_start' }))
    ).json();
    const user = await newUser('Radia');
    const door = await storageDoor();
    await t.database.db
      .update(organizations)
      .set({ notifications: false })
      .where(eq(organizations.id, orgId));
    try {
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/events/storage',
        headers: key,
        payload: { id_device: door.id, id_user: user.id },
      });
      expect(started.statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(organizations)
        .set({ notifications: true })
        .where(eq(organizations.id, orgId));
    }
    const queued = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.idNotification, n.id));
    expect(queued).toHaveLength(0);
  });

  it('queues nothing when the step that emitted the event rolls back', async () => {
    const n = (
      await create(template({ name: 'Rolled back', mode: 'storage', notification_type: 'on_start' }))
    ).json();
    const user = await newUser('Barbara');
    await expect(
      t.database.db.transaction(async (tx) => {
        await emit({
          tx,
          event: {
            organizationId: orgId,
            name: 'on_start',
            mode: 'storage',
            subject: { type: 'transaction', id: '00000000-0000-4000-8000-000000000000' },
            payload: { id_user: user.id, invoice_id: 'INV-ROLLBACK' },
          },
        });
        const queued = await tx
          .select()
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.idNotification, n.id));
        expect(queued).toHaveLength(1);
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    const after = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.idNotification, n.id));
    expect(after).toHaveLength(0);
  });

  it('never sends twice a message whose worker died mid-send', async () => {
    const n = (
      await create(template({ name: 'Interrupted', mode: 'storage', notification_type: 'on_start' }))
    ).json();
    const user = await newUser('Ken');
    const door = await storageDoor();
    await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: key,
      payload: { id_device: door.id, id_user: user.id },
    });
    // a worker claimed the message and died before recording the answer
    await t.database.db
      .update(notificationDeliveries)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(notificationDeliveries.idNotification, n.id));
    const before = sink.count(user.email!);
    expect(await deliver(new Date())).toMatchObject({ interrupted: 1 });
    const [row] = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.idNotification, n.id));
    expect(row).toMatchObject({ status: 'failed', providerAnswer: INTERRUPTED_ANSWER });
    expect(sink.count(user.email!)).toBe(before);
  });

  it('sends a test with sample data and logs it', async () => {
    const n = (
      await create(
        template({
          name: 'Order {{invoice_id}} complete',
          mode: 'rental',
          notification_type: 'on_complete',
          sms: true,
          message: 'Thanks {{user_name}}',
          message_email: 'Paid {{amount}}',
        }),
      )
    ).json();
    await setContacts('tester@ops.test', '+14155559999');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${n.id}/test`,
      headers: member,
      payload: { email: 'tester@ops.test', phone_number: '+14155559999' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(M.testSent);
    const mail = await sink.next('tester@ops.test', 0);
    expect(mail.subject).toBe('Order INV-000042 complete');
    expect(mail.text.split('\n\n-- \n')[0]).toBe('Paid $12.50');
    expect(await sms('+14155559999')).toEqual(['Thanks Ada Lovelace']);
    const log = (await t.app.inject({ url: `/api/notifications/${n.id}/deliveries`, headers: admin })).json();
    expect(log.total).toBe(2);
    expect(log.items.map((d: Json) => `${d.kind}/${d.status}`)).toEqual(['test/sent', 'test/sent']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/notifications/${n.id}/test`,
          headers: admin,
          payload: {},
        })
      ).json().detail,
    ).toBe(M.testRecipientRequired);
  });
  it("wraps a team member's message in the layout of their language, the text as written", async () => {
    const greta = await createMember(t, orgId, { email: 'greta-n@demo-org.test', role: 'member' });
    await t.database.db.update(members).set({ language: 'de' }).where(eq(members.id, greta.id));
    await create(
      template({
        name: 'Member alert',
        mode: 'storage',
        notification_type: 'on_start',
        email: false,
        member_message: 'Started {{invoice_id}}',
        id_member: greta.id,
      }),
    );
    const user = await newUser('Gus');
    const door = await storageDoor();
    const seen = sink.count('greta-n@demo-org.test');
    await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: key,
      payload: { id_device: door.id, id_user: user.id },
    });
    await deliver(new Date());
    const mail = await sink.next('greta-n@demo-org.test', seen);
    expect(mail.text).toMatch(/^Started INV-/);
    expect(mail.html).toContain('<html lang="de">');
  });

  it("wraps a customer's message in the layout of the organization's default language", async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { default_language: 'es' },
    });
    expect(saved.json().default_language).toBe('es');
    await create(template({ name: 'Customer hello', mode: 'storage', message_email: 'Hola {{user_name}}' }));
    const user = await newUser('Lola');
    const door = await storageDoor();
    const seen = sink.count('lola@people.test');
    await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: key,
      payload: { id_device: door.id, id_user: user.id },
    });
    await deliver(new Date());
    const mail = await sink.next('lola@people.test', seen);
    expect(mail.text).toMatch(/^Hola Lola/);
    expect(mail.html).toContain('<html lang="es">');
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { default_language: 'en' },
    });
  });

  it('mails with the subject of its own, the name when it has none', async () => {
    const made = await create(
      template({
        name: 'Internal: receipt',
        subject: 'Your receipt for {{invoice_id}}',
        message_email: 'Paid',
      }),
    );
    expect(made.statusCode).toBe(200);
    expect(made.json().subject).toBe('Your receipt for {{invoice_id}}');
    const test = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/notifications/${id}/test`,
        headers: admin,
        payload: { email: 'tester@ops.test' },
      });
    let seen = sink.count('tester@ops.test');
    expect((await test(made.json().id)).statusCode).toBe(200);
    expect((await sink.next('tester@ops.test', seen)).subject).toBe('Your receipt for INV-000042');
    // a template saved without a subject (as those made before it existed) mails with its name
    const bare = (await create(template({ name: 'Plain {{invoice_id}}', subject: '  ' }))).json();
    expect(bare.subject).toBeNull();
    seen = sink.count('tester@ops.test');
    await test(bare.id);
    expect((await sink.next('tester@ops.test', seen)).subject).toBe('Plain INV-000042');
    const bad = await create(template({ subject: 'Hi {{nobody}}' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('in the subject');
  });
});

describe('Send test is no relay', () => {
  const testSend = (id: string, payload: Json, headers = member) =>
    t.app.inject({ method: 'POST', url: `/api/notifications/${id}/test`, headers, payload });
  let n: Json;
  beforeAll(async () => {
    n = (await create(template({ name: 'Relay probe', sms: true, message: 'Hi {{user_name}}' }))).json();
    await setContacts('front@ops.test', '+1 (312) 555-0100');
  });
  beforeEach(async () => {
    await t.database.db.delete(notificationDeliveries).where(eq(notificationDeliveries.kind, 'test'));
  });

  it("sends only to the caller's own e-mail or the organization's contacts", async () => {
    for (const payload of [
      { email: 'victim@elsewhere.test' },
      { phone_number: '+19005550199' },
      { email: 'nm@demo-org.test', phone_number: '+447700900123' },
      { email: 'nv@demo-org.test' },
    ]) {
      const res = await testSend(n.id as string, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(M.testRecipientNotAllowed);
    }
    expect(sink.count('victim@elsewhere.test')).toBe(0);
    expect(await sms('+19005550199')).toEqual([]);
    for (const payload of [
      { email: 'NM@demo-org.test' },
      { email: 'front@ops.test' },
      { phone_number: '+13125550100' },
      { email: 'front@ops.test', phone_number: '+13125550100' },
    ]) {
      const res = await testSend(n.id as string, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
    }
  });

  it('limits test messages an hour per team member and per organization (429)', async () => {
    for (let i = 0; i < TEST_SEND_LIMITS.perSenderPerHour; i++) {
      expect((await testSend(n.id as string, { email: 'front@ops.test' })).statusCode).toBe(200);
    }
    const over = await testSend(n.id as string, { email: 'front@ops.test' });
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe(M.testLimitReached);
    // another team member still has their own budget, until the organization's is spent
    const left = TEST_SEND_LIMITS.perOrganizationPerHour - TEST_SEND_LIMITS.perSenderPerHour - 1;
    await t.database.db.insert(notificationDeliveries).values(
      Array.from({ length: left }, () => ({
        organizationId: orgId,
        idNotification: n.id as string,
        channel: 'email' as const,
        kind: 'test' as const,
        recipient: 'front@ops.test',
        body: 'earlier test',
        status: 'sent' as const,
      })),
    );
    expect((await testSend(n.id as string, { email: 'front@ops.test' }, admin)).statusCode).toBe(200);
    const full = await testSend(n.id as string, { email: 'front@ops.test' }, admin);
    expect(full.statusCode).toBe(429);
    expect(full.json().detail).toBe(M.testLimitReached);
    // an hour later the budget is back
    await t.database.db
      .update(notificationDeliveries)
      .set({ createdAt: new Date(Date.now() - 3_601_000) })
      .where(eq(notificationDeliveries.kind, 'test'));
    expect((await testSend(n.id as string, { email: 'front@ops.test' })).statusCode).toBe(200);
  });
});
