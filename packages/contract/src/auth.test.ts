import { describe, expect, it } from 'vitest';
import { isAcceptablePassword, isHelpdesk, passwordStrength, ZSignInRequest } from './auth';
import { MSG } from './messages';

describe('passwordStrength (spec console §5)', () => {
  it.each([
    ['', 'Weak'],
    ['abcdefgh', 'Weak'],
    ['abcdefg1', 'Medium'],
    ['Abcdefgh', 'Medium'],
    ['Abc1', 'Weak'],
    ['Abcdefgh1!', 'Medium'],
    ['Abcdefghij1!', 'Strong'],
    ['abcdefghij1!', 'Medium'],
  ] as const)('%s is %s', (pw, expected) => {
    expect(passwordStrength(pw)).toBe(expected);
  });

  it('accepts only 8+ characters with upper, lower, digit and special', () => {
    expect(isAcceptablePassword('Abcdefg1!')).toBe(true);
    expect(isAcceptablePassword('Abcdefg1')).toBe(false);
    expect(isAcceptablePassword('abcdefg1!')).toBe(false);
    expect(isAcceptablePassword('Ab1!')).toBe(false);
  });
});

describe('sign-in request', () => {
  it('uses the spec messages', () => {
    const r = ZSignInRequest.safeParse({ email: '', password: '' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain(MSG.emailRequired);
    expect(messages).toContain(MSG.passwordRequired);
    expect(ZSignInRequest.safeParse({ email: 'nope', password: 'x' }).error!.issues[0]!.message).toBe(
      MSG.invalidEmail,
    );
  });

  it('trims the e-mail', () => {
    expect(ZSignInRequest.parse({ email: '  a@b.co ', password: 'x' }).email).toBe('a@b.co');
  });
});

describe('isHelpdesk', () => {
  it('needs the word helpdesk and no name', () => {
    expect(isHelpdesk({ email: 'helpdesk@x.io', first_name: null, name: null })).toBe(true);
    expect(isHelpdesk({ email: 'helpdesk@x.io', first_name: 'Ann' })).toBe(false);
    expect(isHelpdesk({ email: 'ann@x.io' })).toBe(false);
  });
});
