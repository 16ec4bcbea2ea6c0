import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { makeOrganization, makeTokens, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('route guards', () => {
  it('sends an unauthenticated user to /auth/login', async () => {
    const { router } = renderApp('/locations');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a user still pending a new password to /auth/login', async () => {
    sessionStore.pending({ email: 'new@demo-org.test', challenge: 'NEW_PASSWORD_REQUIRED', session: 's' });
    const { router } = renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('redirects / to /home for a signed-in user', async () => {
    sessionStore.signedIn(makeTokens(makeUser('member')));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('redirects a viewer from a restricted page to /home', async () => {
    sessionStore.signedIn(makeTokens(makeUser('viewer')));
    const { router } = renderApp('/locations');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('lets a viewer open Transactions', async () => {
    sessionStore.signedIn(makeTokens(makeUser('viewer')));
    renderApp('/transactions');
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
  });

  it('redirects a page whose feature the organization lacks, and opens it when on', async () => {
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    const first = renderApp('/pay-per');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    first.unmount();
    renderApp('/pay-per', makeOrganization(['pricing']));
    expect(await screen.findByRole('heading', { name: 'Pay-per' })).toBeInTheDocument();
  });

  it('sends unknown paths, also under /auth, to /auth/404', async () => {
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByText('This page could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await act(() => router.navigate('/auth/nope'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/404'));
  });
});
