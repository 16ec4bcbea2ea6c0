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

  it('accepts exactly what the meter does not call Weak', () => {
    expect(isAcceptablePassword('Abcdefg1!')).toBe(true);
    expect(isAcceptablePassword('Abcdefg1')).toBe(true);
    expect(isAcceptablePassword('abcdefg1')).toBe(true);
    expect(isAcceptablePassword('Abcdefgh')).toBe(true);
    expect(isAcceptablePassword('abcdefgh')).toBe(false);
    expect(isAcceptablePassword('ABCDEFGH!')).toBe(false);
    expect(isAcceptablePassword('Ab1!')).toBe(false);
    for (const pw of ['', 'abc', 'abcdefg1', 'Abcdefghij1!', '12345678', 'Pass word']) {
      expect(isAcceptablePassword(pw)).toBe(passwordStrength(pw) !== 'Weak');
    }
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
