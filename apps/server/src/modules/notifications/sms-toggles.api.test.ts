import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoOrg, type TestApp } from '../../../test/helpers';
import { notificationDeliveries, smsOutbox, toolboxSettings } from '../../db/schema';
import { sendDueNotifications } from './service/engine';

let t: TestApp;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await demoOrg(t)).id;
});
afterAll(() => t.close());

const deliver = () =>
  sendDueNotifications({
    db: t.database.db,
    mail: t.app.ctx.mail,
    sms: t.app.ctx.sms,
    log: t.app.log,
    now: () => new Date(Date.now() + 1000),
  });
const queue = async (to: string) => {
  const [row] = await t.database.db
    .insert(notificationDeliveries)
    .values({ organizationId: orgId, channel: 'sms', kind: 'customer', recipient: to, body: 'Your locker' })
    .returning();
  return row!.id;
};
const rowOf = async (id: string) =>
  (await t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id)))[0]!;
const outbox = async (to: string) => t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, to));

describe("notification SMS and the Twilio dialog's 'Enable Alerts and Notifications'", () => {
  it('sends while alerts are on, and fails at once, sending nothing, while they are off', async () => {
    const on = await queue('+14155550101');
    await deliver();
    expect((await rowOf(on)).status).toBe('sent');
    expect(await outbox('+14155550101')).toHaveLength(1);

    await t.database.db.insert(toolboxSettings).values({ organizationId: orgId, twilioAlerts: false });
    const off = await queue('+14155550102');
    const result = await deliver();
    expect(result).toMatchObject({ failed: 1, retried: 0 });
    expect(await rowOf(off)).toMatchObject({
      status: 'failed',
      attempts: 1,
      providerAnswer: TOOLBOX_MESSAGES.smsAlertsOff,
    });
    expect(await outbox('+14155550102')).toHaveLength(0);
  });
});
