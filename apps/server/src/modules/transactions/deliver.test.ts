import { describe, expect, it, vi } from 'vitest';
import type { MailAdapter } from '../../adapters/mail';
import { type SmsAdapter, SmsFailed, SmsTurnedOff } from '../../adapters/sms';
import { deliver } from './steps/lifecycle';

const ORG = '00000000-0000-4000-8000-000000000001';
const adapters = (sms: SmsAdapter['send']) => {
  const mail = { send: vi.fn(async () => {}), driver: 'file' } as unknown as MailAdapter;
  return { sms: { send: vi.fn(sms), driverFor: async () => 'outbox' as const }, mail };
};

describe('deliver (a code to a customer)', () => {
  it('sends by SMS, as a verification message, when there is a phone', async () => {
    const a = adapters(async () => {});
    const to = { phone: '+15550001111', email: 'u@example.test' };
    expect(await deliver(a, ORG, to, 'Subject', 'Code 1234')).toBe(true);
    expect(a.sms.send).toHaveBeenCalledWith({
      to: '+15550001111',
      body: 'Code 1234',
      organizationId: ORG,
      purpose: 'verification',
    });
    expect(a.mail.send).not.toHaveBeenCalled();
  });

  it('falls back to e-mail when the organization turned verification SMS off', async () => {
    const a = adapters(async () => {
      throw new SmsTurnedOff('verification');
    });
    expect(await deliver(a, ORG, { phone: '+15550001111', email: 'u@example.test' }, 'S', 'T')).toBe(true);
    expect(a.mail.send).toHaveBeenCalledWith({
      to: 'u@example.test',
      subject: 'S',
      text: 'T',
      organizationId: ORG,
    });
    expect(await deliver(a, ORG, { phone: '+15550001111', email: null }, 'S', 'T')).toBe(false);
  });

  it('does not switch to e-mail when the provider fails', async () => {
    const a = adapters(async () => {
      throw new SmsFailed('down');
    });
    expect(await deliver(a, ORG, { phone: '+15550001111', email: 'u@example.test' }, 'S', 'T')).toBe(false);
    expect(a.mail.send).not.toHaveBeenCalled();
  });
});
