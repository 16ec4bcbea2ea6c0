import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_MESSAGES,
  renderHtml,
  renderText,
  SAMPLE_TEMPLATE_DATA,
  smsSegments,
  templateProblem,
  ZNotificationCreateRequest,
} from './notifications';

describe('notification templates', () => {
  it('accepts the documented variables and names an unknown one', () => {
    expect(templateProblem('Hi {{user_name}}, locker {{locker_number}} {{! a comment }}')).toBeNull();
    expect(templateProblem('Hi {{ user_nam }}', 'SMS message')).toMatch(
      /^Unknown variable \{\{user_nam\}\} in the SMS message/,
    );
    expect(templateProblem('{{#user_name}}x{{/user_name}}')).toMatch(/plain variables/);
    expect(templateProblem('{{> partial}}')).toMatch(/plain variables/);
    expect(templateProblem('Hi {{user_name')).toMatch(/cannot be read/);
  });

  it('renders text without escaping and HTML with escaping', () => {
    const data = { ...SAMPLE_TEMPLATE_DATA, user_name: 'Tom & <Jerry>' };
    expect(renderText('Hi {{user_name}}', data)).toBe('Hi Tom & <Jerry>');
    expect(renderHtml('Hi {{user_name}}', data)).toBe('Hi Tom &amp; &lt;Jerry&gt;');
    expect(renderHtml('Hi {{{user_name}}} {{& user_name}}', data)).toBe(
      'Hi Tom &amp; &lt;Jerry&gt; Tom &amp; &lt;Jerry&gt;',
    );
    expect(templateProblem('Hi {{{user_name}}}')).toMatch(/plain variables.*\{\{\{user_name\}\}\}/);
  });

  it('counts SMS segments (GSM-7 160/153, UCS-2 70/67)', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0 });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ segments: 1, encoding: 'GSM-7' });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2 });
    expect(smsSegments('ü'.repeat(10))).toMatchObject({ encoding: 'GSM-7' });
    expect(smsSegments('😀'.repeat(70))).toMatchObject({ segments: 1, encoding: 'UCS-2', characters: 70 });
    expect(smsSegments('😀'.repeat(71))).toMatchObject({ segments: 2 });
  });

  it('sets the duration to 0 when the unit is immediately', () => {
    const parsed = ZNotificationCreateRequest.parse({
      name: 'x',
      mode: 'rental',
      notification_type: 'on_start',
      time_unit: 'immediately',
      time_amount: '7',
      message: 'Your locker is open',
    });
    expect(parsed.time_amount).toBe(0);
  });

  it('refuses a template with no channel and no message', () => {
    const base = {
      name: 'x',
      mode: 'rental',
      notification_type: 'on_start',
      time_unit: 'immediately',
    } as const;
    const none = ZNotificationCreateRequest.safeParse(base);
    expect(none.success).toBe(false);
    expect(none.error?.issues.map((i) => i.message)).toContain(
      NOTIFICATION_MESSAGES.channelOrMessageRequired,
    );
    expect(ZNotificationCreateRequest.safeParse({ ...base, member_message: 'Door 4 is open' }).success).toBe(
      true,
    );
  });
});
