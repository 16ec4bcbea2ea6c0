import { MSG } from '@lockerops/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { isStrongEnough, passwordMatchHint } from '../../components/PasswordStrengthMeter';
import { renderApp } from '../../test/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('password strength and match hint', () => {
  it('blocks Weak passwords only', () => {
    expect(isStrongEnough('')).toBe(false);
    expect(isStrongEnough('short1A')).toBe(false);
    expect(isStrongEnough('alllowercase')).toBe(false);
    expect(isStrongEnough('Password1')).toBe(true);
    expect(isStrongEnough('Str0ng!Passw0rd')).toBe(true);
  });

  it('hints whether the confirmation matches', () => {
    expect(passwordMatchHint('abc', '')).toBeNull();
    expect(passwordMatchHint('abc', 'abd')).toEqual({ text: MSG.passwordsDoNotMatch, ok: false });
    expect(passwordMatchHint('abc', 'abc')).toEqual({ text: MSG.passwordsMatch, ok: true });
  });
});

describe('/auth/welcome', () => {
  it('shows the rule, the meter, the match hint, and blocks submit while Weak', async () => {
    sessionStore.pending({ email: 'new@demo-org.test', challenge: 'NEW_PASSWORD_REQUIRED', session: 's' });
    renderApp('/auth/welcome');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^New Password/);
    expect(screen.getByText(MSG.passwordRuleHint)).toBeInTheDocument();

    await user.type(password, 'weak');
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'Str0ng!Passw0rd');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();

    const confirm = screen.getByLabelText(/^Confirm Password/);
    await user.type(confirm, 'Str0ng!');
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    await user.type(confirm, 'Passw0rd');
    expect(screen.getByText(MSG.passwordsMatch)).toBeInTheDocument();
  });

  it('sends a visitor without a pending challenge to the login page', async () => {
    renderApp('/auth/welcome');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
